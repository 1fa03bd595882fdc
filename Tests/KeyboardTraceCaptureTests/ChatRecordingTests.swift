import Foundation
import KBTestSupport
import KeyboardAvoidance
import KeyboardAvoidanceFoundation
import KeyboardGeneration
import KeyboardHarness
import KeyboardOracle
import KeyboardStrategies
import KeyboardTrace
import KeyboardTraceCapture
import KeyboardWorld
import Testing

/// A recorder on generated chat screens, driven as an adapter drives it:
/// what it writes hands the engine the events it was handed live, replays
/// to the live run's states, and is judged as the screen it recorded.
@Suite("Recording chat screens", .tags(.heavyTier))
struct ChatRecordingTests {
    static let seed: UInt64 = 20_261_204
    static let screens = TestTier.size(fast: 100, heavy: 300)

    /// One live session of chat screen `index`: the simulator's world and
    /// scroll view play its trace, the engine is handed each event with
    /// the layout as the app reads it then (after UIKit's own changes,
    /// before the answer), the recorder hears the posts and each event the
    /// engine is handed, and each answer is performed on the scroll view.
    struct LiveSession {
        /// The events handed, and the inset and offset after each answer.
        var handed: [AvoiderEvent] = []
        var after: [(inset: KBEdgeInsets, offset: KBPoint)] = []
        var recorded: Trace

        init(_ trace: Trace) throws {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("chat-recording-\(UUID().uuidString).kbtrace").path
            defer { try? FileManager.default.removeItem(atPath: path) }
            let center = NotificationCenter()
            var replay = WorldReplay(trace)
            let start = replay.world.snapshot(offset: replay.scrollView.contentOffset)
            let recorder = KeyboardTraceRecorder(
                path: path, layout: start, policy: trace.header.policy, profile: trace.header.profile,
                systemVersion: trace.header.systemVersion, center: center)
            // The avoider as the engine's strategy (and so the replay below)
            // makes it: on screen or not, attached in the first layout.
            var avoider = EngineStrategy(world: replay.world).avoider
            while !replay.isAtEnd {
                let event = replay.lines[replay.position].event
                replay.applyNext()
                guard let handed = event.avoiderEvent(focusedField: nil) else { continue }
                if case .keyboard(let n) = handed { center.post(UserInfoEncoder.notification(for: n)) }
                let layout = replay.world.snapshot(offset: replay.scrollView.contentOffset)
                let action = avoider.handle(handed, in: layout)
                recorder.record(handed, in: layout)
                _ = EngineStrategy.perform(action, on: &replay.scrollView)
                self.handed.append(handed)
                after.append((replay.scrollView.contentInset, replay.scrollView.contentOffset))
            }
            recorder.stop()
            recorded = try TraceReader.read(String(contentsOfFile: path, encoding: .utf8), file: path)
        }
    }

    /// An event's kind, for a message: a notification's name, or the call.
    static func kind(_ event: AvoiderEvent) -> String {
        if case .keyboard(let n) = event { return n.name.rawValue.replacingOccurrences(of: "UIKeyboard", with: "") }
        return "\(event)"
    }

