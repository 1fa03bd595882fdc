import Foundation
import GlueBridge
import KeyboardAvoidance
import KeyboardAvoidanceSwiftUI
import KeyboardGeometry
import KeyboardScenarios
import KeyboardStrategies
import Testing

/// The SwiftUI modifier file an app ships (Sources/KeyboardAvoidanceSwiftUI,
/// compiled unchanged), run on the SwiftUI stand-in and held to its
/// session: on generated scenarios under each order SwiftUI may report a
/// pass in (``SwiftUIDifferential``), and on what the scenarios never
/// vary (the modifier's arguments).
@MainActor
@Suite("The SwiftUI modifier file, held to its session on the SwiftUI stand-in", .serialized)
struct SwiftUIModifierTests {
    static let seed: UInt64 = 20_261_128
    static let heavy = ProcessInfo.processInfo.environment["KBBENCH_HEAVY_TESTS"] == "1"
    /// Scenarios in the modifier's scope under each order: on screens of
    /// fields 500 in the fast tier, 2,500 in the heavy one (about 2 s a
    /// thousand, in release, on one core); on chat screens, whose events
    /// cost several times as much, 250 and 500.
    static func scenarios(on screens: ScreenKind) -> Int {
        switch screens {
        case .fields: heavy ? 2_500 : 500
        case .chat: heavy ? 500 : 250
        }
    }

    /// On screens of fields (the modifier with its fields) and on chat
    /// screens (its chat form, with a composer), under each order.
    @Test(arguments: SwiftUIReportOrder.allCases, ScreenKind.allCases)
    func theModifierAgreesWithItsSession(under order: SwiftUIReportOrder, on screens: ScreenKind) async {
        let scenarios = Self.scenarios(on: screens)
        let result = SwiftUICampaign(seed: Self.seed, scenarios: scenarios, order: order, screens: screens).run()
        #expect(result.checked == scenarios)
        #expect(result.disagreeing == 0, "\(result.first.map { "scenario \($0.index) of seed \(Self.seed): \($0.disagreement)" } ?? "")")
        let c = result.compared
        #expect(c.scenarios == scenarios - result.disagreeing)
        #expect(c.withMargin * 4 > c.events, "a margin was set after a quarter of the events or more: \(c.withMargin) of \(c.events)")
        #expect(c.handed > 20, "the engine was handed events: at most \(c.handed) in a scenario")
        #expect(c.animations > 5, "changes were made: at most \(c.animations) in a scenario")
    }

    static let scene = SwiftUIScene(
        screen: KBSize(width: 390, height: 844), orientation: .portrait, window: KBRect(x: 0, y: 0, width: 390, height: 844))
    static let geometry = SwiftUIScrollGeometry(
        contentOffset: KBPoint(x: 0, y: 0), contentSize: KBSize(width: 390, height: 1_600), containerSize: KBSize(width: 390, height: 800),
        contentInsets: KBEdgeInsets(bottom: 34))

    /// The modifier on screen, its layout ready, field 0 focused.
    static func shown(_ stage: SwiftUIStage) {
        let reports: [SwiftUIReport<Int>] = [
            .scene(scene), .policy(AvoidancePolicy()), .appeared, .frame(KBRect(x: 0, y: 44, width: 390, height: 800)), .geometry(geometry),
            .field(0, KBRect(x: 16, y: 600, width: 358, height: 44)),
        ]
        for report in reports { _ = stage.receive(report) }
        _ = stage.settle()
        _ = stage.receive(.focus(0))
    }

    /// SwiftUI gives a modifier its arguments anew at each update: a new
    /// policy while the view is shown reaches the engine at once, as a
    /// layout change; the same policy again is nothing.
    @Test func aPolicyGivenWhileShownReachesTheEngine() async {
        let handed = HandTurnedMainQueue.run { _ -> [[AvoiderEvent]] in
            let stage = SwiftUIStage(policy: AvoidancePolicy())
            defer { stage.tearDown() }
            Self.shown(stage)
            let same = stage.receive(.policy(AvoidancePolicy())).handed.map(\.event)
            let new = stage.receive(.policy(AvoidancePolicy(distance: 20))).handed.map(\.event)
            return [same, new]
        }
        #expect(handed == [[], [.layoutChanged]])
    }

    /// SwiftUI's own avoidance is switched off where the modifier takes
    /// over: otherwise the view would move for the keyboard twice.
    @Test func swiftUIsOwnAvoidanceIsOff() async {
        let off = HandTurnedMainQueue.run { _ -> Bool in
            let stage = SwiftUIStage(policy: AvoidancePolicy())
            defer { stage.tearDown() }
            Self.shown(stage)
            return stage.ignoresTheKeyboardsSafeArea
        }
        #expect(off)
    }

    /// The first pass reaches the engine only at its end, on the main
    /// queue's next turn: the modifier queues it there.
    @Test func aPassEndsOnTheMainQueuesNextTurn() async {
        let (during, after) = HandTurnedMainQueue.run { _ -> ([AvoiderEvent], [AvoiderEvent]) in
            let stage = SwiftUIStage(policy: AvoidancePolicy())
            defer { stage.tearDown() }
            var during: [AvoiderEvent] = []
            let reports: [SwiftUIReport<Int>] = [
                .scene(Self.scene), .policy(AvoidancePolicy()), .appeared, .frame(KBRect(x: 0, y: 44, width: 390, height: 800)),
                .geometry(Self.geometry),
            ]
            for report in reports { during += stage.receive(report).handed.map(\.event) }
            return (during, stage.settle()?.handed.map(\.event) ?? [])
        }
        #expect(during.isEmpty)
        #expect(after == [.viewAppeared])
    }
}
