import KeyboardGeneration
import KeyboardHarness
import KeyboardOracle
import KeyboardStrategies
import KeyboardWorld
import Testing

/// A step's violations are listed in invariant order (I1…I9) however the
/// oracle found them, so replay tables, JSON and storyboards read the same
/// from run to run and from version to version.
@Suite("Violation order")
struct ViolationOrderTests {
    @Test("Every step's violations are in invariant order (seed 1, scenarios 0..<300, every catalog strategy)")
    func violationsAreInInvariantOrder() {
        var pairs = 0
        for index in 0..<300 {
            let trace = Shootout.trace(seed: 1, index: index)
            for s in StrategyCatalog.all {
                guard let report = TraceReplayer.replay(trace, strategyNamed: s.name) else { continue }
                for step in report.steps {
                    #expect(step.violations == step.violations.sorted(), "scenario \(index), \(s.name), line \(step.line)")
                    if step.violations.count == 2 { pairs += 1 }
                }
            }
        }
        // Steps with exactly two violations are where a sort that skips short
        // lists would first show.
        #expect(pairs > 0, "no step with two violations: the test checks nothing about pairs")
    }
}
