import Foundation
import GlueBridge
import KeyboardAvoidance
import KeyboardGeometry
import KeyboardTrace
import KeyboardWorld
import Testing
import UIKit

/// Each ``ComparisonRule`` decides steps where UIKit and the world really
/// do differ, and the differential agrees with it.
@MainActor
@Suite("Where the differential compares otherwise than value for value", .serialized)
struct ComparisonRuleTests {
    /// A phone with a notch, in landscape, scrolled near the end: the view
    /// leaves its window, the interface rotates to portrait (where the most
    /// the view can scroll is less) and back while it is away, and it
    /// returns.
    static let awayWhileRotating: Trace = {
        let portrait = KBSize(width: 375, height: 812), landscape = KBSize(width: 812, height: 375)
        let header = TraceHeader(
            profile: .ios13, screen: landscape, orientation: .landscapeRight,
            scrollView: ScrollViewState(
                frame: KBRect(x: 0, y: 0, width: 812, height: 375), safeArea: KBEdgeInsets(top: 0, left: 50, bottom: 21, right: 50),
                contentSize: KBSize(width: 812, height: 2_300), contentOffset: KBPoint(x: 0, y: 1_900)),
            fields: [KBRect(x: 16, y: 2_030, width: 280, height: 44)], systemVersion: 18)
        func rotate(to size: KBSize, _ o: InterfaceOrientation, safe: KBEdgeInsets) -> TraceEvent {
            .layout(
                LayoutChange(
                    screen: size, orientation: o, window: KBRect(origin: .zero, size: size), frame: KBRect(origin: .zero, size: size),
                    safeArea: safe, contentSize: KBSize(width: size.width, height: 2_300)))
        }
        return Trace(
            header: header,
            events: [
                .disappear, rotate(to: portrait, .portrait, safe: KBEdgeInsets(top: 50, bottom: 34)),
                rotate(to: landscape, .landscapeRight, safe: KBEdgeInsets(top: 0, left: 50, bottom: 21, right: 50)), .appear,
            ])
    }()

    /// Away, UIKit leaves the offset where it was until the view returns;
    /// the world pulls it into range at each rotation.
    @Test func awayTheOffsetIsUIKitsToLayOutOnReturn() async {
        let (stage, world) = HandTurnedMainQueue.run { _ -> (Double, Double) in
            let stage = GlueStage(trace: Self.awayWhileRotating, staging: GlueStaging())
            var replay = WorldReplay(Self.awayWhileRotating)
            for i in 0..<2 {
                stage.play(i)
                replay.applyNext()
            }
            return (stage.observed.contentOffset.y, replay.scrollView.contentOffset.y)
        }
        #expect(stage == 1_900, "out of its window the view is not laid out")
        #expect(world == 2_300 + 34 - 812, "the world pulled it into the portrait range")
    }

    @Test func theDifferentialAgreesByItsRules() async {
        var rules = ComparisonRuleCounts()
        let found = GlueDifferential().check(Self.awayWhileRotating, staging: GlueStaging(), rules: &rules)
        #expect(found == nil, "\(found.map { "\($0)" } ?? "")")
        #expect(rules[.offsetOutOfAWindow] == 3, "disappear and the two rotations")
        #expect(rules[.offsetOnReturn] == 1)
    }

    /// What the recorder wrote for scenario 4588 of seed 20261199: the
    /// interface rotated back to portrait while the view was away (line
    /// 5), the keyboard's notification for the new orientation came (line
    /// 6), and the recorder learned of the rotation only when the view
    /// returned (line 7, written with the appearance, line 8, one state
    /// for both). A replay reads line 6 in landscape.
    static let layoutLearnedOnReturn = """
        {"schemaVersion":1,"kind":"kbtrace","profile":"ios13","screen":[375,667],"orientation":"portrait","window":[0,0,375,667],"scrollView":{"frame":[0,0,375,667],"safeArea":[20,0,0,0],"contentSize":[375,600],"contentOffset":[0,-20]},"fields":[],"policy":{"distance":20},"promise":{"distance":20,"tallField":"top"}}
        {"event":"layout","screen":[667,375],"orientation":"landscapeLeft","window":[0,0,667,375],"scrollView":{"frame":[0,0,667,375],"safeArea":[0,0,0,0],"insetAdjustment":"scrollableAxes","contentSize":[667,600],"contentOffset":[0,0]},"observed":{"frame":[0,0,667,375],"contentInset":[0,0,0,0],"indicatorInsets":[0,0,0,0],"contentOffset":[0,0],"safeArea":[0,0,0,0]}}
        {"event":"keyboard","name":"UIKeyboardWillChangeFrameNotification","frameBegin":[0,375,667,194],"frameEnd":[0,181,667,194],"bounds":[667,194],"centerBegin":[333.5,472],"centerEnd":[333.5,278],"duration":0.25,"curve":7,"isLocal":true,"observed":{"frame":[0,0,667,375],"contentInset":[0,0,214,0],"indicatorInsets":[0,0,214,0],"contentOffset":[0,0],"safeArea":[0,0,0,0]}}
        {"event":"keyboard","name":"UIKeyboardWillShowNotification","frameBegin":[0,375,667,194],"frameEnd":[0,181,667,194],"bounds":[667,194],"centerBegin":[333.5,472],"centerEnd":[333.5,278],"duration":0.25,"curve":7,"isLocal":true,"observed":{"frame":[0,0,667,375],"contentInset":[0,0,214,0],"indicatorInsets":[0,0,214,0],"contentOffset":[0,0],"safeArea":[0,0,0,0]}}
        {"event":"disappear","observed":{"frame":[0,0,667,375],"contentInset":[0,0,0,0],"indicatorInsets":[0,0,0,0],"contentOffset":[0,0],"safeArea":[0,0,0,0]}}
        {"event":"keyboard","name":"UIKeyboardDidShowNotification","frameBegin":[0,667,375,258],"frameEnd":[0,409,375,258],"bounds":[375,258],"centerBegin":[187.5,796],"centerEnd":[187.5,538],"isLocal":true,"observed":{"frame":[0,0,667,375],"contentInset":[0,0,0,0],"indicatorInsets":[0,0,0,0],"contentOffset":[0,0],"safeArea":[0,0,0,0]}}
        {"event":"layout","screen":[375,667],"orientation":"portrait","window":[0,0,375,667],"scrollView":{"frame":[0,0,375,667],"safeArea":[20,0,0,0],"insetAdjustment":"automatic","contentSize":[375,600]},"observed":{"frame":[0,0,375,667],"contentInset":[0,0,278,0],"indicatorInsets":[0,0,278,0],"contentOffset":[0,-20],"safeArea":[20,0,0,0]}}
        {"event":"appear","observed":{"frame":[0,0,375,667],"contentInset":[0,0,278,0],"indicatorInsets":[0,0,278,0],"contentOffset":[0,-20],"safeArea":[20,0,0,0]}}
        """

