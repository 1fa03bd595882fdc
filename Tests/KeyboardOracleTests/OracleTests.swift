import Foundation
import KBTestSupport
import KeyboardHarness
import KeyboardAvoidance
import KeyboardGeometry
import KeyboardOracle
import KeyboardStrategies
import KeyboardTrace
import KeyboardWorld
import Testing

/// The oracle catches what broken strategies do: each test strategy below
/// breaks one invariant on a corpus trace.
@Suite("Oracle")
struct OracleTests {
    /// Never touches the scroll view.
    struct Passive: AvoidanceStrategy {
        static let name = "passive"
        init(world: SimulatedWorld) {}
        mutating func handle(_ event: TraceEvent, world: SimulatedWorld, scrollView: inout ScrollViewModel) -> StepOutcome {
            .ignored(.own("passive"))
        }
    }

    /// The engine, but it never restores.
    struct Sticky: AvoidanceStrategy {
        static let name = "sticky"
        static func promise(for header: TraceHeader) -> VisibilityPromise { EngineStrategy.promise(for: header) }
        var engine: EngineStrategy
        init(world: SimulatedWorld) { engine = EngineStrategy(world: world) }
        mutating func handle(_ event: TraceEvent, world: SimulatedWorld, scrollView: inout ScrollViewModel) -> StepOutcome {
            var copy = scrollView
            let outcome = engine.handle(event, world: world, scrollView: &copy)
            if outcome.action != .restore { scrollView = copy }
            return outcome
        }
    }

    /// Adds the keyboard's height again on every notification.
    struct Incremental: AvoidanceStrategy {
        static let name = "incremental"
        init(world: SimulatedWorld) {}
        mutating func handle(_ event: TraceEvent, world: SimulatedWorld, scrollView: inout ScrollViewModel) -> StepOutcome {
            guard case .keyboard(let n) = event, !n.name.isHide, let f = n.frameEnd else { return .ignored(.own("x")) }
            scrollView.contentInset.bottom += f.height
            return StepOutcome(action: .apply)
        }
    }

    /// Scrolls to the top on every event.
    struct Jumpy: AvoidanceStrategy {
        static let name = "jumpy"
        static func promise(for header: TraceHeader) -> VisibilityPromise { EngineStrategy.promise(for: header) }
        var engine: EngineStrategy
        init(world: SimulatedWorld) { engine = EngineStrategy(world: world) }
        mutating func handle(_ event: TraceEvent, world: SimulatedWorld, scrollView: inout ScrollViewModel) -> StepOutcome {
            let outcome = engine.handle(event, world: world, scrollView: &scrollView)
            scrollView.contentOffset.y += 1
            return outcome
        }
    }

    /// Depends on a counter shared by every instance: two runs disagree.
    struct Nondeterministic: AvoidanceStrategy {
        static let name = "nondeterministic"
        nonisolated(unsafe) static var calls = 0
        /// Also scrolls, by a different amount each call.
        nonisolated(unsafe) static var scrolls = false
        init(world: SimulatedWorld) {}
        mutating func handle(_ event: TraceEvent, world: SimulatedWorld, scrollView: inout ScrollViewModel) -> StepOutcome {
            Self.calls += 1
            scrollView.contentOffset.x = Double(Self.calls)
            if Self.scrolls { scrollView.contentOffset.y = Double(Self.calls) * 40 }
            return StepOutcome(action: .apply)
        }
    }

    static func trace(_ name: String) throws -> Trace {
        try Repository.trace(Repository.url("corpora").appendingPathComponent("traces/\(name).kbtrace"))
    }

    static func count(_ r: ReplayReport, _ i: Invariant) -> Int {
        r.violationsByInvariant.first { $0.0 == i }?.1 ?? 0
    }

    @Test func doingNothingLeavesTheFieldHidden() throws {
        let r = TraceReplayer.replay(try Self.trace("iphone8-portrait-first-focus"), with: Passive.self)
        #expect(Self.count(r, .fieldVisible) > 0)
        #expect(Self.count(r, .restoration) == 0)
    }

