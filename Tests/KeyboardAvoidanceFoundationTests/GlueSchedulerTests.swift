import Dispatch
import KeyboardAvoidanceFoundation
import Testing

/// The scheduler an app's glue defers to (``GlueScheduler/mainQueue``), and
/// the hop that decides whether an observer is on the main queue, run under
/// Swift Testing's own runner: there the main actor's jobs are the main
/// queue's, run by a thread that is not the process's main thread.
@MainActor
@Suite("The glue's scheduler and the main-queue hop")
struct GlueSchedulerTests {
    /// Waits, suspended, until `done` holds, for at most `seconds`: the
    /// main queue runs meanwhile. Each pause is the main queue's own
    /// (`asyncAfter`), not `Task.sleep`, whose wake-up waits for a thread of
    /// the cooperative pool, which the suite's other tests keep busy.
    func wait(upTo seconds: Double, until done: () -> Bool) async {
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(seconds * 1e9)
        while !done() && DispatchTime.now().uptimeNanoseconds < deadline { await pause(0.001) }
    }

    func pause(_ seconds: Double) async {
        await withCheckedContinuation { (resumed: CheckedContinuation<Void, Never>) in
            DispatchQueue.main.asyncAfter(deadline: .now() + seconds) { resumed.resume() }
        }
    }

    @Test func theNextTurnComesAfterTheCallerInOrder() async {
        var ran: [Int] = []
        let scheduler = GlueScheduler.mainQueue
        scheduler.nextTurn { ran.append(1) }
        scheduler.nextTurn { ran.append(2) }
        ran.append(0)
        #expect(ran == [0])
        await wait(upTo: 10) { ran.count == 3 }
        #expect(ran == [0, 1, 2])
    }

    @Test func ticksRepeatUntilTheTickerIsReleased() async {
        var ticks = 0
        var ticker: GlueTicker? = GlueScheduler.mainQueue.repeating(0.005) { ticks += 1 }
        #expect(ticks == 0, "the first tick comes a period later")
        await wait(upTo: 10) { ticks >= 3 }
        #expect(ticks >= 3)
        _ = ticker
        ticker = nil
        let atRelease = ticks
        await pause(0.05)
        #expect(ticks == atRelease, "no tick after the release")
    }

    /// The first tick comes a whole period after the ticker starts, not
    /// at once: a poll of one second first ticks a second or more after it
    /// started. (Timed from inside the tick: a busy main queue may run the
    /// tick late, never early.)
    @Test func theFirstTickComesAPeriodLater() async {
        var firstTick: UInt64?
        let start = DispatchTime.now().uptimeNanoseconds
        let ticker = GlueScheduler.mainQueue.repeating(1) {
            if firstTick == nil { firstTick = DispatchTime.now().uptimeNanoseconds }
        }
        await wait(upTo: 60) { firstTick != nil }
        let elapsed = firstTick.map { Double($0 - start) / 1e9 }
        #expect(elapsed.map { $0 >= 0.99 } == true, "the first tick after \(elapsed.map { "\($0) s" } ?? "no tick")")
        _ = ticker
    }

    @Test func theMainActorIsOnTheMainQueueAndAWorkerIsNot() async {
        #expect(MainActorHop.isOnTheMainQueue)
        let elsewhere = await withCheckedContinuation { done in
            DispatchQueue.global().async { done.resume(returning: MainActorHop.isOnTheMainQueue) }
        }
        #expect(!elsewhere)
    }

    /// On the main queue the hop runs at once, as UIKit's observers need;
    /// elsewhere it crosses to the main queue's next turn.
    @Test func theHopRunsAtOnceOnlyOnTheMainQueue() async {
        var ran = false
        MainActorHop.run { ran = true }
        #expect(ran)
        let hopped = await withCheckedContinuation { (done: CheckedContinuation<Bool, Never>) in
            DispatchQueue.global().async {
                MainActorHop.run { done.resume(returning: true) }
            }
        }
        #expect(hopped)
    }
}
