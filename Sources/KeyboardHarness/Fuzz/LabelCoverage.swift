import KeyboardScenarios
import KeyboardWorld

/// How many of a campaign's judged scenarios exercised one labelled
/// situation (``ScenarioFeature``): `era.ios13`, `keyboard.floating`,
/// `caret.belowVisiblePart`, … (docs/fuzzing.md lists them all).
public struct LabelCoverage: Hashable, Sendable {
    /// The label: a group and a name.
    public var label: String
    /// The scenarios judged that carried it.
    public var scenarios: Int
    /// The scenarios judged.
    public var judged: Int
    /// The share of a campaign over every scenario that the generator is
    /// held to for this label (the coverage test's requirement).
    public var requiredShare: Double

    package init(_ feature: ScenarioFeature, scenarios: Int, judged: Int) {
        label = feature.label
        self.scenarios = scenarios
        self.judged = judged
        requiredShare = feature.requiredShare
    }

    /// `scenarios / judged`, or 0 with nothing judged.
    public var share: Double { judged == 0 ? 0 : Double(scenarios) / Double(judged) }

    /// True when the sample shows, with 99 % confidence, that the label is
    /// below its required share (Wilson's interval, as QuickCheck's
    /// `checkCoverage` decides). Meaningful for a campaign that judges
    /// every scenario: a strategy's narrower scope changes every share.
    public var isBelowRequirement: Bool {
        CoverageVerdict(count: scenarios, judged: judged, required: requiredShare) == .below
    }
}
