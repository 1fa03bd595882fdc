import KBTestSupport
import Testing
import _KeyboardWorkloads

/// Which workloads `kbbench bench` builds for a suite: the ones named and,
/// unless told otherwise, the calibrator each is timed against (and
/// theirs), in report order.
@Suite("The benchmarks' catalog", .processTimeLimit)
struct WorkloadCatalogTests {
    @Test func aSuiteBringsItsCalibratorsUnlessToldNotTo() throws {
        let stream = NotificationStream(scenarios: 5)
        let inReportOrder = { (names: Set<String>) in WorkloadCatalog.names.filter(names.contains) }
        let engine = try #require(WorkloadCatalog.workload(named: "engine", stream))
        let foundation = try #require(WorkloadCatalog.workload(named: "cookbook-foundation", stream))
        let (engineCalibrator, foundationCalibrator) = (try #require(engine.calibrator), try #require(foundation.calibrator))
        #expect(WorkloadCatalog.all(stream, only: ["engine"]).map(\.name) == inReportOrder(["engine", engineCalibrator]))
        #expect(WorkloadCatalog.all(stream, only: ["engine"], calibrators: false).map(\.name) == ["engine"])
        // A calibrator's own calibrator comes too: cookbook-foundation is
        // timed against bare-post, and bare-post against the floor.
        let postCalibrator = WorkloadCatalog.workload(named: foundationCalibrator, stream)?.calibrator
        let next = try #require(postCalibrator)
        #expect(WorkloadCatalog.workload(named: next, stream).map { $0.calibrator == nil } == true)
        #expect(
            WorkloadCatalog.all(stream, only: ["cookbook-foundation"]).map(\.name)
                == inReportOrder(["cookbook-foundation", foundationCalibrator, next]))
    }
}
