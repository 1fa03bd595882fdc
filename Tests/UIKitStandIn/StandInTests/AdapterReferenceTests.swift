import Foundation
import GlueBridge
import KeyboardGeometry
import KeyboardReplay
import KeyboardStrategies
import KeyboardTrace
import KeyboardWorld
import Testing

/// The adapter's rule the reference applies: a content-size change never
/// scrolls.
@MainActor
@Suite("The reference applies the adapter's rules", .serialized)
struct AdapterReferenceTests {
    /// Scenario 119899 of seed 20261199, shrunk: a text view is focused
    /// over a keyboard with the content as tall as the view, then the
    /// content grows past it (so the safe area now counts, and the inset is
    /// solved again) while the text view grows.
    static let contentGrowsPastTheView = """
        {"schemaVersion":1,"kind":"kbtrace","profile":"ios13","systemVersion":26,"screen":[390,844],"orientation":"portrait","window":[0,0,390,844],"scrollView":{"frame":[0,0,390,844],"safeArea":[47,0,34,0],"insetAdjustment":"scrollableAxes","contentSize":[390,844],"contentOffset":[0,0]},"fields":[[16,210,280,282]],"policy":{"distance":10}}
        {"event":"keyboard","name":"UIKeyboardWillChangeFrameNotification","frameBegin":[0,844,390,336],"frameEnd":[0,508,390,336],"bounds":[390,336],"centerBegin":[195,1012],"centerEnd":[195,676],"duration":0.25,"curve":7,"isLocal":true}
        {"event":"keyboard","name":"UIKeyboardWillShowNotification","frameBegin":[0,844,390,336],"frameEnd":[0,508,390,336],"bounds":[390,336],"centerBegin":[195,1012],"centerEnd":[195,676],"duration":0.25,"curve":7,"isLocal":true}
        {"event":"focus","field":0,"caret":[20,470,2,20]}
        {"event":"layout","scrollView":{"contentSize":[390,864]},"fields":[[16,210,280,302]]}
        {"event":"keyboard","name":"UIKeyboardDidShowNotification","frameBegin":[0,844,390,336],"frameEnd":[0,508,390,336],"bounds":[390,336],"centerBegin":[195,1012],"centerEnd":[195,676],"duration":0.25,"curve":7,"isLocal":true}
        """

    /// The recording of scenario 17159 of seed 1795906882, shrunk: the
    /// content grows past the view under a focused text view that grows
    /// with it, and UIKit moves the offset to the top of the safe area
    /// (-20); the recorder writes that offset into the layout's line and
    /// the grown text view as a focus on the next.
    static let recordedGrowthWithTheOffset = """
        {"schemaVersion":1,"kind":"kbtrace","profile":"ios13","screen":[375,667],"orientation":"portrait","window":[0,0,375,667],"scrollView":{"frame":[0,0,375,667],"safeArea":[20,0,0,0],"insetAdjustment":"scrollableAxes","contentSize":[375,667],"contentOffset":[0,0]},"fields":[[16,130,280,278],[16,130,280,298]],"policy":{"distance":0,"tallField":"caret"},"promise":{"distance":0,"tallField":"caret"}}
        {"event":"keyboard","name":"UIKeyboardWillChangeFrameNotification","frameBegin":[0,667,375,258],"frameEnd":[0,409,375,258],"bounds":[375,258],"centerBegin":[187.5,796],"centerEnd":[187.5,538],"duration":0.25,"curve":7,"isLocal":true,"observed":{"frame":[0,0,375,667],"contentInset":[0,0,258,0],"indicatorInsets":[0,0,258,0],"contentOffset":[0,0],"safeArea":[20,0,0,0]}}
        {"event":"keyboard","name":"UIKeyboardWillShowNotification","frameBegin":[0,667,375,258],"frameEnd":[0,409,375,258],"bounds":[375,258],"centerBegin":[187.5,796],"centerEnd":[187.5,538],"duration":0.25,"curve":7,"isLocal":true,"observed":{"frame":[0,0,375,667],"contentInset":[0,0,258,0],"indicatorInsets":[0,0,258,0],"contentOffset":[0,0],"safeArea":[20,0,0,0]}}
        {"event":"focus","field":0,"caret":[20,350,2,20],"observed":{"frame":[0,0,375,667],"contentInset":[0,0,258,0],"indicatorInsets":[0,0,258,0],"contentOffset":[0,0],"safeArea":[20,0,0,0]}}
        {"event":"keyboard","name":"UIKeyboardDidShowNotification","frameBegin":[0,667,375,258],"frameEnd":[0,409,375,258],"bounds":[375,258],"centerBegin":[187.5,796],"centerEnd":[187.5,538],"duration":0.25,"curve":7,"isLocal":true,"observed":{"frame":[0,0,375,667],"contentInset":[0,0,258,0],"indicatorInsets":[0,0,258,0],"contentOffset":[0,0],"safeArea":[20,0,0,0]}}
        {"event":"layout","scrollView":{"contentSize":[375,687],"contentOffset":[0,-20]},"observed":{"frame":[0,0,375,667],"contentInset":[0,0,258,0],"indicatorInsets":[0,0,258,0],"contentOffset":[0,-20],"safeArea":[20,0,0,0]}}
        {"event":"focus","field":1,"caret":[20,350,2,20],"observed":{"frame":[0,0,375,667],"contentInset":[0,0,258,0],"indicatorInsets":[0,0,258,0],"contentOffset":[0,19],"safeArea":[20,0,0,0]}}
        """

