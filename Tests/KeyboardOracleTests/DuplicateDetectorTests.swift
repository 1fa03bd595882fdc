import KeyboardAvoidance
import KeyboardGeometry
@testable import KeyboardOracle
import KeyboardTrace
import Testing

/// Which notifications I6 calls duplicates, name by name: a repeat is one,
/// the same notification after an app-side event or a move is not.
@Suite("Duplicate detector")
struct DuplicateDetectorTests {
    static let frame = KBRect(x: 0, y: 407, width: 375, height: 260)

    /// Whether each event of `events` is a duplicate, in order.
    static func verdicts(_ events: [TraceEvent]) -> [Bool] {
        let lines = Trace(
            header: TraceHeader(
                screen: KBSize(width: 375, height: 667),
                scrollView: ScrollViewState(frame: KBRect(x: 0, y: 0, width: 375, height: 667), contentSize: KBSize(width: 375, height: 1000)),
                fields: []), events: events
        )
        .events
        var detector = DuplicateDetector()
        return lines.indices.map { detector.isDuplicate(at: $0, in: lines) }
    }

    @Test(arguments: KeyboardNotification.Name.allCases)
    func aRepeatIsADuplicate(_ name: KeyboardNotification.Name) {
        let n = KeyboardNotification(name: name, frameEnd: Self.frame)
        #expect(Self.verdicts([.keyboard(n), .keyboard(n)]) == [false, true])
    }

    /// The first notification of the trace, repeated after an app-side
    /// event: the event breaks the repetition, whichever name it has (each
    /// name keeps its own last position, and each must be forgotten).
    @Test(arguments: KeyboardNotification.Name.allCases)
    func anAppSideEventBreaksTheRepetition(_ name: KeyboardNotification.Name) {
        let n = KeyboardNotification(name: name, frameEnd: Self.frame)
        for between in [TraceEvent.focus(field: 0, caret: nil), .blur, .appear, .disappear] {
            #expect(Self.verdicts([.keyboard(n), between, .keyboard(n)]) == [false, false, false], "\(between)")
        }
    }

    /// A notification that moves the keyboard elsewhere breaks it too; a
    /// Did after its Will is not a duplicate of anything.
    @Test func aMoveBreaksTheRepetitionAndADidIsNotItsWill() {
        let here = KeyboardNotification(name: .willChangeFrame, frameEnd: Self.frame)
        var there = here
        there.frameEnd = Self.frame.offsetBy(dx: 0, dy: -50)
        #expect(Self.verdicts([.keyboard(here), .keyboard(there), .keyboard(here)]) == [false, false, false])
        let will = KeyboardNotification(name: .willShow, frameEnd: Self.frame)
        let did = KeyboardNotification(name: .didShow, frameEnd: Self.frame)
        #expect(Self.verdicts([.keyboard(will), .keyboard(did), .keyboard(will), .keyboard(did)]) == [false, false, true, true])
    }
}
