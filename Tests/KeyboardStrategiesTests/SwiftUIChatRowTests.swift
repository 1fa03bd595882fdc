import KBTestSupport
import KeyboardAvoidance
import KeyboardAvoidanceSwiftUI
import KeyboardGeneration
import KeyboardGeometry
import KeyboardOracle
import KeyboardSearch
import KeyboardStrategies
import KeyboardTrace
import KeyboardWorld
import Testing

/// The SwiftUI modifier's chat form as the shootout's `swiftUIWithKbbench`
/// row runs it on a chat screen: what SwiftUI reports of a chat screen
/// (``SwiftUIReporter``), where the modifier puts the composer, and which
/// chat screens it is judged on.
@Suite("SwiftUI modifier: the shootout's row on chat screens")
struct SwiftUIChatRowTests {
    /// The seed of the generated chat screens: labelled, fixed.
    static let seed: UInt64 = 20_261_203

    /// A chat screen on an iPhone with a home indicator: the transcript is
    /// the whole window, the composer rests on its bottom safe area.
    static func chatHeader(restingInset: Double = 34) -> TraceHeader {
        TraceHeader(
            profile: .ios13, screen: KBSize(width: 390, height: 844),
            scrollView: ScrollViewState(
                frame: KBRect(x: 0, y: 0, width: 390, height: 844), safeArea: KBEdgeInsets(top: 47, left: 0, bottom: 34, right: 0),
                contentSize: KBSize(width: 390, height: 2_000)),
            fields: [], systemVersion: 18, composer: Composer(height: 52, restingInset: restingInset))
    }

    /// The reports of each event of `trace`, in order, as the strategy's
    /// host delivers them (with nothing for the modifier to settle: the
    /// reports of its own margins and scroll left out).
    static func reports(of trace: Trace) -> [[SwiftUIReport<Int>]] {
        var replay = WorldReplay(trace)
        var reporter = SwiftUIReporter(order: .scrollGeometryFirst)
        var out = [reporter.prelude(world: replay.world, scrollView: replay.scrollView)]
        for line in trace.events {
            replay.applyNext()
            out.append(
                reporter.reportsBeginning(line.event, world: replay.world)
                    + reporter.layoutReports(world: replay.world, scrollView: replay.scrollView)
                    + reporter.reports(for: line.event, world: replay.world, scrollView: replay.scrollView))
        }
        return out
    }

    @Test("a chat screen reports its safe area and composer height once each, and the user's scroll between the user's phases")
    func aChatScreenReportsWhatTheChatFormReads() {
        var scroll = LayoutChange()
        scroll.contentOffset = KBPoint(x: 0, y: 400)
        var message = LayoutChange()
        message.contentSize = KBSize(width: 390, height: 2_060)
        var grown = LayoutChange()
        grown.composer = Composer(height: 72, restingInset: 34)
        let trace = Trace(header: Self.chatHeader(), events: [.layout(scroll), .layout(message), .layout(grown)])
        let reports = Self.reports(of: trace)
        #expect(reports[0].contains(.safeArea(KBEdgeInsets(top: 47, left: 0, bottom: 34, right: 0))) && reports[0].contains(.composerHeight(52)))
        let scrolled = reports[1]
        #expect(scrolled.first == .userScrolling(true) && scrolled.last == .userScrolling(false), "\(scrolled)")
        #expect(scrolled.contains { if case .geometry(let g) = $0 { g.contentOffset.y == 400 } else { false } })
        #expect(!reports[2].contains(.userScrolling(true)), "a message is not the user's scroll: \(reports[2])")
        #expect(reports[3] == [.composerHeight(72)])
        #expect(reports.joined().filter { if case .safeArea = $0 { true } else { false } }.count == 1)
        #expect(reports[0].contains(.appeared) && reports.joined().filter { $0 == .appeared }.count == 1, "the view appeared once, in the prelude")
    }

    @Test("the prelude is given once: a second call is empty")
    func thePreludeIsGivenOnce() {
        let replay = WorldReplay(Trace(header: Self.chatHeader(), events: []))
        var reporter = SwiftUIReporter(order: .scrollGeometryFirst)
        #expect(reporter.prelude(world: replay.world, scrollView: replay.scrollView).contains(.appeared))
        #expect(reporter.prelude(world: replay.world, scrollView: replay.scrollView).isEmpty)
    }

