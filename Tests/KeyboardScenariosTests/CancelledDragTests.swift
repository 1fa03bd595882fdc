import KeyboardAvoidance
import KeyboardGeneration
import KeyboardGeometry
import KeyboardOracle
import KeyboardScenarios
import KeyboardStrategies
import KeyboardTrace
import KeyboardWorld
import Testing

/// An interactive dismissal the user cancels (``UserAction/cancelDrag``):
/// the keyboard stays and the field keeps its focus; nothing is sent during
/// the drag, and after it what the scenario reads
/// (``KeyboardAfterCancelledDrag``). Each reading forced, and both held on
/// generated scenarios and chat screens whose interactive dismissals are
/// each first cancelled once.
@Suite("Simulator: an interactive dismissal the user cancels")
struct CancelledDragTests {
    /// An iPhone 8 on iOS 13, two fields, the keyboard drawn as `after`
    /// reads a cancelled drag.
    static func scenario(_ after: KeyboardAfterCancelledDrag, systemVersion: Int = 13) -> Scenario {
        Scenario(
            device: DeviceCatalog.device(named: "iphone8")!, profile: .ios13, systemVersion: systemVersion, keyboardAfterCancelledDrag: after,
            contentHeight: 1500, fields: [KBRect(x: 16, y: 500, width: 280, height: 44), KBRect(x: 16, y: 900, width: 280, height: 44)],
            actions: [])
    }

    /// The keyboard notifications of `lines` (``WindowChangeTests/notifications(_:)``).
    static func notifications(_ lines: [TraceLine]) -> [KeyboardNotification] { WindowChangeTests.notifications(lines) }

    /// How many WillShows in `lines` begin where they end.
    static func showsInPlace(_ lines: [TraceLine]) -> Int {
        notifications(lines).filter { $0.name == .willShow && $0.frameBegin == $0.frameEnd }.count
    }

    /// Under `.nothing` the cancel adds no line; under `.showAgain` the
    /// era's show, every payload from the keyboard's frame to the same
    /// frame. Under both the keyboard does not move, the field stays
    /// focused, and the labels say what happened.
    @Test(arguments: KeyboardAfterCancelledDrag.allCases)
    func aCancelledDragKeepsTheKeyboardAndTheFocus(_ after: KeyboardAfterCancelledDrag) throws {
        var sim = ScenarioSimulator(Self.scenario(after))
        _ = sim.perform(.focus(1))
        let keyboard = try #require(sim.truth)
        #expect(sim.isValid(.cancelDrag))
        let lines = sim.perform(.cancelDrag)
        let sent = Self.notifications(lines)
        switch after {
        case .nothing:
            #expect(lines.isEmpty, "\(lines)")
        case .showAgain:
            #expect(sent.map(\.name) == [.willChangeFrame, .willShow, .didChangeFrame, .didShow])
            #expect(sent.count == lines.count, "nothing but the show: \(lines)")
            #expect(sent.allSatisfy { $0.frameBegin == keyboard && $0.frameEnd == keyboard }, "\(sent)")
        }
        #expect(lines.allSatisfy { $0.truth == .shown(keyboard) }, "the keyboard does not move: \(lines)")
        #expect(sim.truth == keyboard && sim.focused == 1)
        #expect(sim.features.contains(.dragCancelled))
        #expect(sim.features.contains(.showAfterCancelledDrag) == (after == .showAgain))
    }

    /// The show reports where the keyboard is: after an input-mode change
    /// iOS did not announce, the keyboard's new frame, which the truth
    /// then follows.
    @Test func theShowReportsAnUnannouncedChange() throws {
        var sim = ScenarioSimulator(Self.scenario(.showAgain))
        _ = sim.perform(.focus(0))
        let heard = try #require(sim.truth)
        #expect(sim.perform(.silentInputModeChange(.standard)).isEmpty)
        let lines = sim.perform(.cancelDrag)
        let end = try #require(Self.notifications(lines).last?.frameEnd)
        #expect(end != heard, "the keyboard without its predictive bar, not the one the app last heard")
        #expect(lines.allSatisfy { $0.truth == .shown(end) } && sim.truth == end)
    }

    /// No cancel where no drag can be: before iOS 7, with no field
    /// focused, with a keyboard that is not docked.
    @Test func noCancelWhereNoDragCanBe() {
        var ios6 = ScenarioSimulator(
            Scenario(
                device: DeviceCatalog.device(named: "iphone5")!, profile: .ios7, systemVersion: 6, keyboardAfterCancelledDrag: .showAgain,
                contentHeight: 1500, fields: [KBRect(x: 16, y: 500, width: 280, height: 44)], actions: []))
        _ = ios6.perform(.focus(0))
        #expect(!ios6.isValid(.cancelDrag) && !ios6.isValid(.dragToDismiss))
        var sim = ScenarioSimulator(Self.scenario(.showAgain))
        #expect(!sim.isValid(.cancelDrag), "no field focused")
        _ = sim.perform(.focus(0))
        #expect(sim.isValid(.cancelDrag))
        var pad = ScenarioSimulator(
            Scenario(
                device: DeviceCatalog.device(named: "ipad")!, profile: .ipados, keyboardAfterCancelledDrag: .showAgain, contentHeight: 1500,
                fields: [KBRect(x: 16, y: 500, width: 280, height: 44)], actions: []))
        _ = pad.perform(.focus(0))
        #expect(pad.isValid(.cancelDrag))
        _ = pad.perform(.float)
        #expect(!pad.isValid(.cancelDrag), "a floating keyboard is not dragged down to dismiss")
    }

    /// Generated scenarios with an interactive dismissal, each such
    /// dismissal first cancelled once (valid where the dismissal is, and
    /// leaving everything as it was), played under each reading, as screens
    /// of fields and as chat screens: every trace possible, and the engine
    /// keeps every invariant on them (seed 20261212).
    @Test(arguments: KeyboardAfterCancelledDrag.allCases)
    func everyReadingGivesPossibleTracesTheEngineHandles(_ after: KeyboardAfterCancelledDrag) {
        let wanted = 120
        let drawn = GeneratedScenarios.first(wanted, seed: 20_261_212) { $0.contains(.dragToDismiss) }
        for (index, g) in drawn {
            let (trace, _, skipped) = ScenarioSimulator.simulate(g.scenario.cancellingEachDismissalOnce(readAs: after))
            #expect(skipped.isEmpty, "scenario \(index): actions \(skipped) not valid where they were played")
            let shows = Self.showsInPlace(trace.events), before = Self.showsInPlace(g.trace.events)
            #expect((shows > before) == (after == .showAgain), "scenario \(index): \(before) shows in place before, \(shows) after")
            let chat = ChatScreens.generated(seed: 20_261_212, index: index, adversarial: index % 2 == 1).played(trace)
            for (kind, t) in [("scenario", trace), ("chat screen", chat)] {
                #expect(t.isPossible, "\(kind) \(index): \(t.impossibilities)")
                let violated = EngineStrategy.verdict(in: t).violated
                #expect(violated.isEmpty, "\(kind) \(index): the engine violates \(violated.sorted())")
            }
        }
        #expect(drawn.count == wanted, "only \(drawn.count) scenarios dismissed the keyboard interactively")
    }
}