    @Test func neverRestoringBreaksRestoration() throws {
        let r = TraceReplayer.replay(try Self.trace("iphone8-portrait-first-focus"), with: Sticky.self)
        #expect(Self.count(r, .restoration) > 0)
    }

    @Test func addingOnEveryNotificationBreaksIdempotenceAndBounds() throws {
        // iPad iOS 8.3 was reported to send the WillShow/DidShow pair twice.
        let frame = KBRect(x: 0, y: 760, width: 768, height: 264)
        let show = KeyboardNotification(name: .willShow, frameEnd: frame)
        let did = KeyboardNotification(name: .didShow, frameEnd: frame)
        let header = TraceHeader(
            screen: KBSize(width: 768, height: 1024),
            scrollView: ScrollViewState(frame: KBRect(x: 0, y: 0, width: 768, height: 1024), contentSize: KBSize(width: 768, height: 2000)),
            fields: []
        )
        let trace = Trace(
            header: header, events: [.keyboard(show), .keyboard(did), .keyboard(show), .keyboard(did), .keyboard(show), .keyboard(show)])
        let r = TraceReplayer.replay(trace, with: Incremental.self)
        #expect(r.steps.map { $0.violations.contains(.idempotence) } == [false, false, true, true, true, true])
        #expect(Self.count(r, .insetBounds) > 0, "four times 264 exceeds the 1024 pt view")
        #expect(TraceReplayer.replay(trace, with: EngineStrategy.self).violationCount == 0)
    }

    /// Writes a NaN offset at its first step.
    struct Unbounded: AvoidanceStrategy {
        static let name = "unbounded"
        init(world: SimulatedWorld) {}
        mutating func handle(_ event: TraceEvent, world: SimulatedWorld, scrollView: inout ScrollViewModel) -> StepOutcome {
            scrollView.contentOffset.y = .nan
            return StepOutcome(action: .apply)
        }
    }

    /// Writes a NaN offset on every other call: in the run or in its twin,
    /// as `nanOnOddCalls` says.
    struct SometimesUnbounded: AvoidanceStrategy {
        static let name = "sometimes-unbounded"
        nonisolated(unsafe) static var calls = 0
        nonisolated(unsafe) static var nanOnOddCalls = true
        init(world: SimulatedWorld) {}
        mutating func handle(_ event: TraceEvent, world: SimulatedWorld, scrollView: inout ScrollViewModel) -> StepOutcome {
            Self.calls += 1
            if (Self.calls % 2 == 1) == Self.nanOnOddCalls { scrollView.contentOffset.y = .nan }
            return StepOutcome(action: .apply)
        }
    }

    /// A value that is not finite is I5 alone: nothing else is judged on a
    /// state no geometry can hold, and two runs that both leave NaN agree
    /// (though NaN is unequal to itself). A run that leaves NaN where its
    /// twin does not breaks I7 too, whichever run it is.
    @Test func aNonFiniteOutputBreaksI5Alone() throws {
        let trace = try Self.trace("iphone8-portrait-first-focus")
        let r = TraceReplayer.replay(trace, with: Unbounded.self)
        #expect(r.steps.map(\.violations) == Array(repeating: [.finiteOutputs], count: r.steps.count))
        for nanFirst in [true, false] {
            SometimesUnbounded.calls = 0
            SometimesUnbounded.nanOnOddCalls = nanFirst
            let split = TraceReplayer.replay(trace, with: SometimesUnbounded.self)
            #expect(split.steps.first?.violations.contains(.determinism) == true, "NaN in the \(nanFirst ? "run" : "twin")")
            #expect(split.steps.first?.violations.contains(.finiteOutputs) == nanFirst)
        }
    }

    @Test func aNondeterministicStrategyBreaksDeterminismOnItsFirstStep() throws {
        let r = TraceReplayer.replay(try Self.trace("iphone8-portrait-first-focus"), with: Nondeterministic.self)
        #expect(r.steps.first?.violations.contains(.determinism) == true)
        #expect(Self.count(r, .determinism) == 1, "reported once, where the runs first disagree")
        // Where the runs first disagree the step may break more: I7 takes its
        // place in invariant order (here before I8, a scroll with no field
        // focused).
        var unfocused = try Self.trace("iphone8-portrait-first-focus")
        unfocused.events.removeFirst()
        Nondeterministic.scrolls = true
        defer { Nondeterministic.scrolls = false }
        let scrolled = TraceReplayer.replay(unfocused.renumbered, with: Nondeterministic.self)
        #expect(scrolled.steps.first?.violations == [.determinism, .noNeedlessScroll])
        #expect(TraceReplayer.replay(try Self.trace("iphone8-portrait-first-focus"), with: EngineStrategy.self).violationCount == 0)
    }

