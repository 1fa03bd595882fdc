import Foundation
import UIKit

/// Turning the main run loop, as UIKit's main thread does between events.
///
/// The glue defers some of its work to later turns (a block on the main
/// queue, a timer), and the stand-in may notify observers on a later turn
/// (``UIKit/UIKitReadings/observersNotifiedInsideTheSetter``). A bridge that
/// plays an event and reads the result must let those turns happen first.
/// That works only outside a job of the main queue: a nested run of the run
/// loop inside a job does not run the blocks queued on the main queue
/// meanwhile. So a main-actor test hands its work to ``run(_:)``, which runs
/// it in a callout of the run loop (a timer), where nested turns do.
@MainActor
package enum MainRunLoop {
    /// Runs `body` in a callout of the main run loop and returns what it
    /// returned. The main thread must be turning the run loop (the stand-in's
    /// runner does).
    package static func run<T: Sendable>(_ body: @escaping @MainActor () -> T) async -> T {
        await withCheckedContinuation { (done: CheckedContinuation<T, Never>) in
            let timer = Timer(timeInterval: 0, repeats: false) { _ in
                MainActor.assumeIsolated { done.resume(returning: body()) }
            }
            RunLoop.main.add(timer, forMode: .common)
        }
    }

    /// Turns the main run loop until the deferred work of the code that
    /// reacts to UIKit (the glue, a recorder) is done. Such code can queue
    /// work only in reaction to something the stand-in delivered
    /// (``UIKit/UIKitStandIn/deliveries``; `since` is the count before the
    /// event was played), or in work queued so: so when anything was
    /// delivered, the loop turns until a turn delivers nothing, then once
    /// more for what that turn's work queued. A turn queues a block on the
    /// main queue and runs the loop until it has run (the main queue runs
    /// its blocks in order, so everything queued before it has run too);
    /// timers due meanwhile fire.
    package static func settle(since: Int) {
        guard UIKitStandIn.deliveries != since else { return }
        var seen: Int
        repeat {
            seen = UIKitStandIn.deliveries
            turn()
        } while UIKitStandIn.deliveries != seen
        turn()
    }

    /// One turn: everything queued on the main queue so far runs.
    package static func turn() {
        var reached = false
        DispatchQueue.main.async { reached = true }
        while !reached { _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.01)) }
    }
}
