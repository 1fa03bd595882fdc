import Foundation
import KBTestSupport
import KeyboardGeneration
import KeyboardScenarios
import KeyboardTrace
import KeyboardWorld
import Testing

/// The generator searches all that the engine claims: every label
/// (``ScenarioFeature``) reaches its required share, the engine's inputs
/// and the contract's claims each have one, and the labels say what a
/// scenario is, whoever replays it.
@Suite("Coverage: what the generator exercises", .tags(.heavyTier))
struct CoverageTests {
    /// The fixed seed the coverage is held to (fresh seeds: the nightly
    /// jobs' campaigns print their own shares).
    static let seed: UInt64 = 20_261_128
    static let scenarios = TestTier.size(fast: 4_000, heavy: 40_000)

    /// The counts of the seed's adversarial scenarios, as a fuzz campaign
    /// over every scenario counts them.
    static let counts: FeatureCounts = {
        var counts = FeatureCounts()
        for i in 0..<scenarios { counts.add(ScenarioGenerator.generated(seed: seed, index: i, adversarial: true).features) }
        return counts
    }()

    /// The chat screens of the seed (``ChatScreens``), as a campaign of
    /// chat screens counts them. Their other labels are their scenarios'
    /// (`ChatScreenCampaignTests`), whose shares the screens of fields hold.
    static let chatScreens = TestTier.size(fast: 2_000, heavy: 20_000)
    static let chatCounts: FeatureCounts = {
        var counts = FeatureCounts()
        for i in 0..<chatScreens { counts.add(ChatScreens.generated(seed: seed, index: i, adversarial: true).features) }
        return counts
    }()

    /// The labels a chat screen has of its own: the `chat` group, carried
    /// on chat screens alone.
    static let chatLabels = ScenarioFeature.allCases.filter { !$0.isCarried(on: .fields) }