    @Test func movingAVisibleFieldIsCaught() throws {
        let r = TraceReplayer.replay(try Self.trace("iphone8-portrait-first-focus"), with: Jumpy.self)
        #expect(Self.count(r, .noNeedlessScroll) > 0)
    }

    @Test func touchingAnOffScreenViewIsCaught() throws {
        let r = TraceReplayer.replay(try Self.trace("iphone8-offscreen-then-appear"), with: Jumpy.self)
        #expect(Self.count(r, .offScreenUntouched) > 0)
    }

    @Test func aFieldWithNoRoomIsUnsatisfiableNotAViolation() throws {
        // The keyboard covers everything below the 64 pt top inset.
        let header = TraceHeader(
            screen: KBSize(width: 320, height: 480),
            scrollView: ScrollViewState(
                frame: KBRect(x: 0, y: 0, width: 320, height: 480), contentInset: KBEdgeInsets(top: 64), contentSize: KBSize(width: 320, height: 900)),
            fields: [KBRect(x: 0, y: 300, width: 320, height: 44)]
        )
        let trace = Trace(
            header: header,
            events: [
                .focus(field: 0, caret: nil),
                .keyboard(KeyboardNotification(name: .willShow, frameEnd: KBRect(x: 0, y: 40, width: 320, height: 440))),
                .keyboard(KeyboardNotification(name: .didShow, frameEnd: KBRect(x: 0, y: 40, width: 320, height: 440))),
            ])
        let r = TraceReplayer.replay(trace, with: EngineStrategy.self)
        #expect(r.violationCount == 0)
        #expect(r.unsatisfiableCount == 1, "judged once, at rest after DidShow")
    }

    @Test func aLayoutEventSwitchesTheWorldToItsFieldList() {
        let header = TraceHeader(
            screen: KBSize(width: 320, height: 480),
            scrollView: ScrollViewState(frame: KBRect(x: 0, y: 0, width: 320, height: 480), contentSize: KBSize(width: 320, height: 900)),
            fields: [KBRect(x: 0, y: 0, width: 320, height: 44), KBRect(x: 0, y: 400, width: 320, height: 44)]
        )
        let moved = [KBRect(x: 0, y: 700, width: 320, height: 44)]
        let trace = Trace(header: header, events: [.focus(field: 1, caret: nil), .layout(LayoutChange(fieldList: 0))], fieldLists: [moved])
        var replay = WorldReplay(trace)
        while replay.advance() != nil {}
        #expect(replay.world.fields == moved)
        #expect(replay.world.focused == nil, "field 1 is gone from the new list")
        var scrollView = replay.scrollView
        var kept = SimulatedWorld(trace: trace)
        kept.apply(.layout(LayoutChange(fieldList: 7)), scrollView: &scrollView)
        #expect(kept.fields == header.fields, "an index the trace lacks keeps the fields")
    }

    /// A payload duration of a billion seconds, or infinite, is one every
    /// strategy may animate with; the harness bounds what it samples, so
    /// each finishes (a hang here would stop the whole suite).
    @Test func absurdDurationsFinishWithEveryStrategy() throws {
        let trace = try Self.trace("iphone8-absurd-durations-and-frames")
        for s in StrategyCatalog.all {
            let report = try #require(TraceReplayer.replay(trace, strategyNamed: s.name))
            #expect(report.steps.count == trace.events.count, "\(s.name)")
        }
        #expect(TraceReplayer.replay(trace, with: EngineStrategy.self).violationCount == 0, "a rejected frame is no reason for I3")
    }

