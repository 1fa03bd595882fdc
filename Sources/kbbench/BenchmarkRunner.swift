import CAllocationCounter
import Foundation
import KeyboardResults
import _KeyboardWorkloads

/// Measures one workload: the median from batches, the tail from single
/// notifications, allocations by counting.
///
/// Method: every timing reads `CLOCK_MONOTONIC` around the work. The p50 is
/// the median over batches of the mean per notification in a batch of
/// ``batchSize`` (so the clock's own cost, ~20–30 ns here, is spread over the
/// batch); p90, p99, p99.9 and max come from `samples` notifications timed
/// one by one and include one clock read each — nothing is subtracted; the
/// clock's cost is reported beside them. Percentiles are exact (the samples
/// are sorted), not histogram estimates. Allocations are counted on this
/// thread by the interposed allocator over a whole pass.
struct BenchmarkRunner {
    var samples: Int
    var batchSize = 256

    static func now() -> UInt64 {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_nsec)
    }

    /// The cost of one clock read, in ns (median of many back-to-back reads).
    static func clockCost() -> Double {
        var costs: [UInt64] = []
        for _ in 0..<10_001 {
            let a = now()
            let b = now()
            costs.append(b - a)
        }
        costs.sort()
        return Double(costs[costs.count / 2])
    }

    func measure(_ w: any Workload) -> BenchmarkFigures {
        var sink = 0
        // Warm up: one pass.
        w.reset()
        for i in 0..<w.count { sink &+= w.run(i) }
        // Allocations over a pass.
        w.reset()
        for i in 0..<w.count { sink &+= w.run(i) }
        w.reset()
        kb_allocation_count_begin()
        for i in 0..<w.count { sink &+= w.run(i) }
        let allocations = kb_allocation_count_end()
        // Batches for the centre.
        w.reset()
        var batchMeans: [Double] = []
        let batches = Swift.max(21, samples / batchSize)
        var i = 0
        for _ in 0..<batches {
            let start = Self.now()
            for _ in 0..<batchSize {
                sink &+= w.run(i)
                i += 1
            }
            batchMeans.append(Double(Self.now() - start) / Double(batchSize))
        }
        batchMeans.sort()
        // Single notifications for the tail.
        w.reset()
        var singles: [UInt64] = []
        singles.reserveCapacity(samples)
        for k in 0..<samples {
            let start = Self.now()
            sink &+= w.run(k)
            singles.append(Self.now() - start)
        }
        singles.sort()
        func percentile(_ p: Double) -> Double { Double(singles[Swift.min(singles.count - 1, Int(p * Double(singles.count)))]) }
        precondition(sink != Int.min, "keeps the work alive")
        return BenchmarkFigures(
            name: w.name, p50: batchMeans[batchMeans.count / 2], p90: percentile(0.90), p99: percentile(0.99),
            p999: percentile(0.999), max: Double(singles.last ?? 0), samples: samples,
            allocationsPerNotification: Double(allocations) / Double(w.count)
        )
    }
}
