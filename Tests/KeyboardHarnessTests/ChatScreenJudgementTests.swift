import KBTestSupport
import KeyboardAvoidance
import KeyboardGeometry
import KeyboardHarness
import KeyboardOracle
import KeyboardStrategies
import KeyboardTrace
import KeyboardWorld
import Testing

/// A chat screen's trace judged end to end: the world hands every strategy
/// the composer, and the oracle judges the transcript by T1…T4
/// (docs/invariants.md, "Chat screens"): the engine keeps every rule, and
/// each of four mistakes breaks its own.
@Suite("Chat screens: traces judged by the transcript rules")
struct ChatScreenJudgementTests {
    /// An iPhone 14 in portrait, iOS 17: a full-screen transcript of 2,000
    /// points under a 47 pt status bar, scrolled to its end; a 52 pt
    /// composer pinned to the keyboard layout guide (resting on the 34 pt
    /// home-indicator strip). The keyboard (336 pt) shows; a message
    /// arrives; the composer grows a line; the user scrolls up to 600;
    /// the keyboard hides; a message arrives while the user reads.
    static let text = [
        #"{"schemaVersion":1,"kind":"kbtrace","profile":"ios13","systemVersion":17,"screen":[390,844],"window":[0,0,390,844],"scrollView":{"frame":[0,0,390,844],"safeArea":[47,0,34,0],"contentSize":[390,2000],"contentOffset":[0,1190]},"fields":[],"policy":{"distance":0},"composer":{"height":52,"restingInset":34}}"#,
        #"{"event":"appear","truth":{"keyboard":"hidden"}}"#,
        #"{"event":"layout","truth":{"keyboard":"hidden"}}"#,
        show("UIKeyboardWillChangeFrameNotification"), show("UIKeyboardWillShowNotification"),
        show("UIKeyboardDidChangeFrameNotification"), show("UIKeyboardDidShowNotification"),
        #"{"event":"layout","scrollView":{"contentSize":[390,2080]},"truth":{"keyboard":[0,508,390,336]}}"#,
        #"{"event":"layout","composer":{"height":72,"restingInset":34},"truth":{"keyboard":[0,508,390,336]}}"#,
        #"{"event":"layout","scrollView":{"contentOffset":[0,600]},"truth":{"keyboard":[0,508,390,336]}}"#,
        hide("UIKeyboardWillChangeFrameNotification"), hide("UIKeyboardWillHideNotification"),
        hide("UIKeyboardDidChangeFrameNotification"), hide("UIKeyboardDidHideNotification"),
        #"{"event":"layout","scrollView":{"contentSize":[390,2160]},"truth":{"keyboard":"hidden"}}"#,
    ].joined(separator: "\n")

    static func show(_ name: String) -> String {
        #"{"event":"keyboard","name":"\#(name)","frameBegin":[0,844,390,336],"frameEnd":[0,508,390,336],"duration":0.25,"curve":7,"isLocal":true,"truth":{"keyboard":[0,508,390,336]}}"#
    }

    static func hide(_ name: String) -> String {
        #"{"event":"keyboard","name":"\#(name)","frameBegin":[0,508,390,336],"frameEnd":[0,844,390,336],"duration":0.25,"curve":7,"isLocal":true,"truth":{"keyboard":"hidden"}}"#
    }

    static func trace() throws -> Trace { try TraceReader.read(text, file: "chat.kbtrace") }

    @Test func theTraceIsOneIOSSendsAndTheEngineKeepsEveryRule() throws {
        let trace = try Self.trace()
        #expect(trace.isPossible, "\(trace.impossibilities)")
        let report = TraceReplayer.replay(trace, with: EngineStrategy.self)
        #expect(report.steps.allSatisfy { $0.violations.isEmpty }, "\(report.steps.map(\.violations))")
        // The engine did follow and keep: at its end after the show (the
        // inset clears the keyboard and the raised composer: 844 − 456 −
        // 34 = 354), the offset kept at 600 once the user scrolled up.
        let bottoms = report.steps.map(\.contentInset.bottom), offsets = report.steps.map(\.contentOffset.y)
        #expect(bottoms[3] == 354 && offsets[3] == 2_000 + 354 + 34 - 844)
        #expect(offsets.last == 600 && bottoms.last == 72)
    }