    @Test func restingIsJudgedBetweenInteractions() {
        let did = TraceEvent.keyboard(KeyboardNotification(name: .didShow))
        let will = TraceEvent.keyboard(KeyboardNotification(name: .willShow))
        let willHide = TraceEvent.keyboard(KeyboardNotification(name: .willHide))
        let focus = TraceEvent.focus(field: 0, caret: nil)
        func rest(_ events: [TraceEvent]) -> [Bool] { Oracle.restPoints(events.map { TraceLine(line: 0, event: $0) }) }
        #expect(rest([did]) == [true], "the end of the trace")
        #expect(rest([focus]) == [true] && rest([.layout(LayoutChange())]) == [true], "a trace starts at rest: no animation is in flight")
        // A message (the content alone grows) is a layout on a screen of
        // fields, the default, and an app-side event on a chat screen.
        var message = LayoutChange()
        message.contentSize = KBSize(width: 320, height: 3_000)
        #expect(rest([did, .layout(message)]) == [false, true], "a screen of fields: a Did before a layout is not looked at")
        #expect(Oracle.restPoints([did, .layout(message)].map { TraceLine(line: 0, event: $0) }, chatScreen: true) == [true, true])
        #expect(rest([did, will]) == [true, false], "a Did before a Will; a trace ending on a Will is mid-animation")
        #expect(rest([will, did]) == [false, true])
        #expect(rest([will, .layout(LayoutChange()), did]) == [false, false, true])
        #expect(rest([did, focus, will, did]) == [true, false, false, true], "before an app-side event")
        // Nothing is at rest while an animation is in flight, even before a
        // focus: an iPhone OS 3 burst taps fields between WillShow and DidShow.
        #expect(rest([focus, will, focus, willHide, focus, did]) == [false, false, false, false, false, true])
    }

    @Test func scrollRectToVisibleHasUIKitsSemantics() {
        var s = ScrollViewModel(
            ScrollViewState(
                frame: KBRect(x: 0, y: 0, width: 320, height: 480), safeArea: KBEdgeInsets(top: 20), contentInset: KBEdgeInsets(bottom: 216),
                insetAdjustment: .automatic, contentSize: KBSize(width: 320, height: 1000), contentOffset: KBPoint(x: 0, y: -20)
            ))
        s.scrollRectToVisible(KBRect(x: 0, y: 100, width: 10, height: 44))
        #expect(s.contentOffset.y == -20, "already visible: no movement")
        s.scrollRectToVisible(KBRect(x: 0, y: 500, width: 10, height: 44))
        #expect(s.contentOffset.y == 544 - 264, "bottom aligned with the visible bottom (480 − 216)")
        s.scrollRectToVisible(KBRect(x: 0, y: 0, width: 10, height: 10))
        #expect(s.contentOffset.y == -20, "top aligned with the visible top")
        s.scrollRectToVisible(KBRect(x: 0, y: 300, width: 10, height: 600))
        #expect(s.contentOffset.y == 280, "taller than the visible area: its top")
        s.scrollRectToVisible(KBRect(x: 0, y: 5000, width: 10, height: 10))
        #expect(s.contentOffset.y == s.maximumOffsetY, "clamped to the range")
        // An empty rect does nothing ([s21g-2008]): `[nil frame]`, the zero
        // rect, for a recipe whose active field is gone, does not scroll to
        // the top.
        s.scrollRectToVisible(.zero)
        #expect(s.contentOffset.y == s.maximumOffsetY)
        s.scrollRectToVisible(KBRect(x: 0, y: 0, width: 0, height: 44))
        #expect(s.contentOffset.y == s.maximumOffsetY)
    }

    @Test func resizingTheFrameClampsTheOffsetButMovingItDoesNot() {
        var s = ScrollViewModel(
            ScrollViewState(
                frame: KBRect(x: 0, y: 0, width: 320, height: 480), safeArea: .zero, contentInset: .zero,
                insetAdjustment: .automatic, contentSize: KBSize(width: 320, height: 1000), contentOffset: KBPoint(x: 0, y: 900)
            ))
        s.frame.origin.y = -100
        #expect(s.contentOffset.y == 900, "a root view shift changes no bounds")
        s.frame.size.height = 400
        #expect(s.contentOffset.y == 600, "a resize pulls the offset into range")
    }
}
