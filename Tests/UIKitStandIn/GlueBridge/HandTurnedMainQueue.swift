import KeyboardAvoidanceFoundation
import UIKit

/// The main queue and the clock, turned by hand: what the glue defers
/// (``KeyboardAvoidanceFoundation/GlueScheduler``), what the stand-in's
/// UIKit does on a later turn (``UIKit/UIKitStandIn/nextTurn``) and what a
/// recorder observes after an event (``recorderScheduler``) all wait here
/// until a bridge lets them run. So a differential plays an event, runs
/// what it queued, and reads the result, with no run loop turning and no
/// time passing unless it says so.
///
/// Rules, as the main queue and a clock keep them:
/// - work runs in the order it was queued, and work queued while work
///   runs goes to the back (``settle()`` runs until nothing is left);
/// - a tick comes a period after its ticker was made, then every period,
///   as ``advance(by:)`` moves the clock past it (each time the clock
///   passes, in time order, each followed by the work it queued); a
///   released ticker never ticks again;
/// - nothing runs unless ``settle()`` or ``advance(by:)`` is called.
@MainActor
package final class HandTurnedMainQueue {
    private var queued: [@MainActor () -> Void] = []
    /// Nanoseconds since the queue was installed: whole numbers, so that
    /// 0.09 s and then 0.01 s make exactly the 0.1 s a ticker waits for.
    private var clock: UInt64 = 0
    /// Seconds since the queue was installed.
    package var now: Double { Double(clock) / 1e9 }
    private var tickers: [Ticking] = []

    private struct Ticking {
        weak var ticker: GlueTicker?
        var start: UInt64
        var period: UInt64
        var ticks: UInt64 = 0
        var tick: @MainActor @Sendable () -> Void
        /// A whole number of periods from the start.
        var due: UInt64 { start + period * (ticks + 1) }
    }

    /// `seconds` on the clock, to the nanosecond.
    private static func nanoseconds(_ seconds: Double) -> UInt64 { UInt64((seconds * 1e9).rounded()) }

    /// The queue installed now (by ``run(_:)``), if any.
    private static var installed: HandTurnedMainQueue?

    /// Runs `body` with a fresh queue installed as the glue's scheduler
    /// and the stand-in's later turns, then runs what is left and puts back
    /// what was there. Called inside another's `body`, it runs `body` with
    /// that queue: one queue at a time.
    package static func run<T>(_ body: (HandTurnedMainQueue) throws -> T) rethrows -> T {
        if let installed { return try body(installed) }
        let queue = HandTurnedMainQueue()
        let glue = GlueScheduler.current, standIn = UIKitStandIn.nextTurn
        installed = queue
        GlueScheduler.current = GlueScheduler(
            nextTurn: { [unowned queue] work in queue.enqueue(work) },
            repeating: { [unowned queue] period, tick in
                precondition(nanoseconds(period) > 0, "a tick needs a period")
                let ticker = GlueTicker(stop: {})
                queue.tickers.append(Ticking(ticker: ticker, start: queue.clock, period: nanoseconds(period), tick: tick))
                return ticker
            })
        UIKitStandIn.nextTurn = { [unowned queue] work in queue.enqueue(work) }
        defer {
            queue.settle()
            GlueScheduler.current = glue
            UIKitStandIn.nextTurn = standIn
            installed = nil
        }
        return try body(queue)
    }

    /// The installed queue; a bridge that settles must run inside
    /// ``run(_:)``.
    package static var current: HandTurnedMainQueue {
        guard let installed else { preconditionFailure("no hand-turned main queue: run the glue inside HandTurnedMainQueue.run") }
        return installed
    }

    /// A recorder's scheduler that queues here
    /// (`KeyboardTraceRecorder.ObservationScheduler`): a recorder in the
    /// stand-in is handed events on the main actor only.
    package var recorderScheduler: @Sendable (@escaping @Sendable () -> Void) -> Void {
        { [unowned self] work in MainActor.assumeIsolated { self.enqueue(work) } }
    }

    /// Queues `work` behind everything queued before it: the one way in,
    /// for the glue, the stand-in's UIKit and a recorder alike.
    private func enqueue(_ work: @escaping @MainActor () -> Void) {
        queued.append(work)
    }

    /// How much work waits.
    package var waiting: Int { queued.count }

    /// Runs what is queued, and what that queues, until nothing is left,
    /// each time the queue empties ending the turn as UIKit does
    /// (``UIKit/UIKitStandIn/turnEnded()``: its layout pass may queue more).
    /// Time does not pass.
    /// (The queue holds a few blocks at a time: taking from its front is
    /// cheap.)
    package func settle() {
        repeat {
            while !queued.isEmpty {
                let work = queued.removeFirst()
                work()
            }
            UIKitStandIn.turnEnded()
        } while !queued.isEmpty
    }

    /// Moves the clock `seconds` on: each tick due by then comes in time
    /// order (ties in the order the tickers were made), each followed by
    /// what it queued; then the clock stands at the new time.
    package func advance(by seconds: Double) {
        precondition(seconds >= 0, "time runs forward")
        settle()
        let end = clock + Self.nanoseconds(seconds)
        while true {
            tickers.removeAll { $0.ticker == nil }
            guard let i = tickers.indices.min(by: { tickers[$0].due < tickers[$1].due }), tickers[i].due <= end else { break }
            clock = tickers[i].due
            tickers[i].ticks += 1
            let tick = tickers[i].tick
            tick()
            settle()
        }
        clock = end
    }
}
