import KBTestSupport
import KeyboardAvoidance
import KeyboardGeneration
import KeyboardGeometry
import KeyboardOracle
import KeyboardScenarios
import KeyboardStrategies
import KeyboardTrace
import KeyboardWorld
import Testing

/// Another app's keyboard (``KeyboardHandOver``): what the sources settle
/// (every visible app is notified; `isLocal` is false in the apps that did
/// not raise it) and both readings of what they leave open, each tested.
@Suite("Simulator: the keyboard between two apps", .tags(.heavyTier))
struct HandOverTests {
    /// An iPad in Split View, iPadOS 17, two text fields.
    static func scenario(_ handOver: KeyboardHandOver) -> Scenario {
        Scenario(
            device: DeviceCatalog.device(named: "ipad")!, profile: .ipados, systemVersion: 17, placement: .splitView, contentHeight: 1500,
            fields: [KBRect(x: 16, y: 100, width: 280, height: 44), KBRect(x: 16, y: 900, width: 280, height: 44)],
            keyboardHandOver: handOver, actions: [])
    }

    static func notifications(_ lines: [TraceLine]) -> [(KeyboardNotification.Name, Bool?)] {
        lines.compactMap { if case .keyboard(let n) = $0.event { (n.name, n.isLocal) } else { nil } }
    }

