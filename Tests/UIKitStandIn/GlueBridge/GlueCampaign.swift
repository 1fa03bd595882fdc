import Foundation
import KeyboardGeneration
import KeyboardScenarios
import KeyboardSearch
import KeyboardTrace
import KeyboardWorld
import SystemPackage
import ToolSupport
import UIKit

/// The glue differential (``GlueDifferential``) over generated scenarios:
/// scenario `i` of a seed is the generator's, plain or, with
/// ``adversarial``, as the fuzzer's adversary draws it (odd geometry,
/// bursts of focus switches, cancelled drags; only those of iOS 13 and
/// later, which the adapter supports; the others are passed over), varied
/// as recorded sessions vary (`AuditScenarios`: the policy), and staged as
/// ``GlueStaging`` draws it; on screens of fields, or played on chat
/// screens (``ScreenKind/chat``: the same scenario's chat screen, its
/// transcript and composer, as `kbbench fuzz --screens chat` plays it).
///
/// The first disagreement is shrunk as a fuzz counterexample is
/// (`Shrinker`, with the same variation and staging), and saved as a trace
/// that replays it: `uikit-stand-in replay FILE` with the staging it names.
@MainActor
package struct GlueCampaign {
    package var seed: UInt64
    /// How many scenarios of iOS 13 and later to check.
    package var scenarios: Int
    package var readings: UIKitReadings
    /// The screens the scenarios are played on.
    package var screens: ScreenKind
    /// Where a shrunk disagreement is saved; nil saves nothing.
    package var failures: String?
    /// Where recorders write; nil records nothing. One scenario in
    /// `recordEvery` is recorded.
    package var recordings: String?
    package var recordEvery = 10
    /// The generator's index of the first scenario looked at.
    package var firstIndex = 0
    /// Whether scenarios are drawn as `kbbench fuzz` draws them (the
    /// adversary's) instead of as the shootout does (plain).
    package var adversarial = false

    package init(
        seed: UInt64, scenarios: Int, readings: UIKitReadings = .standard, screens: ScreenKind = .fields, failures: String? = nil,
        recordings: String? = nil
    ) {
        self.seed = seed
        self.screens = screens
        self.scenarios = scenarios
        self.readings = readings
        self.failures = failures
        self.recordings = recordings
    }

    /// What a campaign found.
    package struct Result: Sendable {
        package var scenarios = 0
        /// Generated scenarios passed over for an earlier system.
        package var passedOver = 0
        package var events = 0
        package var recorded = 0
        package var disagreeing = 0
        /// Every disagreeing scenario's index and the kind of its
        /// disagreement (``GlueDisagreement/kind``), the first 1,000.
        package var disagreeingScenarios: [(index: Int, kind: String)] = []
        /// The first disagreement, shrunk.
        package var first: Found?
        package var coverage = GlueCoverage()
        /// The steps each comparison rule decided.
        package var rules = ComparisonRuleCounts()
    }

    /// A disagreement, as found and shrunk.
    package struct Found: Sendable {
        package var index: Int
        package var staging: GlueStaging
        package var disagreement: GlueDisagreement
        package var shrunk: Trace
        package var shrunkDisagreement: GlueDisagreement?
        /// Where the shrunk trace was saved, if it was.
        package var path: String?
        /// Whether it was found with a recorder attached.
        package var recorded: Bool
    }

    /// Scenario `index` of `seed` on `screens`, plain or adversarial, with
    /// its varied trace, or nil when it is of a system before iOS 13.
    package static func scenario(seed: UInt64, index: Int, screens: ScreenKind = .fields, adversarial: Bool = false) -> (Scenario, Trace)? {
        let drawn = DrawnScenario(seed: seed, index: index, screens: screens, adversarial: adversarial)
        guard drawn.scenario.systemVersion >= 13 else { return nil }
        return (drawn.scenario, AuditScenarios.varied(drawn.trace, seed: seed, index: index))
    }

    /// A trace of scenario `index` of `seed` (or of one shrunk from it),
    /// played on `screens` and varied: what the shrinker's candidates go
    /// through.
    static func prepare(seed: UInt64, index: Int, screens: ScreenKind, adversarial: Bool) -> (Trace) -> Trace {
        let drawn = DrawnScenario(seed: seed, index: index, screens: screens, adversarial: adversarial)
        return { AuditScenarios.varied(drawn.played($0), seed: seed, index: index) }
    }

    package func run(progress: (Result) -> Void = { _ in }) -> Result {
        var result = Result()
        var index = firstIndex
        while result.scenarios < scenarios {
            defer { index += 1 }
            guard let (scenario, trace) = Self.scenario(seed: seed, index: index, screens: screens, adversarial: adversarial) else {
                result.passedOver += 1
                continue
            }
            let staging = GlueStaging.drawn(seed: seed, index: index)
            let record = recordings != nil && result.scenarios % recordEvery == 0
            let differential = GlueDifferential(readings: readings, recordings: record ? recordings : nil)
            result.scenarios += 1
            result.events += trace.events.count
            if record { result.recorded += 1 }
            result.coverage.add(scenario)
            if screens == .chat { result.coverage.addChat(trace) }
            if let disagreement = differential.check(trace, staging: staging, recordingAs: "scenario-\(index)", rules: &result.rules) {
                result.disagreeing += 1
                if result.disagreeingScenarios.count < 1_000 { result.disagreeingScenarios.append((index, disagreement.kind)) }
                if result.first == nil { result.first = shrink(scenario, index: index, staging: staging, recorded: record, disagreement) }
            }
            if result.scenarios % 100 == 0 { progress(result) }
        }
        return result
    }

    /// Shrinks a disagreement, recording each candidate when the scenario
    /// was recorded (a recorder's observer changes nothing the glue does,
    /// but the recording is what may disagree).
    private func shrink(_ scenario: Scenario, index: Int, staging: GlueStaging, recorded: Bool, _ disagreement: GlueDisagreement) -> Found {
        let differential = GlueDifferential(readings: readings, recordings: recorded ? recordings : nil)
        let shrunk = Shrinker.shrink(scenario, prepare: Self.prepare(seed: seed, index: index, screens: screens, adversarial: adversarial)) {
            differential.check($0, staging: staging) != nil
        }
        var found = Found(
            index: index, staging: staging, disagreement: disagreement, shrunk: shrunk,
            shrunkDisagreement: differential.check(shrunk, staging: staging), recorded: recorded)
        if let failures {
            // The folder is made when first needed, as the fuzzer's is.
            try? FileManager.default.createDirectory(atPath: failures, withIntermediateDirectories: true)
            let path = FilePaths.file("glue-\(screens == .chat ? "chat-" : "")seed\(seed)-\(index).kbtrace", in: failures)
            if (try? OutputFile.write(TraceWriter.text(shrunk), to: path)) != nil { found.path = path }
        }
        return found
    }
}

