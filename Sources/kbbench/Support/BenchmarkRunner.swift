import CAllocationCounter
import Foundation
import KeyboardResults
import _KeyboardWorkloads

/// Measures workloads: the median from batches, the tail from single
/// notifications, allocations by counting, all workloads of a run
/// interleaved round by round (see ``measureInterleaved(_:progress:)``).
///
/// Method: every timing reads `CLOCK_MONOTONIC` around the work. The p50 is
/// the median over batches of the mean per notification in a batch of
/// ``batchSize`` (so the clock's own cost, tens of nanoseconds, is spread over the
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

    /// Rounds of interleaving: each round times every workload in turn.
    var rounds = 15

    /// Measures `workloads` interleaved: in each of ``rounds`` rounds every
    /// workload runs its share of batches and single notifications, the
    /// order rotating by one each round, so a drift in the machine's speed
    /// reaches every workload alike. Returns each workload's figures (as
    /// ``measure(_:)`` defines them, over all rounds) and, per round, each
    /// workload's median batch mean: the ratios the checks use. Nil when
    /// `stopRequested` says yes, which it is asked before each batch and
    /// every ``batchSize`` single notifications (outside the timed spans).
    ///
    /// `planted` plants a slowdown of that many percent in the workloads it
    /// names (``SlowdownPlant``, through which every notification is
    /// handled, planted or not).
    func measureInterleaved(
        _ workloads: [any Workload], planted: [String: Int] = [:], progress: ((Int) -> Void)? = nil, stopRequested: () -> Bool = { false }
    ) -> (figures: [BenchmarkFigures], rounds: [[String: Double]])? {
        var plants = workloads.map { SlowdownPlant(percent: planted[$0.name] ?? 0) }
        var sink = 0
        var allocations: [Double] = []
        for w in workloads {
            // Warm up, then count allocations over a pass (not timed).
            var plant = SlowdownPlant(percent: planted[w.name] ?? 0)
            w.reset()
            for i in 0..<w.count { sink &+= plant.handle(i, of: w) }
            w.reset()
            plant = SlowdownPlant(percent: planted[w.name] ?? 0)
            kb_allocation_count_begin()
            for i in 0..<w.count { sink &+= plant.handle(i, of: w) }
            allocations.append(Double(kb_allocation_count_end()) / Double(w.count))
            w.reset()
        }
        let totalBatches = Swift.max(21, samples / batchSize)
        let batchesPerRound = Swift.max(1, (totalBatches + rounds - 1) / rounds)
        var batchMeans = Array(repeating: [Double](), count: workloads.count)
        var singles = Array(repeating: [UInt64](), count: workloads.count)
        var next = Array(repeating: 0, count: workloads.count)
        var perRound: [[String: Double]] = []
        for round in 0..<rounds {
            var medians: [String: Double] = [:]
            let singlesNow = samples / rounds + (round < samples % rounds ? 1 : 0)
            for k in 0..<workloads.count {
                let j = (k + round) % workloads.count
                let w = workloads[j]
                var plant = plants[j]
                defer { plants[j] = plant }
                var means: [Double] = []
                for _ in 0..<batchesPerRound {
                    if stopRequested() { return nil }
                    let start = Self.now()
                    for _ in 0..<batchSize {
                        sink &+= plant.handle(next[j], of: w)
                        next[j] += 1
                    }
                    means.append(Double(Self.now() - start) / Double(batchSize))
                }
                batchMeans[j] += means
                means.sort()
                medians[w.name] = means[means.count / 2]
                for n in 0..<singlesNow {
                    if n % batchSize == 0 && stopRequested() { return nil }
                    let start = Self.now()
                    sink &+= plant.handle(next[j], of: w)
                    singles[j].append(Self.now() - start)
                    next[j] += 1
                }
            }
            perRound.append(medians)
            progress?(round + 1)
        }
        precondition(sink != Int.min, "keeps the work alive")
        let figures = workloads.indices.map { j in
            var f = Self.figures(name: workloads[j].name, batchMeans: batchMeans[j], singles: singles[j], allocations: allocations[j])
            f.instructionsVaryWithBuild = workloads[j].instructionsVaryWithBuild
            f.calibrator = workloads[j].calibrator
            f.roundMedians = perRound.compactMap { $0[workloads[j].name] }
            return f
        }
        return (figures, perRound)
    }

    /// One workload measured alone (the scaling curves): the median from
    /// batches, the tail from single notifications; nil when
    /// `stopRequested` said yes first.
    func measure(_ w: any Workload, stopRequested: () -> Bool = { false }) -> BenchmarkFigures? {
        var runner = self
        runner.rounds = 1
        return runner.measureInterleaved([w], stopRequested: stopRequested)?.figures[0]
    }

    private static func figures(name: String, batchMeans: [Double], singles: [UInt64], allocations: Double) -> BenchmarkFigures {
        let means = batchMeans.sorted(), times = singles.sorted()
        func percentile(_ p: Double) -> Double { Double(times[Swift.min(times.count - 1, Int(p * Double(times.count)))]) }
        return BenchmarkFigures(
            name: name, p50: means[means.count / 2], p90: percentile(0.90), p99: percentile(0.99), p999: percentile(0.999),
            max: Double(times.last ?? 0), samples: times.count, allocationsPerNotification: allocations
        )
    }
}
