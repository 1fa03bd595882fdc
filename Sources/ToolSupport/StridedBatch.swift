import Foundation

/// Runs items `0 ..< count` on `jobs` workers, the one batch runner of every
/// campaign the tools run (the fuzz campaign, the audit round trip, the
/// shootout, the command-line fuzzer).
///
/// Worker `w` takes items `w`, `w + jobs`, `w + 2·jobs`, …, so a resource
/// that belongs to a worker (an external strategy's process `w`) is only
/// ever used by one thread, and which worker runs an item depends on the
/// item alone. Each worker is a thread of its own, not one of libdispatch's:
/// an item may mostly wait for a process, and `concurrentPerform` runs no
/// more items at once than there are cores. With `jobs` 1, or a single
/// item, the items run on the calling thread, in order.
///
/// Properties:
/// - the results are in item order, each item run at most once;
/// - `work` returning nil is a stop: no worker starts another item, and the
///   batch ends ``Batch/stopped`` with the items finished before it (a gap
///   where an item was cut off, so ``Batch/results`` may not be a prefix);
/// - the first failure *by item*, not by time, is thrown once every worker
///   has ended, so a parallel run fails as the same run on one worker
///   would, whatever the threads' timing: after a failure only items
///   before it are still started.
package enum StridedBatch {
    /// The items a batch finished, in item order, and whether a stop cut
    /// into it.
    package struct Batch<Result> {
        package var results: [Result]
        package var stopped: Bool

        /// The results of a batch that ran to its end; nil when a stop cut
        /// into it (what a campaign that discards a partial batch wants).
        package var whole: [Result]? { stopped ? nil : results }
    }

    /// Runs `work(item, worker)` for every item, as the type's comment
    /// says. `work` is called on the workers' threads.
    package static func run<Result: Sendable, Failure: Error>(
        count: Int, jobs: Int, _ work: @Sendable (_ item: Int, _ worker: Int) throws(Failure) -> Result?
    ) throws(Failure) -> Batch<Result> {
        if jobs <= 1 || count <= 1 {
            var results: [Result] = []
            results.reserveCapacity(count)
            for item in 0..<count {
                guard let result = try work(item, 0) else { return Batch(results: results, stopped: true) }
                results.append(result)
            }
            return Batch(results: results, stopped: false)
        }
        let slots = Slots<Result, Failure>(count: count)
        let workers = min(jobs, count)
        withoutActuallyEscaping(work) { work in
            // The threads reach `work` through a holder that lets go of it
            // before this returns: a thread's closure may outlive the
            // group's wait, `work` must not.
            let holder = WorkHolder(work)
            let finished = DispatchGroup()
            for worker in 0..<workers {
                finished.enter()
                Thread.detachNewThread {
                    defer { finished.leave() }
                    var item = worker
                    while item < count && !slots.ended(before: item) {
                        do throws(Failure) {
                            guard let result = try holder.run(item, worker) else {
                                slots.stop()
                                return
                            }
                            slots.set(item, result)
                        } catch {
                            slots.fail(item, error)
                        }
                        item += workers
                    }
                }
            }
            finished.wait()
            holder.release()
        }
        if let failure = slots.failure { throw failure }
        return Batch(results: slots.finished, stopped: slots.stopped)
    }
}

/// A non-escaping closure lent to threads the caller waits for, and taken
/// back from them before the caller returns.
private final class WorkHolder<Result, Failure: Error>: @unchecked Sendable {
    private var work: ((Int, Int) throws(Failure) -> Result?)?
    init(_ work: @escaping (Int, Int) throws(Failure) -> Result?) { self.work = work }
    /// Only called between `init` and `release`, which the group's wait
    /// orders.
    func run(_ item: Int, _ worker: Int) throws(Failure) -> Result? { try work!(item, worker) }
    func release() { work = nil }
}

/// Per-item results shared by a batch's workers (each slot written once, by
/// one worker), the first failure by item, and whether a stop came.
private final class Slots<Result, Failure: Error>: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [Result?]
    private var firstFailure: (item: Int, failure: Failure)?
    private var stopRequested = false
    init(count: Int) { results = Array(repeating: nil, count: count) }
    func set(_ item: Int, _ result: Result) { lock.withLock { results[item] = result } }
    func fail(_ item: Int, _ failure: Failure) {
        lock.withLock { if firstFailure.map({ item < $0.item }) ?? true { firstFailure = (item, failure) } }
    }
    func stop() { lock.withLock { stopRequested = true } }
    /// Whether `item` is not to be started: a stop came, or an earlier item
    /// failed (a later one may still fail first by item, and is run).
    func ended(before item: Int) -> Bool { lock.withLock { stopRequested || firstFailure.map { $0.item < item } ?? false } }
    var stopped: Bool { lock.withLock { stopRequested } }
    var failure: Failure? { lock.withLock { firstFailure?.failure } }
    var finished: [Result] { lock.withLock { results.compactMap { $0 } } }
}
