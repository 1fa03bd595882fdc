import KeyboardHarness
import KeyboardAvoidance
import KeyboardGeneration
import KeyboardGeometry
import KeyboardOracle
import KeyboardStrategies
import KeyboardTrace
import KeyboardWorld
import Testing

/// The world reads keyboard payloads with its own code, and must agree with
/// the engine's contract where docs/invariants.md says they agree: after
/// every event, the keyboard the world reads (``SimulatedWorld/readKeyboard``,
/// not the truth the oracle judges with) is the one the engine believes. (They share no code: a rule written once could hide its own
/// mistake from the oracle.)
@Suite("The world's reading agrees with the engine's")
struct WorldReadingTests {
    /// The first step (line) at which they disagree, or nil.
    static func disagreement(_ trace: Trace) -> (line: Int, engine: KBRect?, world: KBRect?)? {
        var replay = WorldReplay(trace)
        var engine = EngineStrategy(world: replay.world)
        while let line = replay.advance() {
            _ = engine.handle(line.event, world: replay.world, scrollView: &replay.scrollView)
            if engine.avoider.keyboard.frame != replay.world.readKeyboard {
                return (line.line, engine.avoider.keyboard.frame, replay.world.readKeyboard)
            }
        }
        return nil
    }

    @Test(arguments: [(UInt64(1), false), (UInt64(7), true), (UInt64(20_261_122), true)])
    func theyAgreeOnEveryStepOfGeneratedScenarios(seed: UInt64, adversarial: Bool) {
        for index in 0..<400 {
            let trace = ScenarioGenerator.scenarioAndTrace(seed: seed, index: index, adversarial: adversarial).1
            if let d = Self.disagreement(trace) {
                Issue.record(
                    "seed \(seed) scenario \(index) line \(d.line): engine \(String(describing: d.engine)), world \(String(describing: d.world))")
                return
            }
        }
    }

    static let header = TraceHeader(
        profile: .ios8, screen: KBSize(width: 375, height: 667),
        scrollView: ScrollViewState(frame: KBRect(x: 0, y: 0, width: 375, height: 667), contentSize: KBSize(width: 375, height: 2000)),
        fields: [KBRect(x: 16, y: 560, width: 343, height: 44)]
    )
    static let docked = KBRect(x: 0, y: 451, width: 375, height: 216)
    static func note(_ name: KeyboardNotification.Name, _ end: KBRect?, duration: Double? = 0.25) -> TraceEvent {
        .keyboard(KeyboardNotification(name: name, frameEnd: end, duration: duration, curve: 7))
    }

    struct Sequence: Sendable, CustomStringConvertible {
        var description: String
        var header: TraceHeader = WorldReadingTests.header
        var events: [TraceEvent]
    }

    static let sequences: [Sequence] = [
        Sequence(
            description: "an absurd frame after a show",
            events: [
                note(.willShow, docked), note(.didChangeFrame, KBRect(x: 0, y: -1e300, width: 375, height: 1e300)),
            ]),
        Sequence(description: "an hour-long duration", events: [note(.willShow, docked, duration: 3600)]),
        Sequence(
            description: "a hide with NaN frames",
            events: [
                note(.willShow, docked), note(.willHide, KBRect(x: .nan, y: 0, width: 1, height: 1), duration: .nan),
            ]),
        Sequence(
            description: "iOS 26 accessory frames around a hide",
            events: [
                note(.willShow, docked), note(.willChangeFrame, KBRect(x: 0, y: 623, width: 375, height: 44)),
                note(.willHide, KBRect(x: 0, y: 623, width: 375, height: 44)),
                note(.didChangeFrame, KBRect(x: 0, y: 623, width: 375, height: 44)), note(.didHide, KBRect(x: 0, y: 623, width: 375, height: 44)),
            ]),
        Sequence(
            description: "a Did three announcements late",
            events: [
                note(.willShow, docked), note(.willChangeFrame, KBRect(x: 0, y: 667, width: 375, height: 216)), note(.willHide, nil),
                note(.willShow, KBRect(x: 0, y: 409, width: 375, height: 258)), note(.didShow, docked),
            ]),
        Sequence(
            description: "a Did repeated after its own Did, once another is announced (kept, so never late)",
            events: [
                note(.willShow, docked), note(.didShow, docked), note(.willChangeFrame, KBRect(x: 0, y: 409, width: 375, height: 258)),
                note(.didShow, docked),
            ]),
        Sequence(
            description: "iPhone OS 3 landscape legacy keys",
            header: TraceHeader(
                profile: .iphoneos3, screen: KBSize(width: 480, height: 320), orientation: .landscapeLeft,
                scrollView: ScrollViewState(frame: KBRect(x: 0, y: 0, width: 480, height: 320), contentSize: KBSize(width: 480, height: 900)),
                fields: []
            ),
            events: [.keyboard(KeyboardNotification(name: .didShow, bounds: KBSize(width: 480, height: 162), centerEnd: KBPoint(x: 239, y: 240)))]
        ),
    ]

    @Test(arguments: sequences)
    func theyAgreeOnTheContractsEdgeCases(s: Sequence) {
        let trace = Trace(header: s.header, events: s.events)
        let d = Self.disagreement(trace)
        #expect(d == nil, "line \(d?.line ?? 0): engine \(String(describing: d?.engine)), world \(String(describing: d?.world))")
    }
}
