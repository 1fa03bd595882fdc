import KeyboardAvoidance
import KeyboardAvoidanceSwiftUI
import KeyboardGeneration
import KeyboardGeometry
import KeyboardStrategies
import KeyboardTrace
import KeyboardWorld
import Testing

/// What the SwiftUI reporter tells the modifier, report by report.
@Suite("SwiftUI reporter")
struct SwiftUIReporterTests {
    /// A phone's screen on iOS 13 whose scroll view fills it, with a field.
    static let trace = Trace(
        header: TraceHeader(
            profile: .ios13, screen: KBSize(width: 390, height: 844),
            scrollView: ScrollViewState(frame: KBRect(x: 0, y: 0, width: 390, height: 844), contentSize: KBSize(width: 390, height: 2_000)),
            fields: [KBRect(x: 16, y: 300, width: 300, height: 44)]),
        events: [.focus(field: 0, caret: nil), .blur])

    /// The prelude gives the policy after the scene; a policy the app gives
    /// while the view is shown reaches the modifier once, with the next
    /// event's reports; the same policy again is not reported.
    @Test(arguments: SwiftUIReportOrder.allCases)
    func aNewPolicyIsReportedOnce(order: SwiftUIReportOrder) {
        var replay = WorldReplay(Self.trace)
        var reporter = SwiftUIReporter(order: order)
        // The prelude opens with the scene the view appears in, then the
        // policy and the appearance, then the first layout pass.
        let prelude = reporter.prelude(world: replay.world, scrollView: replay.scrollView)
        guard case .scene = prelude.first, prelude.count > 3 else {
            Issue.record("the prelude opens with its scene: \(prelude)")
            return
        }
        #expect(Array(prelude[1...2]) == [.policy(replay.world.policy), .appeared], "\(prelude)")
        #expect(!prelude.dropFirst().contains { if case .scene = $0 { true } else { false } }, "one scene: \(prelude)")
        replay.applyNext()
        var world = replay.world
        world.policy.distance += 12
        let reports = reporter.reports(for: Self.trace.events[0].event, world: world, scrollView: replay.scrollView)
        #expect(reports.filter { if case .policy = $0 { true } else { false } } == [.policy(world.policy)], "\(reports)")
        replay.applyNext()
        var next = replay.world
        next.policy = world.policy
        let again = reporter.reports(for: Self.trace.events[1].event, world: next, scrollView: replay.scrollView)
        #expect(!again.contains { if case .policy = $0 { true } else { false } }, "\(again)")
    }

    /// A field's `frame(in: .global)` is where its content frame is drawn:
    /// the scroll view's origin plus the field's place in the content,
    /// less the content offset, on both axes (a transcript scrolled
    /// sideways moves its fields left).
    @Test func aFieldsGlobalFrameIsItsContentFrameLessTheOffset() {
        var scrollView = ScrollViewModel(
            ScrollViewState(frame: KBRect(x: 10, y: 88, width: 375, height: 600), contentSize: KBSize(width: 800, height: 2_000)))
        scrollView.contentOffset = KBPoint(x: 120, y: 300)
        let field = KBRect(x: 200, y: 500, width: 150, height: 44)
        #expect(SwiftUIReporter.frameInWindow(of: field, in: scrollView) == KBRect(x: 10 + 200 - 120, y: 88 + 500 - 300, width: 150, height: 44))
    }

    /// A reporter in `order` that has told the modifier the prelude and the
    /// trace's focus, with the world and scroll view after the focus.
    static func afterTheFocus(order: SwiftUIReportOrder) -> (SwiftUIReporter, SimulatedWorld, ScrollViewModel) {
        var replay = WorldReplay(trace)
        var reporter = SwiftUIReporter(order: order)
        _ = reporter.prelude(world: replay.world, scrollView: replay.scrollView)
        replay.applyNext()
        _ = reporter.reports(for: trace.events[0].event, world: replay.world, scrollView: replay.scrollView)
        return (reporter, replay.world, replay.scrollView)
    }

