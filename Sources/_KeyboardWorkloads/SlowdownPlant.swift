/// A slowdown planted in a benchmark, for the planted-slowdown benchmark of
/// the regression verdict (`kbbench bench --plant-slowdown`,
/// `--planted-slowdowns`): every `period`-th notification is first
/// rehearsed (``Workload/rehearse(_:)``: the same work from the same state,
/// nothing kept), so the benchmark does about `percent` % more of its own
/// work (100 ÷ ⌊100 ÷ percent⌋: 1, 3.03 or 10 % for 1, 3 or 10), spread
/// over its notifications, with its own mix of memory, branches and calls.
///
/// Every measurement of a workload handles its notifications through a
/// plant, one of 0 % (which never fires) when nothing is planted, so that a
/// record with a plant and one without differ by the rehearsals alone, not
/// by the bookkeeping (a countdown: a decrement and a branch). Nothing is
/// planted in the code the benchmark measures: a shipping module never
/// knows it is benchmarked.
public struct SlowdownPlant: Sendable {
    @usableFromInline let period: Int
    @usableFromInline var countdown: Int

    /// `percent` in 0…100, which the callers check (`--plant-slowdown`
    /// refuses any other value); 0 plants nothing.
    public init(percent: Int) {
        period = percent > 0 ? 100 / percent : Int.max
        countdown = period
    }

    /// Handles notification `i` of `workload`, rehearsing it first when
    /// its turn comes; the checksum.
    /// Inlinable, so that a measuring loop in another module pays a
    /// decrement and a branch, not a call with the workload's existential.
    @inlinable @inline(__always)
    public mutating func handle(_ i: Int, of workload: any Workload) -> Int {
        countdown -= 1
        guard countdown == 0 else { return workload.run(i) }
        countdown = period
        return workload.rehearse(i) &+ workload.run(i)
    }
}