    @Test("a recorded chat session hands the engine what it was handed live, and replays to the live run (seed 20261204)")
    func aRecordedChatSessionReplaysToTheLiveRun() throws {
        var events = 0, scrolls = 0, relaidWithAnOffset = 0
        for index in 0..<Self.screens {
            let trace = DrawnScenario(seed: Self.seed, index: index, screens: .chat, adversarial: true).trace
            let live = try LiveSession(trace)
            let recorded = live.recorded
            let handed = recorded.events.compactMap { $0.event.avoiderEvent(focusedField: nil) }
            try #require(
                handed.map(Self.kind) == live.handed.map(Self.kind) && handed == live.handed,
                "screen \(index): the recording hands other events than the live run")
            let replay = TraceReplayer.replay(recorded, with: EngineStrategy.self)
            try #require(replay.steps.count == live.after.count, "screen \(index)")
            for (step, state) in zip(replay.steps, live.after) {
                try #require(
                    step.contentInset == state.inset && step.contentOffset == state.offset,
                    "screen \(index), line \(step.line): the replay parts from the live run")
            }
            let original = TraceReplayer.replay(trace, with: EngineStrategy.self)
            #expect(replay.violationCount == original.violationCount, "screen \(index): judged otherwise than the screen it recorded")
            events += handed.count
            scrolls += handed.count { $0 == .scrolled }
            relaidWithAnOffset += recorded.events.count {
                if case .layout(let c) = $0.event { c.movesGeometry && c.contentOffset != nil } else { false }
            }
        }
        // What the property was held on: scrolls, and layout passes whose
        // recording keeps an offset the engine's last answer moved.
        #expect(events > Self.screens * 5 && scrolls > Self.screens / 10 && relaidWithAnOffset > Self.screens / 20)
    }

    /// An iPhone's transcript at its end under the keyboard (the WillShow's
    /// answer scrolls it to 1,605), then turned to landscape: the recorder
    /// writes the rotation with the offset that answer set, as it does
    /// every layout pass that finds the offset moved since the last event.
    static let rotationAtTheEnd = """
        {"schemaVersion":1,"kind":"kbtrace","profile":"ios13","systemVersion":16,"screen":[375,667],"orientation":"portrait","window":[0,0,375,667],"scrollView":{"frame":[0,0,375,667],"contentSize":[375,2000],"contentOffset":[0,1333]},"fields":[],"policy":{"distance":0},"composer":{"height":56}}
        {"event":"keyboard","name":"UIKeyboardWillChangeFrameNotification","frameBegin":[0,667,375,216],"frameEnd":[0,451,375,216],"bounds":[375,216],"centerBegin":[187.5,775],"centerEnd":[187.5,559],"duration":0.25,"curve":7,"isLocal":true,"truth":{"keyboard":[0,451,375,216]}}
        {"event":"keyboard","name":"UIKeyboardWillShowNotification","frameBegin":[0,667,375,216],"frameEnd":[0,451,375,216],"bounds":[375,216],"centerBegin":[187.5,775],"centerEnd":[187.5,559],"duration":0.25,"curve":7,"isLocal":true,"truth":{"keyboard":[0,451,375,216]}}
        {"event":"keyboard","name":"UIKeyboardDidShowNotification","frameBegin":[0,667,375,216],"frameEnd":[0,451,375,216],"bounds":[375,216],"centerBegin":[187.5,775],"centerEnd":[187.5,559],"duration":0.25,"curve":7,"isLocal":true,"truth":{"keyboard":[0,451,375,216]}}
        {"event":"layout","screen":[667,375],"orientation":"landscapeLeft","window":[0,0,667,375],"scrollView":{"frame":[0,0,667,375],"contentSize":[667,2000]},"truth":{"keyboard":[0,181,667,194]}}
        {"event":"keyboard","name":"UIKeyboardWillChangeFrameNotification","frameBegin":[0,375,667,194],"frameEnd":[0,181,667,194],"bounds":[667,194],"centerBegin":[333.5,472],"centerEnd":[333.5,278],"duration":0.25,"curve":7,"isLocal":true,"truth":{"keyboard":[0,181,667,194]}}
        {"event":"keyboard","name":"UIKeyboardWillShowNotification","frameBegin":[0,375,667,194],"frameEnd":[0,181,667,194],"bounds":[667,194],"centerBegin":[333.5,472],"centerEnd":[333.5,278],"duration":0.25,"curve":7,"isLocal":true,"truth":{"keyboard":[0,181,667,194]}}
        {"event":"keyboard","name":"UIKeyboardDidShowNotification","frameBegin":[0,375,667,194],"frameEnd":[0,181,667,194],"bounds":[667,194],"centerBegin":[333.5,472],"centerEnd":[333.5,278],"duration":0.25,"curve":7,"isLocal":true,"truth":{"keyboard":[0,181,667,194]}}
        """

    /// The offset a layout pass is recorded with is where the pass left
    /// the transcript, not a scroll of the user's: a transcript laid out
    /// anew that the user followed to its end still follows it. The engine
    /// keeps the end in view and is judged at zero (it was judged as
    /// having moved the rows of a reader at 1,605); observed states that
    /// leave the offset at 1,605 from the rotation on hide the newest
    /// message (T1).
    @Test func aLayoutPassRecordedWithTheLastAnswersOffsetKeepsTheEnd() throws {
        let live = try LiveSession(TraceReader.read(Self.rotationAtTheEnd, file: "rotation"))
        let rotation = try #require(live.recorded.events.firstIndex { if case .layout(let c) = $0.event { c.movesGeometry } else { false } })
        guard case .layout(let c) = live.recorded.events[rotation].event else { return }
        #expect(c.contentOffset == KBPoint(x: 0, y: 1_605))
        let replay = TraceReplayer.replay(live.recorded, with: EngineStrategy.self)
        #expect(replay.violationCount == 0)
        #expect(replay.steps.last?.contentOffset == KBPoint(x: 0, y: 1_875), "the end followed into landscape")
        try #require(replay.steps.count == live.recorded.events.count)
        func audit(leavingTheOffsetFromTheRotation left: Bool) throws -> [Invariant] {
            var observed = live.recorded
            for (i, step) in replay.steps.enumerated() {
                var state = step.after
                if left && i >= rotation { state.contentOffset = KBPoint(x: 0, y: 1_605) }
                observed.setObserved(state, atEvent: i)
            }
            return try TraceAudit.audit(observed, file: "rotation", promise: TraceAudit.promise(of: observed).promise).steps.flatMap(\.violations)
        }
        #expect(try audit(leavingTheOffsetFromTheRotation: false).isEmpty)
        #expect(try audit(leavingTheOffsetFromTheRotation: true).contains(.newestMessageAboveComposer))
    }
}