    /// Each mistake, and the rule it breaks. A mistake of the offset alone
    /// breaks its rule and no other transcript rule; one of the inset
    /// breaks T1 as well where the transcript was at its end (its end
    /// then rests off the composer).
    @Test(arguments: [
        (Mistake.offsetLeftAlone, [Invariant.newestMessageAboveComposer]),
        (.jumpsToTheEnd, [.rowsReadStayInPlace]),
        (.composerIgnored, [.newestMessageAboveComposer, .transcriptEndReachable]),
        (.composerCountedTwice, [.newestMessageAboveComposer, .noBlankBandAboveComposer]),
    ])
    func eachMistakeBreaksItsRule(_ mistake: Mistake, _ rules: [Invariant]) throws {
        let trace = try Self.trace()
        let report =
            switch mistake {
            case .offsetLeftAlone: TraceReplayer.replay(trace, with: MistakenEngine<OffsetLeftAlone>.self)
            case .jumpsToTheEnd: TraceReplayer.replay(trace, with: MistakenEngine<JumpsToTheEnd>.self)
            case .composerIgnored: TraceReplayer.replay(trace, with: MistakenEngine<ComposerIgnored>.self)
            case .composerCountedTwice: TraceReplayer.replay(trace, with: MistakenEngine<ComposerCountedTwice>.self)
            }
        let broken = Set(report.steps.flatMap(\.violations)).filter { $0.rawValue.hasPrefix("T") }
        #expect(broken == Set(rules), "\(mistake): \(report.steps.map(\.violations))")
    }

    /// The transcript rules judge chat screens only: the same trace without
    /// its composer is a screen of fields with none focused, which the
    /// engine keeps reachable above the keyboard, by I1…I10.
    @Test func aScreenWithoutAComposerIsNotJudgedAsATranscript() throws {
        var trace = try Self.trace()
        trace.header.composer = nil
        trace.events.removeAll { if case .layout(let c) = $0.event { c.composer != nil } else { false } }
        let report = TraceReplayer.replay(trace, with: EngineStrategy.self)
        #expect(report.steps.allSatisfy { $0.violations.isEmpty })
        #expect(report.steps[3].contentInset.bottom == 336 - 34)
    }

    /// A half turn between the two landscapes lays nothing of the
    /// transcript out anew (the same frame, the same safe area), so what
    /// its user last saw stands across it. The corpus trace: a reader 20
    /// points above the end; the app drops its own inset, and the answer
    /// that pulls the offset to the new end is followed by layout passes
    /// only (a half turn among them), so the user never saw it; the
    /// keyboard's Did then gives a range that holds the reader's rows
    /// again. Keeping them (the engine) passes; jumping to the end breaks
    /// T2, which an oracle that took the half turn for a new layout read
    /// as the user now following the end (T1).
    @Test func aHalfTurnLeavesWhatTheUserLastSaw() throws {
        let path = "corpora/regressions/engine-T1-half-turn-after-an-unseen-answer-at-the-end.kbtrace"
        let trace = try TraceReader.read(Repository.text(path), file: path)
        let engine = TraceReplayer.replay(trace, with: EngineStrategy.self)
        #expect(engine.steps.allSatisfy { $0.violations.isEmpty }, "\(engine.steps.map(\.violations))")
        #expect(engine.steps.last?.contentOffset.y == 80.80000000000001, "the reader's rows, put back")
        let jumps = TraceReplayer.replay(trace, with: MistakenEngine<JumpsToTheEnd>.self)
        #expect(jumps.steps.last?.violations == [.rowsReadStayInPlace], "\(jumps.steps.map(\.violations))")
    }

    enum Mistake: String, Sendable, CustomTestStringConvertible {
        /// The inset follows the keyboard, the offset is left where it was.
        case offsetLeftAlone
        /// Every answer scrolls to the transcript's end, whatever the user
        /// reads.
        case jumpsToTheEnd
        /// The composer's height is not counted.
        case composerIgnored
        /// The composer's height is counted twice (its own inset and the
        /// layout guide's both reserved).
        case composerCountedTwice

        var testDescription: String { rawValue }
    }

    /// One mistake of ``Mistake``, as a type: the strategy protocol makes
    /// instances from the world alone.
    protocol MistakeKind: Sendable {
        /// The world as the mistaken glue reads it.
        static func read(_ world: inout SimulatedWorld)
        /// What the glue does to the scroll view after the engine's answer,
        /// `offset` the one before it.
        static func after(_ scrollView: inout ScrollViewModel, offset: KBPoint)
    }

