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
    /// Whether its instruction count can move between two builds of the
    /// same code: true for the workloads that run Foundation and the Swift
    /// runtime's dynamic casts, whose hash-table probes depend on where the
    /// binary's and the runtime's data lie. The count is still the same on
    /// every run of one binary. The default is false.
    var instructionsVaryWithBuild: Bool { get }
    /// The benchmark its time is measured against in each interleaved
    /// round (`CalibratedTime`): one that runs none of the code judged, of
    /// the same kind of work (`floor`; `bare-post` for a workload that
    /// spends its time in Foundation). Nil for a calibrator; the default is
    /// `floor`. `bench` measures a workload's calibrator whenever it
    /// measures the workload.
    var calibrator: String? { get }
    /// Handles notification `i % count` as ``run(_:)`` would next, but
    /// keeps nothing it changes: the workload is left as it was. The
    /// default is ``run(_:)``, right for a workload that starts every
    /// notification from a state of its own (the engine's, Foundation's);
    /// one that carries state from one notification to the next overrides
    /// it. A planted slowdown (``SlowdownPlant``) calls it.
    func rehearse(_ i: Int) -> Int
}

extension Workload {
    public func reset() {}

    public var instructionsVaryWithBuild: Bool { false }

    public var calibrator: String? { "floor" }

    public func rehearse(_ i: Int) -> Int { run(i) }
}
