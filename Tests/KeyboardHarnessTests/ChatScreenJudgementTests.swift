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
}
