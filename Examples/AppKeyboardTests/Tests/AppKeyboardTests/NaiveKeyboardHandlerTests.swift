import AppKeyboard
import KeyboardHarness
import Testing

/// What a team's test looks like: fuzz the app's own keyboard code with
/// kbbench's harness, and get back the failures as short traces.
@Suite struct NaiveKeyboardHandlerTests {
    @Test("the fuzzer finds that the naive handler lets the keyboard cover the field (seed 7, 300 scenarios)")
    func theFailureIsFoundShrunkAndReplays() throws {
        let result = try Campaign(NaiveKeyboardHandler.self, seed: 7, runs: 300).run()
        #expect(result.violations[.fieldVisible, default: 0] > 0, "the keyboard covers the field")
        let example = try #require(result.counterexamples.first { $0.invariant == .fieldVisible })
        #expect(example.trace.events.count <= 6, "shrunk to a few events:\n\(example.text)")
        // The trace as it would be saved, read back and replayed: it still fails.
        let trace = try TraceReader.read(example.text, file: example.fileName)
        let replay = TraceReplayer.replay(trace, with: NaiveKeyboardHandler.self)
        #expect(replay.steps.contains { $0.violations.contains(.fieldVisible) })
    }

    @Test("a chosen situation, built and replayed: another app's keyboard over the form in Split View")
    func aChosenSituationReplays() throws {
        let ipad = try #require(DeviceCatalog.device(named: "ipad-pro-11"))
        let scenario = Scenario(
            device: ipad, profile: .ipados, placement: .splitView, contentHeight: 1400,
            fields: [KBRect(x: 16, y: 1000, width: 280, height: 44)],
            actions: [.keyboardFromElsewhere(shown: true, local: false), .focus(0), .dismiss])
        let played = scenario.simulated
        #expect(played.skippedActions.isEmpty)
        #expect(played.labels.contains("elsewhere.handedToUs"), "\(played.labels)")
        let replay = try StrategyUnderTest(NaiveKeyboardHandler.self).replay(played.trace)
        #expect(replay.steps.contains { !$0.violations.isEmpty }, "the naive handler's inset is the keyboard's height, not its overlap")
    }

    @Test("beside the built-in strategies in a shootout (seed 1, 200 scenarios)")
    func shootoutBesideTheBuiltIns() throws {
        let strategies = StrategyCatalog.allUnderTest + [StrategyUnderTest(NaiveKeyboardHandler.self)]
        let report = try Shootout.run(seed: 1, scenarios: 200, strategies: strategies)
        let naive = try #require(report.strategies.last)
        let engine = try #require(report.strategies.first)
        #expect(naive.name == NaiveKeyboardHandler.name && naive.scenarios == 200)
        #expect(naive.fieldHidden > 0)
        #expect(engine.totalViolations == 0)
    }
}