    enum OffsetLeftAlone: MistakeKind {
        static func read(_ world: inout SimulatedWorld) {}
        static func after(_ scrollView: inout ScrollViewModel, offset: KBPoint) { scrollView.contentOffset = offset }
    }

    /// Scrolls far past the content's top and adds to the bottom inset,
    /// on every step: out of range (I4) and, once the keyboard is gone,
    /// not restored (I3).
    enum ThrowsEverythingOff: MistakeKind {
        static func read(_ world: inout SimulatedWorld) {}
        static func after(_ scrollView: inout ScrollViewModel, offset: KBPoint) {
            scrollView.contentOffset.y = -5_000
            scrollView.indicatorInsets.top += 10
        }
    }

    /// A step's violations are in invariant order on a chat screen too,
    /// where the transcript's rules and I3's second half come after the
    /// others: a glue that breaks I4 and I3 at once is told I3 first.
    @Test func aChatScreensViolationsAreInInvariantOrder() throws {
        let report = TraceReplayer.replay(try Self.trace(), with: MistakenEngine<ThrowsEverythingOff>.self)
        #expect(report.steps.allSatisfy { $0.violations == $0.violations.sorted() }, "\(report.steps.map(\.violations))")
        #expect(
            report.steps.contains { $0.violations.contains(.restoration) && $0.violations.contains(.offsetRange) },
            "some step breaks both: \(report.steps.map(\.violations))")
    }

    enum JumpsToTheEnd: MistakeKind {
        static func read(_ world: inout SimulatedWorld) {}
        static func after(_ scrollView: inout ScrollViewModel, offset: KBPoint) { scrollView.contentOffset.y = scrollView.maximumOffsetY }
    }

    enum ComposerIgnored: MistakeKind {
        static func read(_ world: inout SimulatedWorld) { world.composer?.height = 0 }
        static func after(_ scrollView: inout ScrollViewModel, offset: KBPoint) {}
    }

    enum ComposerCountedTwice: MistakeKind {
        static func read(_ world: inout SimulatedWorld) { world.composer?.height *= 2 }
        static func after(_ scrollView: inout ScrollViewModel, offset: KBPoint) {}
    }

    /// The engine with one mistake in its glue.
    struct MistakenEngine<Kind: MistakeKind>: AvoidanceStrategy {
        static var name: String { "mistaken.\(Kind.self)" }
        var engine: EngineStrategy

        init(world: SimulatedWorld) {
            var read = world
            Kind.read(&read)
            engine = EngineStrategy(world: read)
        }

        mutating func handle(_ event: TraceEvent, world: SimulatedWorld, scrollView: inout ScrollViewModel) -> StepOutcome {
            var read = world
            Kind.read(&read)
            let offset = scrollView.contentOffset
            let outcome = engine.handle(event, world: read, scrollView: &scrollView)
            Kind.after(&scrollView, offset: offset)
            return outcome
        }
    }

    /// A reader whose rows a rotation's layout pass pulls to the end of the
    /// new range sees the end: an iOS 6 iPhone in landscape, the reader at
    /// 500 (the end at 828 + 44 − 276 = 596); in portrait UIKit pulls the
    /// offset to 828 + 44 − 436 = 436, the end. The keyboard then shows:
    /// the engine follows the end (828 + 260 − 436 = 652), and the oracle
    /// judges it by T1, as what the user saw last was the end. (The
    /// oracle once held the reader's mode across the layout pass and
    /// called this T2.)
    @Test func aReaderARotationLeavesAtTheEndFollowsIt() throws {
        let text = [
            #"{"schemaVersion":1,"kind":"kbtrace","profile":"ios7","systemVersion":6,"screen":[480,320],"orientation":"landscapeRight","window":[0,0,480,320],"scrollView":{"frame":[0,44,480,276],"contentSize":[480,828],"contentOffset":[0,500]},"fields":[],"policy":{"distance":0},"composer":{"height":44}}"#,
            #"{"event":"layout","truth":{"keyboard":"hidden"}}"#,
            #"{"event":"layout","screen":[320,480],"orientation":"portrait","window":[0,0,320,480],"scrollView":{"frame":[0,44,320,436],"contentSize":[320,828]},"truth":{"keyboard":"hidden"}}"#,
            #"{"event":"keyboard","name":"UIKeyboardWillChangeFrameNotification","frameBegin":[0,480,320,162],"frameEnd":[0,264,320,216],"bounds":[320,216],"centerBegin":[160,561],"centerEnd":[160,372],"duration":0.25,"curve":0,"truth":{"keyboard":[0,264,320,216]}}"#,
            #"{"event":"keyboard","name":"UIKeyboardWillShowNotification","frameBegin":[0,480,320,216],"frameEnd":[0,264,320,216],"bounds":[320,216],"centerBegin":[160,588],"centerEnd":[160,372],"duration":0.25,"curve":0,"truth":{"keyboard":[0,264,320,216]}}"#,
            #"{"event":"keyboard","name":"UIKeyboardDidChangeFrameNotification","frameBegin":[0,480,320,216],"frameEnd":[0,264,320,216],"bounds":[320,216],"centerBegin":[160,588],"centerEnd":[160,372],"truth":{"keyboard":[0,264,320,216]}}"#,
            #"{"event":"keyboard","name":"UIKeyboardDidShowNotification","frameBegin":[0,480,320,216],"frameEnd":[0,264,320,216],"bounds":[320,216],"centerBegin":[160,588],"centerEnd":[160,372],"truth":{"keyboard":[0,264,320,216]}}"#,
        ].joined(separator: "\n")
        let trace = try TraceReader.read(text, file: "rotated.kbtrace")
        #expect(trace.isPossible, "\(trace.impossibilities)")
        let report = TraceReplayer.replay(trace, with: EngineStrategy.self)
        #expect(report.steps.allSatisfy { $0.violations.isEmpty }, "\(report.steps.map(\.violations))")
        #expect(report.steps.map(\.contentOffset.y) == [500, 436, 652, 652, 652, 652])
    }

    /// The rows of a reader the user did not see an answer leave come
    /// back (docs/contract.md, "Chat screens"): an iPad in landscape, the
    /// user scrolls to 22 while the keyboard shows; a DidChangeFrame that
    /// reports it gone leaves content that fits, so the offset goes to 0;
    /// but the DidShow comes right after it (one turn of the run loop), so
    /// the user never saw 0, and the answer to the DidShow puts the rows at
    /// 22 back. With an event of the app's own between the two (the user
    /// looked), 0 is what the user saw, and it stays. Both kept by the
    /// oracle's T2, whose rule of when the user looks is the engine's
    /// (`GlanceMoment`). Found by `kbbench fuzz --screens chat --seed 99`.
    @Test func rowsTheUserDidNotSeeAnAnswerLeaveComeBack() throws {
        let lines = [
            #"{"schemaVersion":1,"kind":"kbtrace","profile":"ipados","systemVersion":22,"screen":[744,1133],"orientation":"portrait","window":[0,0,744,1133],"scrollView":{"frame":[102,256,540,620],"contentInset":[0,0,44,0],"contentSize":[540,500],"contentOffset":[0,0]},"fields":[],"policy":{"distance":0},"composer":{"height":56}}"#,
            #"{"event":"layout","screen":[1133,744],"orientation":"landscapeRight","window":[0,0,1133,744],"scrollView":{"frame":[296,62,540,620],"safeArea":[0,0,0,0],"contentSize":[540,500]},"truth":{"keyboard":"hidden"}}"#,
            #"{"event":"keyboard","name":"UIKeyboardWillChangeFrameNotification","frameBegin":[0,744,1133,320],"frameEnd":[0,339,1133,405],"bounds":[1133,405],"centerBegin":[566.5,904],"centerEnd":[566.5,541.5],"duration":0.25,"curve":7,"isLocal":true,"truth":{"keyboard":[0,339,1133,405]}}"#,
            #"{"event":"keyboard","name":"UIKeyboardWillShowNotification","frameBegin":[0,744,1133,405],"frameEnd":[0,339,1133,405],"bounds":[1133,405],"centerBegin":[566.5,946.5],"centerEnd":[566.5,541.5],"duration":0.25,"curve":7,"isLocal":true,"truth":{"keyboard":[0,339,1133,405]}}"#,
            #"{"event":"layout","scrollView":{"contentOffset":[0,22]},"truth":{"keyboard":"hidden"}}"#,
            #"{"event":"keyboard","name":"UIKeyboardDidChangeFrameNotification","frameBegin":[0,339,1133,405],"frameEnd":[0,744,1133,405],"bounds":[1133,405],"centerBegin":[566.5,541.5],"centerEnd":[566.5,946.5],"duration":0.25,"curve":7,"isLocal":true,"truth":{"keyboard":"hidden"}}"#,
            #"{"event":"keyboard","name":"UIKeyboardDidShowNotification","frameBegin":[0,744,1133,405],"frameEnd":[0,339,1133,405],"bounds":[1133,405],"centerBegin":[566.5,946.5],"centerEnd":[566.5,541.5],"duration":0.25,"curve":7,"isLocal":true,"truth":{"keyboard":[0,339,1133,405]}}"#,
        ]
        let unseen = try TraceReader.read(lines.joined(separator: "\n"), file: "unseen.kbtrace")
        var looked = lines
        looked.insert(#"{"event":"layout","truth":{"keyboard":"hidden"}}"#, at: 6)
        let seen = try TraceReader.read(looked.joined(separator: "\n"), file: "seen.kbtrace")
        for trace in [unseen, seen] { #expect(trace.isPossible, "\(trace.impossibilities)") }
        let a = TraceReplayer.replay(unseen, with: EngineStrategy.self), b = TraceReplayer.replay(seen, with: EngineStrategy.self)
        #expect(a.steps.allSatisfy { $0.violations.isEmpty } && b.steps.allSatisfy { $0.violations.isEmpty })
        #expect(a.steps.map(\.contentOffset.y) == [0, 279, 279, 22, 0, 22])
        #expect(b.steps.map(\.contentOffset.y) == [0, 279, 279, 22, 0, 0, 0])
    }

    /// A reader is not made a follower by a range the user never saw: the
    /// keyboard hides while the user reads at 24.5, and the range it leaves
    /// ends at 25, within half a point; a message arrives before the hide's
    /// Did. The user last saw a reader, so the rows stay at 24.5 (the old
    /// engine took the end it had never shown and jumped to 325, T2).
    /// Found by `kbbench fuzz --screens chat --seed 123`.
    @Test func aRangeTheUserNeverSawMakesNoFollower() throws {
        let lines = [
            #"{"schemaVersion":1,"kind":"kbtrace","profile":"ios8","systemVersion":8,"screen":[768,1024],"orientation":"portrait","window":[0,0,768,1024],"scrollView":{"frame":[0,0,768,975],"contentSize":[768,1000],"contentOffset":[0,0]},"fields":[],"policy":{"distance":0},"composer":{"height":44}}"#,
            #"{"event":"keyboard","name":"UIKeyboardWillChangeFrameNotification","frameBegin":[0,1024,768,313],"frameEnd":[0,711,768,313],"bounds":[768,313],"centerBegin":[384,1180.5],"centerEnd":[384,867.5],"duration":0.25,"curve":7,"truth":{"keyboard":[0,711,768,313]}}"#,
            #"{"event":"layout","scrollView":{"contentOffset":[0,24.5]},"truth":{"keyboard":[0,711,768,313]}}"#,
            #"{"event":"keyboard","name":"UIKeyboardWillChangeFrameNotification","frameBegin":[0,711,768,313],"frameEnd":[0,1024,768,313],"bounds":[768,313],"centerBegin":[384,867.5],"centerEnd":[384,1180.5],"duration":0.25,"curve":7,"truth":{"keyboard":"hidden"}}"#,
            #"{"event":"keyboard","name":"UIKeyboardWillHideNotification","frameBegin":[0,711,768,313],"frameEnd":[0,1024,768,313],"bounds":[768,313],"centerBegin":[384,867.5],"centerEnd":[384,1180.5],"duration":0.25,"curve":7,"truth":{"keyboard":"hidden"}}"#,
            #"{"event":"layout","scrollView":{"contentSize":[768,1300]},"truth":{"keyboard":"hidden"}}"#,
            #"{"event":"keyboard","name":"UIKeyboardDidChangeFrameNotification","frameBegin":[0,711,768,313],"frameEnd":[0,1024,768,313],"bounds":[768,313],"centerBegin":[384,867.5],"centerEnd":[384,1180.5],"duration":0.25,"curve":7,"truth":{"keyboard":"hidden"}}"#,
        ]
        let trace = try TraceReader.read(lines.joined(separator: "\n"), file: "unseen-end.kbtrace")
        #expect(trace.isPossible, "\(trace.impossibilities)")
        let report = TraceReplayer.replay(trace, with: EngineStrategy.self)
        #expect(report.steps.allSatisfy { $0.violations.isEmpty }, "\(report.steps.map(\.violations))")
        #expect(report.steps.map(\.contentOffset.y) == [0, 24.5, 24.5, 24.5, 24.5, 24.5])
    }
}
