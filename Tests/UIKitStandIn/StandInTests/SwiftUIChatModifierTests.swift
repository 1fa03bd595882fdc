import GlueBridge
import KeyboardAvoidance
import KeyboardAvoidanceSwiftUI
import KeyboardGeometry
import Testing

/// The SwiftUI modifier file's chat entry point
/// (`keyboardAvoidance(policy:events:composer:)`), compiled unchanged, run
/// on the SwiftUI stand-in and held to its session: the same reports, with
/// each pass ended on the main queue's next turn by the modifier itself,
/// hand the engine the same events with the same layouts, and leave the
/// same margins, scroll and composer lift. A stand-in is a test double, not
/// SwiftUI: what SwiftUI's layout does with the lift is not run here.
@MainActor
@Suite("The SwiftUI chat modifier, held to its session on the stand-in", .serialized)
struct SwiftUIChatModifierTests {
    /// A report, or the end of the main queue's turn.
    enum Move {
        case report(SwiftUIReport<Int>)
        case settle
    }

    /// What was last set, and everything handed.
    struct Outcome: Equatable {
        var handed: [HandedEvent] = []
        var margins = SwiftUISessionStep.Margins(content: 0, indicators: 0)
        var scroll: KBPoint?
        var lift = 0.0

        mutating func add(_ step: SwiftUISessionStep) {
            handed += step.handed
            if let m = step.margins { margins = m }
            if let s = step.scroll { scroll = s }
            if let l = step.composerLift { lift = l }
        }
    }

    static let scene = SwiftUIScene(
        screen: KBSize(width: 375, height: 812), orientation: .portrait, window: KBRect(x: 0, y: 0, width: 375, height: 812))
    static func geometry(margin: Double, offsetY: Double, contentHeight: Double = 2_000) -> SwiftUIScrollGeometry {
        SwiftUIScrollGeometry(
            contentOffset: KBPoint(x: 0, y: offsetY), contentSize: KBSize(width: 375, height: contentHeight),
            containerSize: KBSize(width: 375, height: 724), contentInsets: KBEdgeInsets(bottom: 34 + margin))
    }
    static func keyboard(_ name: KeyboardNotification.Name, up: Bool) -> KeyboardNotification {
        let shown = KBRect(x: 0, y: 476, width: 375, height: 336), hidden = KBRect(x: 0, y: 812, width: 375, height: 336)
        return KeyboardNotification(name: name, frameBegin: up ? hidden : shown, frameEnd: up ? shown : hidden, duration: 0.25, curve: 7)
    }

    /// A session: appear at the end, the keyboard up, a message, the
    /// composer grown, the user reading, a message while reading, the
    /// keyboard down. The geometry SwiftUI reports follows what was asked.
    static let moves: [Move] = [
        .report(.scene(scene)), .report(.policy(AvoidancePolicy())), .report(.appeared),
        .report(.frame(KBRect(x: 0, y: 88, width: 375, height: 724))), .report(.safeArea(KBEdgeInsets(bottom: 34))),
        .report(.geometry(geometry(margin: 0, offsetY: 1_310))),
        .report(.composerHeight(52)), .settle,
        .report(.geometry(geometry(margin: 52, offsetY: 1_362))), .settle,
        .report(.keyboard(keyboard(.willShow, up: true))), .report(.geometry(geometry(margin: 354, offsetY: 1_362))), .settle,
        .report(.geometry(geometry(margin: 354, offsetY: 1_664))), .settle,
        .report(.geometry(geometry(margin: 354, offsetY: 1_664, contentHeight: 2_120))), .settle,
        .report(.geometry(geometry(margin: 354, offsetY: 1_784, contentHeight: 2_120))), .settle,
        .report(.composerHeight(72)), .settle,
        .report(.geometry(geometry(margin: 374, offsetY: 1_784, contentHeight: 2_120))), .settle,
        .report(.userScrolling(true)), .report(.geometry(geometry(margin: 374, offsetY: 600, contentHeight: 2_120))),
        .report(.userScrolling(false)), .settle,
        .report(.geometry(geometry(margin: 374, offsetY: 600, contentHeight: 2_240))), .settle,
        .report(.keyboard(keyboard(.willHide, up: false))), .settle,
    ]

    static func session() -> Outcome {
        var session = SwiftUIAvoidanceSession<Int>(policy: AvoidancePolicy(), chat: true)
        var outcome = Outcome()
        for move in moves {
            switch move {
            case .report(let r): outcome.add(session.receive(r))
            case .settle: outcome.add(session.receive(.passEnded))
            }
        }
        return outcome
    }

    @Test func theChatModifierAgreesWithItsSession() async {
        let expected = Self.session()
        let staged = HandTurnedMainQueue.run { _ -> Outcome in
            let stage = SwiftUIStage(policy: AvoidancePolicy(), chat: true)
            defer { stage.tearDown() }
            var outcome = Outcome()
            for move in Self.moves {
                switch move {
                case .report(let r): outcome.add(stage.receive(r))
                case .settle: stage.settle().map { outcome.add($0) }
                }
            }
            return outcome
        }
        #expect(staged.handed.map(\.event) == expected.handed.map(\.event))
        #expect(staged == expected)
        // The session's own answers, so that the agreement is about
        // something: the keyboard lifted the composer and back, the
        // transcript followed, then kept the reader's rows.
        #expect(expected.handed.map(\.event).filter { $0 == .contentChanged }.count == 3, "a message, the composer, a message")
        #expect(expected.handed.map(\.event).filter { $0 == .scrolled }.count == 1, "the reader: the drag and its end in one pass")
        #expect(expected.lift == 0 && expected.margins.content == 72, "down again: on the safe area, the grown composer's margin")
        #expect(expected.scroll?.y == 1_804, "the last scroll was to the end before the user read; none since")
    }
}
