import Foundation

/// Where the glue (the UIKit controller, the SwiftUI modifier's session)
/// puts the work it defers: a later turn of the main queue, and a tick
/// that repeats until released.
///
/// In an app it is ``mainQueue``, and nothing else ever is: the type is
/// not public, and an app can neither see nor set ``current``. A test
/// that plays UIKit by hand (the stand-in's differentials) sets a
/// scheduler it turns itself, so that what the glue deferred runs exactly
/// when the test says, with no run loop and no clock.
///
/// Rules every scheduler keeps:
/// - work handed to ``nextTurn`` runs after the caller returns, never
///   inside the call, and in the order it was handed;
/// - a tick from ``repeating(_:_:)`` first comes a period after the call,
///   then every period, until the ``GlueTicker`` returned is released;
///   none comes after.
@MainActor
package struct GlueScheduler {
    /// Runs `work` on a later turn of the main queue, after everything
    /// queued before it.
    package var nextTurn: @MainActor (_ work: @escaping @MainActor @Sendable () -> Void) -> Void
    /// Calls `tick` every `seconds` on the main actor until the returned
    /// ticker is released.
    package var repeating: @MainActor (_ seconds: Double, _ tick: @escaping @MainActor @Sendable () -> Void) -> GlueTicker

    package init(
        nextTurn: @escaping @MainActor (_ work: @escaping @MainActor @Sendable () -> Void) -> Void,
        repeating: @escaping @MainActor (_ seconds: Double, _ tick: @escaping @MainActor @Sendable () -> Void) -> GlueTicker
    ) {
        self.nextTurn = nextTurn
        self.repeating = repeating
    }

    /// The main queue's next turn, and a timer source on the main queue.
    ///
    /// Both run in the main run loop's common modes in an app (the main
    /// run loop drains the main queue there), so a tick also comes while
    /// the user scrolls, and neither waits on Swift's cooperative thread
    /// pool, which an app's blocking work can fill. A display link is not
    /// used: it calls a selector of an Objective-C target, and Linux, where
    /// the glue runs against the UIKit stand-in, has no Objective-C
    /// runtime; a poll needs no frame-synchronised callback.
    package static let mainQueue = GlueScheduler(nextTurn: onTheMainQueue, repeating: timerOnTheMainQueue)

    private static func onTheMainQueue(_ work: @escaping @MainActor @Sendable () -> Void) {
        DispatchQueue.main.async { work() }
    }

    private static func timerOnTheMainQueue(_ seconds: Double, _ tick: @escaping @MainActor @Sendable () -> Void) -> GlueTicker {
        let timer = DispatchSource.makeTimerSource(queue: .main)
        timer.schedule(deadline: .now() + seconds, repeating: seconds)
        timer.setEventHandler(handler: onTheMainActor(tick))
        timer.resume()
        return GlueTicker(stop: timer.cancel)
    }

    /// `tick` as a timer's handler, which the main queue calls: written
    /// outside the main actor, so that the handler is plain code that
    /// asserts where it runs, whether or not the SDK's handler type is
    /// `@Sendable`.
    private nonisolated static func onTheMainActor(_ tick: @escaping @MainActor @Sendable () -> Void) -> DispatchSourceHandler {
        { MainActor.assumeIsolated { tick() } }
    }

    /// The scheduler the glue uses: ``mainQueue``, unless a test has set
    /// another.
    package static var current = mainQueue
}

/// A repeating tick of a ``GlueScheduler``: releasing it stops the ticks.
package final class GlueTicker {
    private let stop: () -> Void

    /// A ticker that calls `stop` when released.
    package init(stop: @escaping () -> Void) {
        self.stop = stop
    }

    deinit {
        stop()
    }
}
