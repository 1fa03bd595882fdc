import Foundation
import Testing
import ToolSupport

/// The one batch runner: order, the worker an item runs on, stops, and the
/// first failure by item whatever the threads' timing.
@Suite struct StridedBatchTests {
    struct Failed: Error, Equatable { var item: Int }

    @Test(arguments: [1, 2, 3, 8])
    func resultsComeInItemOrderAndWorkerWRunsEveryJobsTh(jobs: Int) throws {
        let batch = try StridedBatch.run(count: 50, jobs: jobs) { (item, worker) throws(Failed) -> (Int, Int)? in (item, worker) }
        #expect(!batch.stopped)
        #expect(batch.results.map(\.0) == Array(0..<50))
        #expect(batch.results.allSatisfy { $0.1 == $0.0 % jobs }, "worker w takes items w, w + jobs, …")
        #expect(batch.whole?.count == 50)
    }

    /// With one job, or one item whatever the jobs, the items run on the
    /// calling thread: no thread is started for a batch that cannot share
    /// its work.
    @Test(arguments: [(1, 3), (4, 1)])
    func oneJobOrOneItemRunsOnTheCallingThread(jobs: Int, count: Int) throws {
        let caller = pthread_self()
        let batch = try StridedBatch.run(count: count, jobs: jobs) { (_, _) throws(Failed) -> Bool? in pthread_equal(pthread_self(), caller) != 0 }
        #expect(batch.results == Array(repeating: true, count: count))
        let spread = try StridedBatch.run(count: 2, jobs: 2) { (_, _) throws(Failed) -> Bool? in pthread_equal(pthread_self(), caller) != 0 }
        #expect(spread.results == [false, false], "two items on two jobs run on two threads of their own")
    }

    @Test func anEmptyBatchRunsNothing() throws {
        let batch = try StridedBatch.run(count: 0, jobs: 4) { (_, _) throws(Failed) -> Int? in
            Issue.record("no item to run")
            return 0
        }
        #expect(batch.results.isEmpty && !batch.stopped)
    }

    /// A later item fails first in time; an earlier one starts after that
    /// (its worker is slow before it) and fails too. The batch runs it and
    /// throws it, as one worker would.
    @Test(arguments: [1, 2, 4])
    func theFirstFailureByItemIsThrownNotTheFirstInTime(jobs: Int) {
        let thrown = #expect(throws: Failed.self) {
            try StridedBatch.run(count: 40, jobs: jobs) { (item, _) throws(Failed) -> Int? in
                if item == 9 { throw Failed(item: 9) }
                if item == 2 || item == 4 { Thread.sleep(forTimeInterval: 0.03) }
                if item == 6 {
                    Thread.sleep(forTimeInterval: 0.05)
                    throw Failed(item: 6)
                }
                return item
            }
        }
        #expect(thrown == Failed(item: 6))
    }

    /// After a failure, items before it still run (one may fail first by
    /// item); no item after it starts once every worker has seen it.
    @Test func afterAFailureOnlyEarlierItemsStart() {
        let started = StartedItems()
        #expect(throws: Failed.self) {
            try StridedBatch.run(count: 200, jobs: 2) { (item, _) throws(Failed) -> Int? in
                started.add(item)
                if item == 1 { throw Failed(item: 1) }
                if item.isMultiple(of: 2) { Thread.sleep(forTimeInterval: 0.001) }
                return item
            }
        }
        #expect(started.all.contains(0), "item 0 is before the failure, so it runs")
        #expect(started.all.filter { $0 > 1 && !$0.isMultiple(of: 2) }.isEmpty, "the failing worker starts nothing after it")
        #expect(started.all.count < 200, "the other worker stops once it passes the failure")
    }

    @Test(arguments: [1, 3])
    func aStopEndsTheBatchWithTheItemsFinishedBeforeIt(jobs: Int) throws {
        let batch = try StridedBatch.run(count: 100, jobs: jobs) { (item, _) throws(Failed) -> Int? in item == 10 ? nil : item }
        #expect(batch.stopped)
        #expect(batch.whole == nil)
        #expect(!batch.results.contains(10))
        #expect(batch.results == batch.results.sorted(), "in item order")
        if jobs == 1 { #expect(batch.results == Array(0..<10), "one worker finished every item before the stop") }
        #expect(batch.results.count < 100)
    }
}

private final class StartedItems: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [Int] = []
    func add(_ i: Int) { lock.withLock { items.append(i) } }
    var all: [Int] { lock.withLock { items } }
}
