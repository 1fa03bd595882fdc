import KeyboardTrace
import KeyboardWorld

/// A scenario played through the model of iOS: the events an app receives
/// for it, and the labels of what it exercises (docs/fuzzing.md lists
/// them). What a team builds to replay a chosen situation against its own
/// keyboard code:
///
///     let ipad = DeviceCatalog.device(named: "ipad-pro-11")!
///     var s = Scenario(device: ipad, profile: .ipados, placement: .splitView, contentHeight: 1200,
///                      fields: [KBRect(x: 16, y: 900, width: 280, height: 44)], actions: [])
///     s.actions = [.keyboardFromElsewhere(shown: true, local: false), .focus(0), .dismiss]
///     let played = s.simulated
///     let report = try StrategyUnderTest(MyStrategy.self).replay(played.trace)
///
/// An action that cannot happen when its turn comes (a second focus of the
/// field focused already, a split keyboard on an iPhone) is skipped, and
/// named in ``skippedActions``.
public struct SimulatedScenario: Hashable, Sendable {
    public var scenario: Scenario
    /// The trace iOS would send, every event with the keyboard's truth.
    public var trace: Trace
    /// The labels of what the scenario exercises, in the order reports
    /// list them (`era.ipados`, `elsewhere.handedToUs`, …).
    public var labels: [String]
    /// The indices in `scenario.actions` of the actions skipped.
    public var skippedActions: [Int]

    package init(scenario: Scenario, trace: Trace, features: ScenarioFeatures, skippedActions: [Int]) {
        self.scenario = scenario
        self.trace = trace
        labels = features.map(\.label)
        self.skippedActions = skippedActions
    }
}

extension Scenario {
    /// The scenario played through the model of iOS.
    public var simulated: SimulatedScenario {
        let played = ScenarioSimulator.simulate(self)
        return SimulatedScenario(scenario: self, trace: played.trace, features: played.features, skippedActions: played.skipped)
    }
}