    @Test(arguments: KeyboardHandOver.allCases.map(\.motion))
    func aFieldOfOursTakesAnotherAppsKeyboard(_ motion: KeyboardHandOver.Motion) {
        var sim = ScenarioSimulator(Self.scenario(KeyboardHandOver(motion: motion)))
        _ = sim.perform(.keyboardFromElsewhere(shown: true, local: false))
        #expect(sim.isValid(.focus(1)), "a field of ours can be tapped under another app's keyboard")
        let lines = sim.perform(.focus(1))
        let sent = Self.notifications(lines)
        switch motion {
        case .staysUp:
            #expect(sent.map(\.0) == [.willShow, .didShow] && sent.allSatisfy { $0.1 == true }, "a focus switch's, ours: \(sent)")
        case .hidesThenShows:
            #expect(sent.prefix(4).allSatisfy { $0.1 == false } && sent.dropFirst(4).allSatisfy { $0.1 == true }, "theirs hides, ours shows: \(sent)")
            #expect(
                sent.map(\.0) == [.willChangeFrame, .willHide, .didChangeFrame, .didHide, .willChangeFrame, .willShow, .didChangeFrame, .didShow])
        }
        #expect(sim.focused == 1 && sim.elsewhere == nil && sim.keyboard == .docked)
        #expect(sim.features.contains(.keyboardHandedToUs) && sim.features.contains(.keyboardBeforeFocus))
    }

    @Test(arguments: KeyboardHandOver.allCases)
    func anotherAppTakesOurKeyboard(_ handOver: KeyboardHandOver) {
        var sim = ScenarioSimulator(Self.scenario(handOver))
        _ = sim.perform(.focus(1))
        #expect(sim.isValid(.keyboardFromElsewhere(shown: true, local: false)))
        let lines = sim.perform(.keyboardFromElsewhere(shown: true, local: false))
        let blurred = lines.contains { if case .blur = $0.event { true } else { false } }
        #expect(blurred == handOver.ourFieldResigns)
        #expect(sim.focused == (handOver.ourFieldResigns ? nil : 1))
        #expect(sim.elsewhere == false)
        let sent = Self.notifications(lines)
        #expect(sent.last?.1 == false, "the other app's keyboard is not ours: \(sent)")
        #expect(sim.features.contains(.keyboardTakenFromUs))
        #expect(sim.features.contains(.focusedUnderAnotherAppsKeyboard) == !handOver.ourFieldResigns)
    }

    /// Another app's keyboard over our content is labelled exactly where
    /// it ends over the view with no field of ours focused: raised over
    /// nothing of ours, or taken from a field that resigns; not where our
    /// field stays focused under it, and not for another screen of ours.
    @Test func anotherAppsKeyboardIsOverContentExactlyWithNoFieldOfOursFocused() {
        for local in [false, true] {
            var sim = ScenarioSimulator(Self.scenario(KeyboardHandOver()))
            #expect(sim.isValid(.keyboardFromElsewhere(shown: true, local: local)))
            _ = sim.perform(.keyboardFromElsewhere(shown: true, local: local))
            #expect(sim.features.contains(.anotherAppsKeyboardOverContent) == !local, "over nothing of ours, local: \(local)")
        }
        for resigns in [true, false] {
            var sim = ScenarioSimulator(Self.scenario(KeyboardHandOver(ourFieldResigns: resigns)))
            _ = sim.perform(.focus(1))
            _ = sim.perform(.keyboardFromElsewhere(shown: true, local: false))
            #expect(sim.features.contains(.anotherAppsKeyboardOverContent) == resigns, "taken from a field that resigns: \(resigns)")
        }
    }

    /// Another screen of this app (a search field outside the scroll
    /// view) takes the keyboard: one first responder per app, so our field
    /// resigns, and the keyboard stays up as for a focus switch.
    @Test func anotherScreenTakesOurKeyboardAsAFocusSwitch() {
        var sim = ScenarioSimulator(Self.scenario(KeyboardHandOver(motion: .hidesThenShows, ourFieldResigns: false)))
        _ = sim.perform(.focus(0))
        let lines = sim.perform(.keyboardFromElsewhere(shown: true, local: true))
        #expect(lines.first.map { if case .blur = $0.event { true } else { false } } == true)
        #expect(Self.notifications(lines).map(\.0) == [.willShow, .didShow])
        #expect(sim.focused == nil && sim.elsewhere == true)
    }

    /// A field of ours that stayed focused under another app's keyboard
    /// gets its own keyboard when a keyboard of ours comes again without a
    /// tap (a hardware keyboard detached): the field's accessory is on it,
    /// and the keyboard is the field's.
    @Test func aFieldFocusedUnderAnotherAppsKeyboardGetsItsOwnKeyboardBack() throws {
        var s = Self.scenario(KeyboardHandOver(ourFieldResigns: false))
        s.fieldKeyboards = [.plain, FieldKeyboard(accessoryHeight: FieldKeyboard.toolbarHeight)]
        var sim = ScenarioSimulator(s)
        let actions: [UserAction] = [
            .focus(1), .keyboardFromElsewhere(shown: true, local: false), .keyboardFromElsewhere(shown: false, local: false),
            .attachHardwareKeyboard, .detachHardwareKeyboard,
        ]
        for action in actions {
            try #require(sim.isValid(action), "\(action)")
            _ = sim.perform(action)
        }
        #expect(sim.focused == 1 && sim.elsewhere == nil && sim.keyboard == .docked)
        #expect(sim.keyboardField == 1)
        let withAccessory = sim.frame(.docked, sim.orientation, field: 1)
        #expect(withAccessory.height == sim.frame(.docked, sim.orientation, field: 0).height + FieldKeyboard.toolbarHeight)
        #expect(sim.truth == withAccessory, "the focused field's keyboard, with its accessory")
    }

    /// Whenever a keyboard of ours is up, it is a field's: the simulator
    /// knows which field's keyboard it is (its height, its accessory, its
    /// input modes follow from it). Held after every action of generated
    /// scenarios that meet another app's keyboard, with our field kept
    /// focused under it; the walk must pass through the state where a
    /// field of ours is focused with no keyboard known for it, and see a
    /// keyboard of ours come from there.
    @Test(arguments: KeyboardHandOver.Motion.allCases)
    func everyKeyboardOfOursIsAFields(_ motion: KeyboardHandOver.Motion) {
        var comesWithNoField = 0
        let wanted = TestTier.size(fast: 300, heavy: 3_000)
        let drawn = GeneratedScenarios.first(wanted, seed: 20_261_206) { $0.contains(.anotherAppsKeyboard) }
        for (index, g) in drawn {
            var s = g.scenario
            s.keyboardHandOver = KeyboardHandOver(motion: motion, ourFieldResigns: false)
            var sim = ScenarioSimulator(s)
            for (i, action) in s.actions.enumerated() where sim.isValid(action) {
                // A field of ours focused, no keyboard up for it or for
                // another app: which keyboard comes next is the question.
                let unknown = sim.focused != nil && sim.keyboardField == nil && sim.elsewhere == nil
                _ = sim.perform(action)
                let ours = sim.keyboard != .hidden && sim.elsewhere == nil
                if ours && unknown { comesWithNoField += 1 }
                if ours && sim.keyboardField == nil {
                    Issue.record("scenario \(index), action \(i) (\(action)): a keyboard of ours is no field's")
                    break
                }
            }
        }
        #expect(drawn.count == wanted, "only \(drawn.count) scenarios met another app's keyboard")
        #expect(comesWithNoField > 0, "no keyboard of ours came to a focused field whose keyboard was unknown")
    }

    /// Forced to each reading, generated scenarios that meet another app's
    /// keyboard stay traces iOS could send, and the engine keeps every
    /// invariant on them.
    @Test(arguments: KeyboardHandOver.allCases)
    func everyReadingGivesPossibleTracesTheEngineHandles(_ handOver: KeyboardHandOver) {
        let wanted = TestTier.size(fast: 150, heavy: 1_500)
        let drawn = GeneratedScenarios.first(wanted, seed: 20_261_128) { $0.contains(.anotherAppsKeyboard) }
        for (index, g) in drawn {
            var s = g.scenario
            s.keyboardHandOver = handOver
            let trace = ScenarioSimulator.trace(s)
            #expect(trace.isPossible, "scenario \(index): \(trace.impossibilities)")
            let verdict = EngineStrategy.verdict(in: trace)
            #expect(verdict.violated.isEmpty, "scenario \(index): the engine violates \(verdict.violated)")
        }
        #expect(drawn.count == wanted, "only \(drawn.count) scenarios met another app's keyboard")
    }
}