    /// An event's reports run: the scene if it changed, the event's own
    /// report, then the layout's changes. A keyboard notification heard as
    /// the window moves (a Stage Manager window dragged while the keyboard
    /// is up) reads as the new scene, the notification, then the scroll
    /// view's new frame.
    @Test(arguments: SwiftUIReportOrder.allCases)
    func anEventsReportsRunSceneThenItsOwnThenTheLayout(order: SwiftUIReportOrder) {
        var (reporter, world, scrollView) = Self.afterTheFocus(order: order)
        world.window = KBRect(x: 40, y: 60, width: 310, height: 700)
        scrollView.state.frame = KBRect(x: 0, y: 0, width: 310, height: 700)
        let n = KeyboardNotification(name: .willChangeFrame, frameEnd: KBRect(x: 0, y: 508, width: 390, height: 336))
        let reports = reporter.reports(for: .keyboard(n), world: world, scrollView: scrollView)
        #expect(reports.first == .scene(SwiftUIScene(screen: world.screen, orientation: world.orientation, window: world.window)), "\(reports)")
        #expect(reports.dropFirst().first == .keyboard(n) && reports.contains(.frame(scrollView.state.frame)), "\(reports)")
    }

    /// A layout pass that changes nothing the modifier reads tells it
    /// nothing, not even a scene that changed (a half turn between the two
    /// landscapes keeps every frame): the scene is read with the next
    /// pass that reports something, and comes first in it.
    @Test(arguments: SwiftUIReportOrder.allCases)
    func aLayoutPassThatChangesNothingReportsNoScene(order: SwiftUIReportOrder) {
        var (reporter, world, scrollView) = Self.afterTheFocus(order: order)
        world.orientation = world.orientation == .landscapeLeft ? .landscapeRight : .landscapeLeft
        #expect(reporter.layoutReports(world: world, scrollView: scrollView) == [])
        scrollView.state.frame.size.height -= 100
        let next = reporter.layoutReports(world: world, scrollView: scrollView)
        #expect(next.first == .scene(SwiftUIScene(screen: world.screen, orientation: world.orientation, window: world.window)), "\(next)")
        #expect(next.contains(.frame(scrollView.state.frame)), "\(next)")
    }

    /// An event that tells the modifier nothing tells it no scene either
    /// (only a layout that moves the window is heard alone, by the scene's
    /// own observation): after a half turn, a focus on the field focused
    /// already, and an appearance of the view on screen already, report
    /// nothing.
    @Test(arguments: SwiftUIReportOrder.allCases)
    func anEventWithNothingToReportReportsNoScene(order: SwiftUIReportOrder) {
        var (reporter, world, scrollView) = Self.afterTheFocus(order: order)
        world.orientation = world.orientation == .landscapeLeft ? .landscapeRight : .landscapeLeft
        #expect(reporter.reports(for: .focus(field: 0, caret: nil), world: world, scrollView: scrollView) == [])
        #expect(reporter.reports(for: .appear, world: world, scrollView: scrollView) == [])
    }

    /// A scene that changed reaches the modifier before anything else of
    /// the event (the keyboard's notification, the focus, the layout pass),
    /// so that each is read in the scene it happened in: on 300 generated
    /// scenarios of seed 20261205 under both orders, every event's reports
    /// hold at most one scene, and it is the first.
    @Test(arguments: SwiftUIReportOrder.allCases)
    func aChangedSceneComesFirst(order: SwiftUIReportOrder) {
        var scenes = 0, behindOthers = 0
        for index in 0..<300 {
            let (_, trace) = ScenarioGenerator.scenarioAndTrace(seed: 20_261_205, index: index, adversarial: index % 2 == 1)
            var replay = WorldReplay(trace)
            var reporter = SwiftUIReporter(order: order)
            _ = reporter.prelude(world: replay.world, scrollView: replay.scrollView)
            for line in trace.events {
                replay.applyNext()
                let reports = reporter.reports(for: line.event, world: replay.world, scrollView: replay.scrollView)
                let at = reports.indices.filter { if case .scene = reports[$0] { true } else { false } }
                scenes += at.count
                if at != [] && at != [0] {
                    behindOthers += 1
                    Issue.record("scenario \(index), line \(line.line): \(reports)")
                }
            }
        }
        #expect(scenes > 20 && behindOthers == 0, "\(scenes) scenes reported")
    }
}