/// What the checked scenarios covered: the devices, system versions and
/// keyboard modes, as the simulator sees them; on chat screens, the
/// chat's own events, as the stage plays them (``GlueStage``).
package struct GlueCoverage: Hashable, Sendable {
    package var devices: Set<String> = []
    package var systemVersions: Set<Int> = []
    package var keyboardModes: Set<KeyboardMode> = []
    /// Layouts of the content alone that set the offset: the user's drags.
    package var userScrolls = 0
    /// Layouts that changed the composer's height.
    package var composerHeights = 0
    /// Layouts of the content alone that changed its size and not the
    /// offset: messages that arrived.
    package var messages = 0

    /// Counts the chat's own events of `trace`.
    package mutating func addChat(_ trace: Trace) {
        var height = trace.header.composer?.height
        for line in trace.events {
            guard case .layout(let c) = line.event else { continue }
            if let composer = c.composer, composer.height != height {
                composerHeights += 1
                height = composer.height
            }
            if c.isTheTracesScroll {
                userScrolls += 1
            } else if c.changesOnlyContent && c.contentSize != nil {
                messages += 1
            }
        }
    }

    package init() {}

    package mutating func add(_ scenario: Scenario) {
        devices.insert(scenario.device.name)
        systemVersions.insert(scenario.systemVersion)
        var sim = ScenarioSimulator(scenario)
        for action in scenario.actions where sim.isValid(action) {
            _ = sim.perform(action)
            switch sim.keyboard {
            case .docked where sim.elsewhere == nil: keyboardModes.insert(sim.mode)
            case .shortcutsBar: keyboardModes.insert(.hardwareShortcutsBar)
            case .undocked: keyboardModes.insert(.undocked)
            case .split: keyboardModes.insert(.split)
            case .floating: keyboardModes.insert(.floating)
            case .docked, .hidden: break
            }
        }
    }
}