    @Test("a pass's end is due once a report opened one, and once only; nothing is due before")
    func aPassSettlesOnceAfterItOpened() {
        let replay = WorldReplay(Trace(header: Self.chatHeader(), events: []))
        var session = SwiftUISessionUnderTest(SwiftUIWithKbbenchStrategy.session(for: replay.world))
        #expect(session.settle() == nil)
        var reporter = SwiftUIReporter(order: .scrollGeometryFirst)
        let steps = reporter.prelude(world: replay.world, scrollView: replay.scrollView).map { session.receive($0) }
        #expect(steps.contains { $0.passBegan }, "the first layout opens a pass")
        #expect(session.settle() != nil)
        #expect(session.settle() == nil)
    }

    /// The modifier performs each step that sets or scrolls something in
    /// one `withAnimation`, and an empty step in none: the animations kept
    /// are those steps' own, in order (the stand-in's differential compares
    /// them with what SwiftUI was asked to perform).
    @Test func eachStepThatChangesSomethingKeepsItsAnimationAndAnEmptyStepNone() {
        let replay = WorldReplay(Trace(header: Self.chatHeader(), events: []))
        var session = SwiftUISessionUnderTest(SwiftUIWithKbbenchStrategy.session(for: replay.world))
        var reporter = SwiftUIReporter(order: .scrollGeometryFirst)
        var steps = reporter.prelude(world: replay.world, scrollView: replay.scrollView).map { session.receive($0) }
        if let settled = session.settle() { steps.append(settled) }
        let changing = steps.filter { !$0.isEmpty }
        #expect(!changing.isEmpty && changing.count < steps.count, "steps of both kinds: \(changing.count) of \(steps.count) change something")
        #expect(session.animations == changing.map { SwiftUIAnimation($0.animation) })
    }

