import KBTestSupport
import KeyboardGeneration
import KeyboardHarness
import KeyboardTrace
import KeyboardWorld
import Testing

/// What a seed names, pinned: the `PinnedScenarios` of seed 1 are listed one
/// a line in `Golden/scenarios-seed1.txt`, each with the hash of its
/// simulated trace.
///
/// A seed printed by a nightly job, a campaign's state or a bug report must
/// replay the same scenario on the same version, so any change to what the
/// generator draws or to what the simulator sends for it (a device's
/// numbers, a window placement, an era's notifications) shows up here as a
/// diff of the lines it changed, to be read and committed on purpose (see
/// `GoldenFile`), never as a silent change of every recorded seed.
@Suite("Seeded scenarios, pinned")
struct GenerationGoldenTests {
    static let golden = GoldenFile.url("Golden/scenarios-seed1.txt", besideTestFile: #filePath)

    /// One scenario: its index (`a` before it when adversarial), what it is
    /// in words, and the 32-bit FNV-1a hash of its trace's text and its
    /// actions, the parts of a scenario that reach a strategy.
    static func line(_ pick: PinnedScenarios.Pick) -> String {
        let (s, trace) = ScenarioGenerator.scenarioAndTrace(seed: PinnedScenarios.seed, index: pick.index, adversarial: pick.adversarial)
        let hash = Counterexample.hash(TraceWriter.text(trace) + s.actions.map { "\($0)" }.joined(separator: ","))
        return
            "\(pick.label) \(s.device.name) \(s.profile.rawValue) v\(s.systemVersion) \(s.orientation.rawValue) \(s.placement.rawValue) fields=\(s.fields.count) actions=\(s.actions.count) events=\(trace.events.count) \(hash)"
    }

    /// The pin's first line is the generator's version: a change that
    /// moves the scenarios and the version bump that must come with it
    /// (``ScenarioGenerator/version``) are read in one diff, and a version
    /// changed alone is a diff too.
    @Test func seedOnesScenariosAreTheReviewedOnes() throws {
        let lines = ["generator version \(ScenarioGenerator.version)"] + PinnedScenarios.all.map(Self.line)
        let difference = try GoldenFile.difference(lines.joined(separator: "\n") + "\n", from: Self.golden)
        #expect(difference == nil, "\(difference ?? "")")
    }
}