    /// Scenario 563 of seed 20261281 (a chat screen) shrunk to its
    /// appearance alone: the view is in its window from the start, so the
    /// glue hears no appearance, and neither does the reference; the engine
    /// strategy, handed it, lays the composer's inset (52) on the
    /// transcript. A disappearance of a view already away is nothing too.
    static let appearanceOfAViewInItsWindow = """
        {"schemaVersion":1,"kind":"kbtrace","profile":"ipados","systemVersion":22,"screen":[1032,1376],"orientation":"portrait","window":[0,0,1032,1376],"scrollView":{"frame":[0,0,1032,1376],"safeArea":[24,0,20,0],"contentSize":[1032,1200],"contentOffset":[0,-24]},"fields":[],"policy":{"distance":10,"tallField":"caret"},"composer":{"height":52,"restingInset":20}}
        {"event":"appear"}
        {"event":"disappear"}
        {"event":"disappear"}
        """

    @Test func anAppearanceInTheWindowAndADisappearanceAwayReachNobody() throws {
        let trace = try TraceReader.read(Self.appearanceOfAViewInItsWindow, file: "t")
        let reference = TraceReplayer.replay(trace, with: AdapterReference.self)
        let engine = TraceReplayer.replay(trace, with: EngineStrategy.self)
        #expect(reference.steps.map(\.contentInset.bottom) == [0, 0, 0])
        #expect(reference.steps.map { $0.outcome.reason?.description } == ["notObserved", "noKeyboard", "notObserved"])
        #expect(engine.steps.first?.contentInset.bottom == 52, "the rule matters: the engine, handed the appearance, answers it")
    }

    @Test func onlyANewContentSizeWithTheFieldsAndTheOffsetIsAContentSizeChange() {
        #expect(AdapterReference.changesTheContentSizeOnly(LayoutChange(contentSize: KBSize(width: 1, height: 2))))
        #expect(AdapterReference.changesTheContentSizeOnly(LayoutChange(contentSize: KBSize(width: 1, height: 2), fieldList: 0)))
        #expect(
            AdapterReference.changesTheContentSizeOnly(
                LayoutChange(contentSize: KBSize(width: 1, height: 2), contentOffset: KBPoint(x: 0, y: -20), fieldList: 0)))
        #expect(!AdapterReference.changesTheContentSizeOnly(LayoutChange(contentOffset: KBPoint(x: 0, y: -20))))
        #expect(!AdapterReference.changesTheContentSizeOnly(LayoutChange(fieldList: 0)))
        #expect(!AdapterReference.changesTheContentSizeOnly(LayoutChange()))
        #expect(
            !AdapterReference.changesTheContentSizeOnly(
                LayoutChange(frame: KBRect(x: 0, y: 0, width: 1, height: 1), contentSize: KBSize(width: 1, height: 2))))
        #expect(
            !AdapterReference.changesTheContentSizeOnly(
                LayoutChange(safeArea: KBEdgeInsets(top: 1, bottom: 0), contentSize: KBSize(width: 1, height: 2))))
    }

    /// The engine alone scrolls at the content-size change; the reference
    /// keeps UIKit's offset, as the glue does. (The scenario with the
    /// text view's growth left out: the content grows alone.)
    @Test func aContentSizeChangeSetsTheInsetsButNotTheOffset() async throws {
        let text = Self.contentGrowsPastTheView.replacingOccurrences(of: #","fields":[[16,210,280,302]]"#, with: "")
        let trace = try TraceReader.read(text, file: "scenario 119899, the content alone")
        // At the layout (event 3).
        let engine = TraceReplayer.replay(trace, with: EngineStrategy.self).steps[3]
        let reference = TraceReplayer.replay(trace, with: AdapterReference.self).steps[3]
        #expect(engine.contentInset == reference.contentInset)
        #expect(engine.contentOffset.y == -6, "the engine scrolls for the new insets")
        #expect(reference.contentOffset.y == -47, "UIKit's offset, at the top of the content")
        let found = GlueDifferential().check(trace, staging: GlueStaging.drawn(seed: 20_261_199, index: 119_899))
        #expect(found == nil, "\(found.map { "\($0)" } ?? "")")
    }

    /// Where the layout grows the focused text view too, the field is read
    /// again once the pass is over, and that scrolls: engine, reference
    /// and glue show the grown view alike.
    @Test func aLayoutThatGrowsTheFocusedTextViewScrollsToItsNewFrame() async throws {
        let trace = try TraceReader.read(Self.contentGrowsPastTheView, file: "scenario 119899")
        let engine = TraceReplayer.replay(trace, with: EngineStrategy.self).steps[3]
        let reference = TraceReplayer.replay(trace, with: AdapterReference.self).steps[3]
        #expect(engine.contentInset == reference.contentInset)
        #expect(engine.contentOffset.y == 14, "the grown view shown whole, the distance above the keyboard")
        #expect(reference.contentOffset.y == engine.contentOffset.y)
        let found = GlueDifferential().check(trace, staging: GlueStaging.drawn(seed: 20_261_199, index: 119_899))
        #expect(found == nil, "\(found.map { "\($0)" } ?? "")")
    }

    /// The recording's layout line keeps the offset UIKit set (-20), as the
    /// glue did, and the focus after it scrolls the grown text view into
    /// view (19): replayed by the reference, it audits as recorded.
    @Test func aRecordedContentGrowthKeepsTheOffsetUIKitMoved() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kbbench-reference-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("session.kbtrace").path
        try Self.recordedGrowthWithTheOffset.write(toFile: path, atomically: true, encoding: .utf8)
        var rules = ComparisonRuleCounts()
        let found = GlueDifferential.recordingDifference(at: path, rules: &rules)
        #expect(found == nil, "\(found.map { "\($0)" } ?? "")")
        let replay = TraceReplayer.replay(try TraceReader.read(Self.recordedGrowthWithTheOffset, file: "17159"), with: AdapterReference.self)
        #expect(replay.steps.map(\.contentOffset.y).suffix(2) == [-20, 19])
    }
}