    /// QuickCheck's `checkCoverage`, label by label: each share met with
    /// 99 % confidence, on the screens that carry it (a chat label on chat
    /// screens); a label never seen is the worst case, not left out.
    @Test(arguments: ScenarioFeature.allCases)
    func everyLabelReachesItsRequiredShare(_ feature: ScenarioFeature) {
        let chat = Self.chatLabels.contains(feature)
        let (n, judged) = chat ? (Self.chatCounts[feature], Self.chatScreens) : (Self.counts[feature], Self.scenarios)
        let interval = CoverageVerdict.interval(count: n, judged: judged)
        #expect(
            CoverageVerdict(count: n, judged: judged, required: feature.requiredShare) == .met,
            """
            \(feature.label): \(n) of \(judged) \(chat ? "chat screens" : "scenarios") of seed \(Self.seed) (99 % interval \
            \(interval.lowerBound)…\(interval.upperBound)), required \(feature.requiredShare)
            """)
    }

    /// Which screens carry which labels: a screen of fields every label but
    /// the `chat` group; a chat screen that group and those of its device,
    /// window and keyboard, none of its fields'; and the generators agree
    /// (no chat label on a scenario of fields, no field's on a chat screen,
    /// and a chat screen's other labels where their scenarios have them:
    /// screen by screen in `ChatScreenCampaignTests`).
    @Test func eachScreenCarriesItsOwnLabels() {
        #expect(Self.chatLabels.map(\.label).allSatisfy { $0.hasPrefix("chat.") } && !Self.chatLabels.isEmpty)
        #expect(ScenarioFeature.allCases.filter { $0.label.hasPrefix("chat.") } == Self.chatLabels)
        for f in [ScenarioFeature.focusSwitchDocked, .caret, .tallFieldTop, .numberPad, .keyboardBeforeFocus, .anotherAppsKeyboard] {
            #expect(!f.isCarried(on: .chat), "\(f.label)")
            #expect(Self.chatCounts[f] == 0, "\(f.label) on a chat screen")
        }
        for f in [ScenarioFeature.eraIOS13, .pad, .splitView, .insetNever, .keyboardFloating, .modeEmoji, .windowMovedUnderKeyboard] {
            #expect(f.isCarried(on: .chat) && f.isCarried(on: .fields), "\(f.label)")
            #expect(Self.chatCounts[f] > 0, "\(f.label) on no chat screen")
        }
        for f in Self.chatLabels { #expect(Self.counts[f] == 0, "\(f.label) on a screen of fields") }
    }

    /// A label is a distinction: every label is false on some scenarios of
    /// the seed as well as true on others, so that a label set on every
    /// scenario (a comparison loosened) reads as the mistake it is, not as
    /// a share of 100 %. One label is on every scenario, and only it: every
    /// generated scenario shows the keyboard docked at some point (all 4,000
    /// of this seed's fast-tier scenarios do).
    @Test(arguments: ScenarioFeature.allCases)
    func everyLabelIsFalseOnSomeScenarios(_ feature: ScenarioFeature) {
        let everywhere: Set<ScenarioFeature> = [.keyboardDocked]
        let chat = Self.chatLabels.contains(feature)
        let (n, judged) = chat ? (Self.chatCounts[feature], Self.chatScreens) : (Self.counts[feature], Self.scenarios)
        #expect(
            (n < judged) != everywhere.contains(feature),
            "\(feature.label) is set on \(n) of \(judged) \(chat ? "chat screens" : "scenarios") of seed \(Self.seed)")
    }

    /// The check has teeth: a requirement a little above what the
    /// generator gives is confidently missed, for every label.
    @Test func aRequirementAboveWhatTheGeneratorGivesFails() {
        for feature in ScenarioFeature.allCases {
            let (n, judged) =
                Self.chatLabels.contains(feature) ? (Self.chatCounts[feature], Self.chatScreens) : (Self.counts[feature], Self.scenarios)
            let share = Double(n) / Double(judged)
            guard share < 0.95 else { continue }
            let raised = Swift.min(1, share * 1.5 + 0.01)
            #expect(CoverageVerdict(count: n, judged: judged, required: raised) == .below, "\(feature.label)")
        }
    }

    @Test func aClassNeverSeenIsNeverMetAndSmallSamplesAreUndecided() {
        #expect(CoverageVerdict(count: 0, judged: 10_000, required: 0.001) == .below)
        #expect(CoverageVerdict(count: 0, judged: 100, required: 0.001) == .undecided)
        #expect(CoverageVerdict(count: 0, judged: 0, required: 0) == .undecided)
        #expect(CoverageVerdict(count: 500, judged: 1_000, required: 0.4) == .met)
        #expect(CoverageVerdict(count: 5, judged: 10, required: 0.4) == .undecided)
    }

    @Test func labelsAreUniqueGroupedAndReadBack() {
        let labels = ScenarioFeature.allCases.map(\.label)
        #expect(Set(labels).count == labels.count)
        #expect(ScenarioFeature.allCases.count <= 128, "a scenario's labels are two words of bits")
        for f in ScenarioFeature.allCases {
            #expect(ScenarioFeature(label: f.label) == f)
            #expect(f.label.split(separator: ".").count == 2, "\(f.label): group.name")
            #expect(f.requiredShare > 0 && f.requiredShare < 1, "\(f.label)")
        }
        // A group's labels are next to each other, so reports print a line
        // per group.
        var groups: [Substring] = []
        for l in labels {
            let g = l.split(separator: ".")[0]
            if groups.last != g {
                #expect(!groups.contains(g), "\(g) is split")
                groups.append(g)
            }
        }
    }

    /// Every claim docs/contract.md makes in a bold lead-in has labels: a
    /// claim written there without one fails here.
    @Test func everyContractClaimHasALabel() throws {
        let text = try String(contentsOf: Repository.url("docs/contract.md"), encoding: .utf8)
        var claims: [String] = []
        for line in text.split(separator: "\n") {
            guard let m = line.firstMatch(of: #/^(?:- |\d+\. )\*\*(.+?)\*\*/#) else { continue }
            var claim = String(m.output.1)
            if claim.hasSuffix(".") { claim.removeLast() }
            claims.append(claim)
        }
        #expect(claims.count >= 10, "docs/contract.md's claims were not found: \(claims)")
        let listed = ScenarioFeature.contractClaims.map(\.claim)
        for claim in claims { #expect(listed.contains(claim), "docs/contract.md claims '\(claim)': name its labels in contractClaims") }
        for c in ScenarioFeature.contractClaims {
            #expect(claims.contains(c.claim), "contractClaims names '\(c.claim)', which docs/contract.md no longer claims")
            #expect(!c.features.isEmpty, "\(c.claim)")
        }
    }

    /// A scenario's labels are its own: simulating the generated scenario
    /// again (as the shrinker does) gives the same trace and labels.
    @Test func labelsDependOnlyOnTheScenario() {
        for i in 0..<300 {
            let g = ScenarioGenerator.generated(seed: Self.seed, index: i, adversarial: i % 2 == 0)
            let again = ScenarioSimulator.simulate(g.scenario)
            #expect(again.trace == g.trace, "scenario \(i)")
            #expect(again.features == g.features, "scenario \(i)")
        }
    }

    /// The shrinker keeps what a counterexample needs only: a label a
    /// scenario does not carry is not something its trace shows. Spot
    /// checks of the labels against the traces.
    /// A bottom safe area of any size is labelled: half a point, a point,
    /// a home indicator's strip; none is not.
    @Test func anyBottomSafeAreaIsLabelled() {
        let s = Scenario(device: DeviceCatalog.device(named: "iphone8")!, profile: .ios13, contentHeight: 1_000, fields: [], actions: [])
        var header = ScenarioSimulator(s).header()
        for (bottom, labelled) in [(0.0, false), (0.5, true), (1, true), (34, true)] {
            header.scrollView.safeArea.bottom = bottom
            #expect(s.settingFeatures(header: header).contains(.bottomSafeArea) == labelled, "bottom \(bottom)")
        }
    }

    @Test func labelsAgreeWithTheTraces() {
        var offScreen = 0
        for i in 0..<1_000 {
            let g = ScenarioGenerator.generated(seed: Self.seed, index: i, adversarial: true)
            let carets = g.trace.events.contains { if case .focus(_, let c?) = $0.event { c.height > 0 } else { false } }
            #expect(g.features.contains(.caret) == carets, "scenario \(i): caret")
            let notLocal = g.trace.events.contains { if case .keyboard(let n) = $0.event { n.isLocal == false && !n.name.isHide } else { false } }
            #expect(!notLocal || g.features.contains(.anotherAppsKeyboard), "scenario \(i): another app's keyboard")
            #expect(g.features.contains(.textViewGrows) == !g.trace.fieldLists.isEmpty, "scenario \(i): a text view grew")
            #expect(
                g.features.contains(.ownContentInset) == (g.trace.header.scrollView.contentInset != .zero),
                "scenario \(i): the app's own inset at the start")
            #expect(g.features.contains(.distance) == (g.trace.header.policy.distance > 0), "scenario \(i): a distance asked for")
            // Labelled only where some hide's end frame is empty or ends on
            // the screen of its moment (other hides than our keyboard's own,
            // a hardware keyboard's among them, end on screen unlabelled).
            var replay = WorldReplay(g.trace)
            var onScreenHide = false, offScreenKeyboard = false
            for line in g.trace.events {
                replay.applyNext()
                if case .keyboard(let n) = line.event, n.name.isHide, let end = n.frameEnd {
                    onScreenHide = onScreenHide || end.isEmpty || end.maxY <= replay.world.screen.height
                }
                if case .keyboard = line.event, !replay.world.isVisible { offScreenKeyboard = true }
            }
            #expect(!g.features.contains(.hideReportsAFrameOnScreen) || onScreenHide, "scenario \(i): a hide's frame on screen")
            // A keyboard notification heard while the view is off screen,
            // exactly.
            #expect(g.features.contains(.keyboardWhileOffScreen) == offScreenKeyboard, "scenario \(i): a keyboard while off screen")
            if offScreenKeyboard { offScreen += 1 }
            // A text view's focus comes after the Will notifications it
            // causes: labelled only where a Will notification is followed
            // at once by a text view's focus.
            let willThenFocus = zip(g.trace.events, g.trace.events.dropFirst()).contains { a, b in
                guard case .keyboard(let n) = a.event, n.name.isWill, case .focus(_, let caret) = b.event else { return false }
                return caret != nil
            }
            #expect(!g.features.contains(.notificationsBeforeFocus) || willThenFocus, "scenario \(i): notifications before a focus")
            // A cancelled drag is one of the scenario's actions; the show
            // that may follow it puts the keyboard where it was: labelled
            // only where some WillShow begins where it ends.
            #expect(g.features.contains(.dragCancelled) == g.scenario.actions.contains(.cancelDrag), "scenario \(i): a cancelled drag")
            let showInPlace = g.trace.events.contains {
                if case .keyboard(let n) = $0.event { n.name == .willShow && n.frameBegin == n.frameEnd } else { false }
            }
            #expect(
                !g.features.contains(.showAfterCancelledDrag) || g.features.contains(.dragCancelled) && showInPlace,
                "scenario \(i): a show after a cancelled drag")
            // What a focused field asks of the keyboard: labelled exactly
            // where a field whose keyboard iOS raised asks for it (a tap's,
            // a burst's first, one tapped during a rotation).
            let raised: [Int] = g.scenario.actions.compactMap {
                switch $0 {
                case .focus(let f), .focusDuringRotation(let f, _): f
                case .focusBurst(let fields): fields.first
                default: nil
                }
            }
            let focusedKeyboards = raised.map { g.scenario.keyboard(forField: $0) }
            #expect(g.features.contains(.numberPad) == focusedKeyboards.contains { $0.kind == .numberPad }, "scenario \(i): a number pad")
            #expect(g.features.contains(.inputAccessory) == focusedKeyboards.contains { $0.accessoryHeight > 0 }, "scenario \(i): an accessory")
        }
        #expect(offScreen > 0, "some scenario of the seed hears a keyboard off screen, so its label is checked both ways")
    }
}