    @Test("a screen of fields reports no chat form's values, and its scroll is no user's")
    func aScreenOfFieldsReportsNoneOfThem() {
        var header = Self.chatHeader()
        header.composer = nil
        header.fields = [KBRect(x: 20, y: 600, width: 300, height: 44)]
        var scroll = LayoutChange()
        scroll.contentOffset = KBPoint(x: 0, y: 400)
        let reports = Self.reports(of: Trace(header: header, events: [.layout(scroll)])).joined()
        #expect(!reports.isEmpty)
        #expect(
            !reports.contains { r in
                switch r {
                case .safeArea, .composerHeight, .userScrolling: true
                default: false
                }
            })
    }

    /// The view appears, and has its first layout, in the trace's start:
    /// the engine hears the start's layout first, then what the first
    /// event changed (a bar that raises the safe area), as an app's view
    /// does; the transcript that started at its end is followed there.
    @Test("the modifier hears the trace's start first: a view that starts at its end is still at it after the first event moves its safe area")
    func theViewAppearsInTheTracesStart() throws {
        var change = LayoutChange()
        change.safeArea = KBEdgeInsets(top: 47, left: 0, bottom: 83, right: 0)
        change.composer = Composer(height: 52, restingInset: 83)
        var header = Self.chatHeader()
        header.scrollView.contentOffset.y = 2_000 - 844 + 34
        let trace = Trace(header: header, events: [.layout(change)])
        var replay = WorldReplay(trace)
        var host = SwiftUIModifierHost(
            SwiftUISessionUnderTest(SwiftUIWithKbbenchStrategy.session(for: replay.world)), order: .scrollGeometryFirst, start: replay.world)
        replay.applyNext()
        let step = host.handle(trace.events[0].event, world: replay.world, scrollView: &replay.scrollView)
        let appeared = try #require(step.handed.first)
        #expect(appeared.event == AvoiderEvent.viewAppeared)
        #expect(appeared.layout.scrollView.contentInset.bottom == 34 && appeared.layout.scrollView.safeArea.bottom == 34, "the start's layout")
        #expect(step.handed.dropFirst().contains { $0.layout.scrollView.safeArea.bottom == 83 }, "then the first event's")
        #expect(replay.scrollView.contentOffset.y == 2_000 - 844 + 83 + 52, "at the end over the composer: \(replay.scrollView.contentOffset.y)")
    }

    /// A modifier still busy after ``SwiftUIModifierHost/maximumRounds``
    /// rounds is left as it is: each run of reports settles exactly that
    /// many times (eight), the first event's three runs (the start's
    /// layout, the event's beginning, its reports) and a later event's two.
    @Test func aBusyModifierIsGivenEightRoundsARun() {
        struct Busy: SwiftUIModifierUnderTest {
            var settles = 0
            mutating func receive(_ report: SwiftUIReport<Int>) -> SwiftUISessionStep { SwiftUISessionStep() }
            mutating func settle() -> SwiftUISessionStep? {
                settles += 1
                return SwiftUISessionStep()
            }
        }
        let trace = Trace(header: Self.chatHeader(), events: [.layout(LayoutChange()), .layout(LayoutChange())])
        var replay = WorldReplay(trace)
        var host = SwiftUIModifierHost(Busy(), order: .scrollGeometryFirst, start: replay.world)
        replay.applyNext()
        _ = host.handle(trace.events[0].event, world: replay.world, scrollView: &replay.scrollView)
        #expect(host.modifier.settles == 3 * 8)
        replay.applyNext()
        _ = host.handle(trace.events[1].event, world: replay.world, scrollView: &replay.scrollView)
        #expect(host.modifier.settles == 5 * 8)
    }

    /// The world places the composer by its own rule
    /// (``SimulatedWorld/composerTop(_:)``); the modifier lifts it off the
    /// resting line by the session's lift. On every generated chat screen
    /// in the row's scope the two agree at rest (where the oracle judges
    /// the transcript: ``Oracle/restPoints(_:chatScreen:)``) with the view
    /// on screen, once the session has set a lift: the transcript is judged
    /// against the composer the app shows. Between two notifications iOS
    /// posts together nothing is drawn, and there the two may differ (a
    /// WillChangeFrame to an accessory's strip before its WillHide lifts
    /// the composer for no frame).
    @Test("on 400 chat screens in scope (seed 20261203), the lifted composer sits where the world puts it at rest")
    func theLiftedComposerSitsWhereTheWorldPutsIt() throws {
        var checked = 0, events = 0, lifted = 0
        // About a quarter of chat screens are in scope; far fewer ends
        // the walk, and fails below.
        var walk = ScenariosInScope(SwiftUIWithKbbenchStrategy.scope, seed: Self.seed, screens: .chat, limit: 8_000)
        while checked < 400, let (index, trace) = walk.next() {
            checked += 1
            var replay = WorldReplay(trace)
            var host = SwiftUIModifierHost(
                SwiftUISessionUnderTest(SwiftUIWithKbbenchStrategy.session(for: replay.world)), order: .scrollGeometryFirst, start: replay.world)
            var lift: Double?
            let rest = Oracle.restPoints(trace.events, chatScreen: true)
            for (i, line) in trace.events.enumerated() {
                replay.applyNext()
                if let new = host.handle(line.event, world: replay.world, scrollView: &replay.scrollView).composerLift { lift = new }
                guard rest[i], replay.world.isVisible, let lift, let composer = replay.world.composer else { continue }
                events += 1
                if lift > 0 { lifted += 1 }
                let shown = replay.world.window.height - composer.restingInset - lift - composer.height
                try #require(
                    abs(shown - replay.world.composerTop(composer)) < 1e-6,
                    "chat screen \(index) of seed \(Self.seed), line \(line.line): the modifier's composer top \(shown), the world's \(replay.world.composerTop(composer))"
                )
            }
        }
        #expect(checked == 400, "only \(checked) of the first \(walk.walked) chat screens in scope")
        #expect(events > checked * 5, "events compared: \(events)")
        #expect(lifted > checked, "the keyboard lifted the composer after \(lifted) events")
    }

    @Test("the row's scope: a composer on the transcript's bottom safe area is in it, one on the window's edge above that is not")
    func theScopeHoldsTheComposerToTheOverlaysLine() {
        let scope = SwiftUIWithKbbenchStrategy.scope
        #expect(scope.admits(Trace(header: Self.chatHeader(), events: [])))
        let off = Trace(header: Self.chatHeader(restingInset: 0), events: [])
        #expect(scope.exclusions(off) == ["a composer resting off the transcript's bottom safe area"])
        // A layout that moves the safe area and not the composer's line.
        var change = LayoutChange()
        change.safeArea = KBEdgeInsets(top: 47, left: 0, bottom: 21, right: 0)
        #expect(
            scope.exclusions(Trace(header: Self.chatHeader(), events: [.layout(change)])) == [
                "a composer resting off the transcript's bottom safe area"
            ])
        change.composer = Composer(height: 52, restingInset: 21)
        #expect(scope.admits(Trace(header: Self.chatHeader(), events: [.layout(change)])))
    }
}
