/// One benchmark's work, split into notifications: `run(i)` handles the
/// i-th (modulo ``count``) and returns a checksum the runner keeps, so the
/// optimiser cannot drop the work.
///
/// Workloads are built once (setup is never timed) and are shared by
/// `kbbench bench` and the package-benchmark suites under `Benchmarks/`, so
/// both measure exactly the same thing.
public protocol Workload: AnyObject {
    /// The benchmark's name, as reports and dashboards know it.
    var name: String { get }
    /// How many distinct notifications one pass handles.
    var count: Int { get }
    /// Handles notification `i % count`; returns a checksum.
    func run(_ i: Int) -> Int
    /// Puts the workload back to its starting state (between passes that must
    /// start alike).
    func reset()
}

extension Workload {
    public func reset() {}
}