    /// Writes `text` to a file of its own and checks it as a recording.
    static func difference(of text: String) throws -> (GlueDisagreement?, ComparisonRuleCounts) {
        let path = NSTemporaryDirectory() + "comparison-rule-\(getpid()).kbtrace"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try (text + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        var rules = ComparisonRuleCounts()
        let found = GlueDifferential.recordingDifference(at: path, rules: &rules)
        return (found, rules)
    }

    /// The recording is compared up to the notification it holds out of
    /// order (event 4), and not after it.
    @Test func aRotationLearnedOnReturnEndsTheComparisonAtTheNotificationBeforeIt() throws {
        let recorded = try TraceReader.read(Self.layoutLearnedOnReturn, file: "scenario 4588")
        #expect(GlueDifferential.firstKeyboardBeforeARotationLearnedOnReturn(in: recorded) == 4)
        let (found, rules) = try Self.difference(of: Self.layoutLearnedOnReturn)
        #expect(found == nil, "\(found.map { "\($0)" } ?? "")")
        #expect(rules[.keyboardBeforeARotationLearnedOnReturn] == 3, "events 4, 5 and 6")
        #expect(rules[.layoutWithItsEvent] == 0, "the shared layout is past the cut")
    }

    /// A notification after the rotation's line is in order: nothing is cut.
    @Test func aNotificationAfterTheRotationsLineIsInOrder() throws {
        var lines = Self.layoutLearnedOnReturn.split(separator: "\n").map(String.init)
        lines.swapAt(5, 6)
        let recorded = try TraceReader.read(lines.joined(separator: "\n"), file: "scenario 4588, reordered")
        #expect(GlueDifferential.firstKeyboardBeforeARotationLearnedOnReturn(in: recorded) == nil)
    }

    /// With no keyboard, the rotation's line (4) shares the appearance's
    /// state, and the first layout's (2) the disappearance's: both are left
    /// out, the events are compared.
    @Test func aLayoutWrittenWithItsEventIsComparedAtTheEvent() throws {
        let lines = Self.layoutLearnedOnReturn.split(separator: "\n").map(String.init)
        let noKeyboard = [0, 1, 4, 6, 7].map { lines[$0] }.joined(separator: "\n")
            .replacingOccurrences(of: "[0,0,214,0]", with: "[0,0,0,0]").replacingOccurrences(of: "[0,0,278,0]", with: "[0,0,0,0]")
        let (found, rules) = try Self.difference(of: noKeyboard)
        #expect(found == nil, "\(found.map { "\($0)" } ?? "")")
        #expect(rules[.layoutWithItsEvent] == 2)
        #expect(rules[.keyboardBeforeARotationLearnedOnReturn] == 0)
        // The appearance's line is still compared, the rotation's is not: a
        // wrong inset on both is found at the appearance.
        let wrong = noKeyboard.replacingOccurrences(
            of: "\"contentInset\":[0,0,0,0],\"indicatorInsets\":[0,0,0,0],\"contentOffset\":[0,-20]",
            with: "\"contentInset\":[0,0,100,0],\"indicatorInsets\":[0,0,0,0],\"contentOffset\":[0,-20]")
        let (caught, _) = try Self.difference(of: wrong)
        #expect(caught.map { "\($0)" }?.contains("line 5") == true, "\(caught.map { "\($0)" } ?? "nothing found")")
    }
}
