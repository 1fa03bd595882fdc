import KBTestSupport
import Foundation
@testable import KeyboardStoryboard
import KeyboardAvoidance
import KeyboardGeometry
import KeyboardHarness
import KeyboardOracle
import KeyboardStrategies
import KeyboardTrace
import KeyboardWorld
import SystemPackage
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Storyboards draw what the trace says, where it says: the rects of known
/// traces are pinned in SVG units (screen points inside each panel's
/// scaled group), so a wrong conversion fails here.
@Suite("Storyboard pictures")
struct StoryboardPictureTests {
    /// The storyboard of a corpus trace replayed with `strategy`.
    static func storyboard(_ relative: String, strategy: String = "engine") throws -> (Trace, Storyboard, String) {
        let path = Repository.path(relative)
        let trace = try TraceReader.read(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: path))), file: path)
        let storyboard = try storyboard(of: trace, strategy: strategy)
        return (trace, storyboard, StoryboardPicture.svg(storyboard, title: StoryboardPicture.title(ofTraceAt: FilePath(path))))
    }

    /// The storyboard of `trace` replayed with `strategy`.
    static func storyboard(of trace: Trace, strategy: String = "engine") throws -> Storyboard {
        let underTest = try #require(StrategyCatalog.allUnderTest.first { $0.name == strategy })
        return Storyboard(trace: trace, report: try underTest.replay(trace), promise: underTest.promise(for: trace.header))
    }

    /// The markup of panel `index`.
    static func panel(_ svg: String, _ index: Int) -> String {
        guard let start = svg.range(of: "<g id=\"sb-\(index)\" class=\"panel\"") else { return "" }
        let rest = svg[start.upperBound...]
        let end = rest.range(of: "<g id=\"sb-\(index + 1)\" class=\"panel\"")?.lowerBound ?? rest.endIndex
        return String(rest[..<end])
    }

    /// The rects of class `kind` (first word of the class) in panel `index`.
    static func rects(_ svg: String, panel index: Int, _ kind: String) -> [(rect: KBRect, cls: String)] {
        let panel = Self.panel(svg, index)
        let pattern = #/<rect x="([^"]+)" y="([^"]+)" width="([^"]+)" height="([^"]+)" class="([^"]+)"/#
        return panel.matches(of: pattern).compactMap { m in
            let cls = String(m.output.5)
            guard cls.split(separator: " ").first.map(String.init) == kind,
                let x = Double(m.output.1), let y = Double(m.output.2), let w = Double(m.output.3), let h = Double(m.output.4)
            else { return nil }
            return (KBRect(x: x, y: y, width: w, height: h), cls)
        }
    }

    static func close(_ a: KBRect?, _ b: KBRect) -> Bool {
        guard let a else { return false }
        return abs(a.minX - b.minX) < 0.006 && abs(a.minY - b.minY) < 0.006 && abs(a.width - b.width) < 0.006 && abs(a.height - b.height) < 0.006
    }

    @Test func anOffsetWindowIsDrawnWhereItIsOnScreen() throws {
        let (_, board, svg) = try Self.storyboard("corpora/traces/ipad-form-sheet-offset-window.kbtrace")
        // Panel 1 is line 3 (WillShow): window at (84, 100); the scroll view
        // 56 pt into it; the keyboard top at 760; field 1 (y 600) at offset
        // 50: 156 + 600 − 50 = 706.
        #expect(Self.close(Self.rects(svg, panel: 1, "window").first?.rect, KBRect(x: 84, y: 100, width: 600, height: 800)))
        #expect(Self.close(Self.rects(svg, panel: 1, "scroll-view").first?.rect, KBRect(x: 84, y: 156, width: 600, height: 744)))
        #expect(Self.close(Self.rects(svg, panel: 1, "keyboard").first?.rect, KBRect(x: 0, y: 760, width: 768, height: 264)))
        #expect(Self.rects(svg, panel: 1, "keyboard").first?.cls == "keyboard docked")
        let focused = Self.rects(svg, panel: 1, "field").first { $0.cls == "field focused" }
        #expect(Self.close(focused?.rect, KBRect(x: 104, y: 706, width: 560, height: 44)))
        // The band: from the scroll view's top to the keyboard.
        #expect(Self.close(Self.rects(svg, panel: 1, "band").first?.rect, KBRect(x: 84, y: 156, width: 600, height: 604)))
        #expect(board.scenes[1].focusedVisible == true)
        // The content at offset 50: its top 50 above the scroll view's.
        #expect(Self.close(Self.rects(svg, panel: 1, "content").first?.rect, KBRect(x: 84, y: 106, width: 600, height: 1000)))
    }

    @Test func anIOS7LandscapeKeyboardIsDrawnAfterTheFixedPortraitConversion() throws {
        let (_, board, svg) = try Self.storyboard("corpora/traces/ipad-ios7-landscape.kbtrace")
        // Sent (0, 0, 352, 1024) in the fixed portrait space; in landscape
        // right that is the bottom 352 of a 1024×768 screen.
        #expect(Self.close(Self.rects(svg, panel: 1, "screen").first?.rect, KBRect(x: 0, y: 0, width: 1024, height: 768)))
        #expect(Self.close(Self.rects(svg, panel: 1, "keyboard").first?.rect, KBRect(x: 0, y: 416, width: 1024, height: 352)))
        #expect(board.scenes[1].rawEndFrame == KBRect(x: 0, y: 0, width: 352, height: 1024))
        #expect(svg.contains("sent (0, 0, 352, 1024) in the fixed portrait space"))
        // Field 1 (y 500) at offset 202: 64 + 500 − 202 = 362, its bottom
        // plus the distance meeting the keyboard.
        let focused = Self.rects(svg, panel: 1, "field").first { $0.cls == "field focused" }
        #expect(Self.close(focused?.rect, KBRect(x: 40, y: 362, width: 944, height: 44)))
        // One scale for every panel: the largest side (1024) fills 276 units.
        #expect(svg.contains("scale(\(276.0 / 1024))"))
    }

    /// A field whose bottom meets the keyboard's top exactly is drawn as
    /// visible: the picture judges visibility as I2 does for a promise of
    /// no distance, not a point short of it.
    @Test func aFieldFlushWithTheKeyboardIsDrawnVisible() throws {
        let text = """
            {"schemaVersion":1,"kind":"kbtrace","profile":"ios13","screen":[375,667],"orientation":"portrait","window":[0,0,375,667],"scrollView":{"frame":[0,0,375,667],"contentSize":[375,667]},"fields":[[16,365,343,44]],"policy":{"distance":0}}
            {"event":"focus","field":0}
            {"event":"keyboard","name":"UIKeyboardWillChangeFrameNotification","frameBegin":[0,667,375,258],"frameEnd":[0,409,375,258],"duration":0.25,"curve":7}
            {"event":"keyboard","name":"UIKeyboardWillShowNotification","frameBegin":[0,667,375,258],"frameEnd":[0,409,375,258],"duration":0.25,"curve":7}
            """
        let board = try Self.storyboard(of: try TraceReader.read(text, file: "flush.kbtrace"))
        #expect(board.scenes.last?.fields.first?.maxY == 409 && board.scenes.last?.keyboard?.minY == 409)
        #expect(board.scenes.last?.focusedVisible == true)
    }

    /// A content offset moves the content and every field by it, together,
    /// sideways as well as up: fields are drawn at the scroll view's origin
    /// plus their content origin minus the offset, on both axes.
    @Test func aSidewaysContentOffsetMovesTheFieldsWithTheContent() throws {
        let text = """
            {"schemaVersion":1,"kind":"kbtrace","profile":"ios13","screen":[375,667],"orientation":"portrait","window":[0,0,375,667],"scrollView":{"frame":[10,20,355,647],"contentSize":[600,900],"contentOffset":[30,50]},"fields":[[16,100,343,44],[200,300,343,44]],"policy":{"distance":0}}
            {"event":"focus","field":1}
            """
        let board = try Self.storyboard(of: try TraceReader.read(text, file: "sideways.kbtrace"))
        let scene = try #require(board.scenes.last)
        #expect(scene.contentOffset == KBPoint(x: 30, y: 50))
        #expect(scene.content == KBRect(x: -20, y: -30, width: 600, height: 900))
        #expect(scene.fields == [KBRect(x: -4, y: 70, width: 343, height: 44), KBRect(x: 180, y: 270, width: 343, height: 44)])
    }

    @Test func aFloatingKeyboardIsDrawnFloatingWithTheFieldAboveIt() throws {
        let (_, board, svg) = try Self.storyboard("corpora/traces/ipad-floating-keyboard.kbtrace")
        // Panel 6 is line 8: the floating keyboard moved to (245, 408); the
        // engine scrolled to 286, so field 1 (y 640) is at 354, its bottom
        // plus 10 meeting the keyboard's top.
        let keyboard = Self.rects(svg, panel: 6, "keyboard").first
        #expect(keyboard?.cls == "keyboard floating")
        #expect(Self.close(keyboard?.rect, KBRect(x: 245, y: 408, width: 320, height: 272)))
        let focused = Self.rects(svg, panel: 6, "field").first { $0.cls == "field focused" }
        #expect(Self.close(focused?.rect, KBRect(x: 40, y: 354, width: 688, height: 44)))
        // Two bands around the floating keyboard, each reaching its edge
        // exactly: the picture shows what is visible, no distance taken off.
        #expect(board.scenes[6].visibleBands.count == 2)
        #expect(board.scenes[6].visibleBands.contains { $0.upperBound == 408 }, "\(board.scenes[6].visibleBands)")
        #expect(board.scenes[6].visibleBands.contains { $0.lowerBound == 680 }, "\(board.scenes[6].visibleBands)")
        #expect(Self.rects(svg, panel: 6, "band").count == 2)
        // Docked again at line 10.
        #expect(Self.rects(svg, panel: 8, "keyboard").first?.cls == "keyboard docked")
    }

    @Test func aHardwareKeyboardsBarIsToldFromADockedKeyboardByWhatShows() throws {
        // The iPad Pro's bar: a 313 pt frame of which 55 pt are on screen.
        let (_, _, svg) = try Self.storyboard("corpora/traces/ipadpro-hardware-shortcuts-bar.kbtrace")
        let keyboard = Self.rects(svg, panel: 1, "keyboard").first
        #expect(keyboard?.cls == "keyboard hardware bar")
        #expect(Self.close(keyboard?.rect, KBRect(x: 0, y: 1311, width: 1024, height: 313)))
        #expect(Storyboard.KeyboardStyle(rawValue: "docked") == .docked)
    }

    /// A keyboard is drawn docked when it spans the screen and reaches its
    /// bottom, each within half a point (frames converted between spaces
    /// land a fraction off); beyond that it is undocked, or floating when
    /// narrower than nine tenths of the screen.
    @Test func aKeyboardsStyleAllowsHalfAPointAtEachEdge() {
        let screen = KBSize(width: 1024, height: 768)
        func style(_ r: KBRect) -> Storyboard.KeyboardStyle { Storyboard.KeyboardStyle(r, screen: screen) }
        #expect(style(KBRect(x: 0, y: 415.5, width: 1023.5, height: 352)) == .docked)
        #expect(style(KBRect(x: 0, y: 415.4, width: 1024, height: 352)) == .undocked)
        #expect(style(KBRect(x: 0, y: 416, width: 1023.4, height: 352)) == .undocked)
        #expect(style(KBRect(x: 0, y: 300, width: 921.6, height: 352)) == .undocked)
        #expect(style(KBRect(x: 0, y: 300, width: 921.5, height: 352)) == .floating)
        #expect(style(KBRect(x: 0, y: 688, width: 1024, height: 80)) == .hardwareBar)
        #expect(style(KBRect(x: 0, y: 687.5, width: 1024, height: 80.5)) == .docked)
    }

    @Test func theFirstViolationIsMarkedAndExplained() throws {
        let (_, board, svg) = try Self.storyboard("corpora/shootout/apple2013-I2-seed1-70.kbtrace", strategy: "apple2013")
        let first = try #require(board.firstViolation)
        #expect(board.scenes[first].violations.contains(.fieldVisible))
        #expect(board.scenes[first].focusedVisible == false)
        #expect(svg.components(separatedBy: "class=\"first-violation\"").count == 2)
        #expect(Self.panel(svg, first).contains("class=\"first-violation\""), "the border is on panel \(first)")
        #expect(svg.contains("I2: the active field is visible at rest"))
    }

    /// Every trace of the corpora (shootout counterexamples with their own
    /// strategy) draws as well-formed XML with one panel per event.
    @Test(arguments: ["corpora/traces", "corpora/regressions", "corpora/shootout"])
    func everyCorpusTraceDrawsOnePanelPerEvent(directory: String) throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Repository.path(directory)).filter { $0.hasSuffix(".kbtrace") }.sorted()
        #expect(!files.isEmpty)
        for file in files {
            let strategy = directory.hasSuffix("shootout") ? String(file.prefix { $0 != "-" }) : "engine"
            let (trace, _, svg) = try Self.storyboard("\(directory)/\(file)", strategy: strategy)
            #expect(svg.components(separatedBy: "class=\"panel\"").count - 1 == trace.events.count, "\(file)")
            let parser = XMLParser(data: Data(svg.utf8))
            #expect(parser.parse(), "\(file): \(parser.parserError.map { "\($0)" } ?? "")")
        }
    }

    /// Every strategy's storyboard of every trace in `corpora/traces`, as a
    /// picture and as a page, pinned by hash in `Golden/storyboards.txt`, so
    /// a change to how anything is drawn or captioned is a diff to read
    /// (see `GoldenFile`).
    @Test func everyStoryboardOfTheTracesIsTheReviewedOne() throws {
        let files = Repository.traces(in: "traces").map(\.lastPathComponent)
        var lines = ["trace strategy svg html"]
        for file in files {
            for strategy in StrategyCatalog.names {
                let (_, board, svg) = try Self.storyboard("corpora/traces/\(file)", strategy: strategy)
                let html = StoryboardPicture.html(board, title: StoryboardPicture.title(ofTraceAt: FilePath("corpora/traces/\(file)")))
                lines.append("\(file) \(strategy) \(Counterexample.hash(svg)) \(Counterexample.hash(html))")
            }
        }
        let difference = try GoldenFile.difference(
            lines.joined(separator: "\n") + "\n", from: GoldenFile.url("Golden/storyboards.txt", besideTestFile: #filePath))
        #expect(difference == nil, "\(difference ?? "")")
    }

    /// The pictures the README and docs/cli.md show are what the current
    /// code draws: the cookbook replayed on an iPad form sheet (what `kbbench
    /// replay --strategy cookbook --svg` writes), and an audit of
    /// IQKeyboardManager's observed states by the promise the trace states
    /// (what `kbbench audit --svg` writes).
    @Test func theDocumentsPicturesAreCurrent() throws {
        let (_, _, replayed) = try Self.storyboard("corpora/traces/ipad-form-sheet-offset-window.kbtrace", strategy: "cookbook")
        #expect(replayed.contains("I2: the active field is visible at rest"))
        let observedPath = Repository.path("corpora/observed/iqKeyboardManager-I8-seed1-0.kbtrace")
        let observed = try TraceReader.read(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: observedPath))), file: observedPath)
        let promise = TraceAudit.promise(of: observed).promise
        let audit = try TraceAudit.audit(observed, file: observedPath, promise: promise)
        let audited = StoryboardPicture.svg(
            Storyboard(trace: observed, report: audit, promise: promise), title: StoryboardPicture.title(ofTraceAt: FilePath(observedPath)))
        #expect(audited.contains("I8"))
        for (svg, file) in [(replayed, "docs/storyboard-cookbook-form-sheet.svg"), (audited, "docs/storyboard-audit-iq.svg")] {
            let difference = try GoldenFile.difference(svg, from: Repository.url(file))
            #expect(difference == nil, "\(difference ?? "")")
        }
    }

    @Test func anExcerptKeepsThePanelsAroundTheFirstViolation() throws {
        let (_, board, _) = try Self.storyboard("corpora/shootout/apple2013-I2-seed1-70.kbtrace", strategy: "apple2013")
        let first = try #require(board.firstViolation)
        let excerpt = board.excerpt(before: 3, after: 1)
        #expect(excerpt.scenes == Array(board.scenes[Swift.max(0, first - 3)...Swift.min(board.scenes.count - 1, first + 1)]))
        #expect(excerpt.scenes[try #require(excerpt.firstViolation)] == board.scenes[first])
        let (_, clean, _) = try Self.storyboard("corpora/traces/iphone8-portrait-first-focus.kbtrace")
        #expect(clean.firstViolation == nil && clean.excerpt() == clean)
    }

    /// The title names the lines shown: one line, a range, or none; the
    /// largest screen side fills the panel, and a board without one draws
    /// at scale 1.
    @Test func theTitleNamesTheLinesShownAndTheScaleFitsTheScreen() throws {
        let (trace, board, _) = try Self.storyboard("corpora/traces/iphone8-portrait-first-focus.kbtrace")
        let lines = trace.events.map(\.line)
        #expect(StoryboardPicture.linesText(board) == "lines \(lines.first!)–\(lines.last!)")
        var one = board
        one.scenes = [board.scenes[2]]
        #expect(StoryboardPicture.linesText(one) == "line \(board.scenes[2].line)")
        var none = board
        none.scenes = []
        #expect(StoryboardPicture.linesText(none) == "no events")
        #expect(StoryboardPicture.scale(of: board) == StoryboardPicture.screenSide / 667)
        #expect(StoryboardPicture.scale(of: none) == 1)
    }

    @Test func counterexampleFileNamesAreParsedByWholeStems() {
        let stems = StrategyCatalog.allUnderTest.map(\.fileStem)
        #expect(ShootoutReport.counterexample(fileNamed: "apple2013-I2-seed1-37.kbtrace", stems: stems)?.strategy == "apple2013")
        #expect(ShootoutReport.counterexample(fileNamed: "apple2013-I2-seed1-37.kbtrace", stems: stems)?.invariant == .fieldVisible)
        for name in [
            "ipad-slide-over.kbtrace", "apple2013-I2-seed1-37.svg", "apple2013-I2-seedx-37.kbtrace", "apple2013-I2-seed1.kbtrace",
            "nosuch-I2-seed1-3.kbtrace", "apple2013-I22-seed1-3.kbtrace",
        ] {
            #expect(ShootoutReport.counterexample(fileNamed: name, stems: stems) == nil, "\(name)")
        }
    }

    @Test func textIsEscapedAndPathsAreNamedByFile() throws {
        #expect(StoryboardPicture.title(ofTraceAt: "/abs/dir/x-I2.kbtrace") == "x-I2")
        #expect(StoryboardPicture.svgPath(besideTraceAt: "c/x-I2.kbtrace") == "c/x-I2.svg")
        let (_, board, _) = try Self.storyboard("corpora/traces/iphone8-portrait-first-focus.kbtrace")
        let svg = StoryboardPicture.svg(board, title: #"evil"><script>alert(1)</script>"#)
        #expect(!svg.contains("<script>"))
        #expect(XMLParser(data: Data(svg.utf8)).parse())
        let html = StoryboardPicture.html(board, title: "t")
        #expect(html.hasPrefix("<!doctype html>") && html.contains("a floating keyboard"))
    }
    /// Each panel's caption names what its event changed, and only that: a
    /// layout change lists exactly the keys it carries, in the trace
    /// format's order.
    @Test(arguments: [
        (LayoutChange(orientation: .landscapeLeft), "layout: orientation landscapeLeft"),
        (LayoutChange(screen: KBSize(width: 390, height: 844)), "layout: screen 390×844"),
        (LayoutChange(window: KBRect(x: 0, y: 0, width: 1, height: 1)), "layout: window"),
        (LayoutChange(frame: KBRect(x: 0, y: 0, width: 1, height: 1)), "layout: frame"),
        (LayoutChange(safeArea: KBEdgeInsets(top: 1, bottom: 0)), "layout: safe area"),
        (LayoutChange(contentInset: KBEdgeInsets(top: 1, bottom: 0)), "layout: content inset"),
        (LayoutChange(contentSize: KBSize(width: 1, height: 1)), "layout: content size"),
        (LayoutChange(contentOffset: KBPoint(x: 0, y: 1)), "layout: offset"),
        (LayoutChange(fieldList: 1), "layout: fields"),
        (LayoutChange(insetAdjustment: .never), "layout: adjustment"),
        (LayoutChange(alwaysBounceVertical: true), "layout: adjustment"),
        (LayoutChange(alwaysBounceHorizontal: false), "layout: adjustment"),
        (LayoutChange(), "layout"),
        (
            LayoutChange(orientation: .portrait, frame: KBRect(x: 0, y: 0, width: 1, height: 1), contentOffset: .zero),
            "layout: orientation portrait, frame, offset"
        ),
    ])
    func aLayoutCaptionNamesExactlyTheKeysItCarries(change: LayoutChange, caption: String) {
        #expect(StoryboardPicture.eventText(.layout(change)) == caption)
    }

    @Test func aKeyboardCaptionShowsTheFrameItCarries() {
        let end = KBRect(x: 0, y: 500, width: 390, height: 344)
        #expect(StoryboardPicture.eventText(.keyboard(KeyboardNotification(name: .willShow, frameEnd: end))) == "WillShow end (0, 500, 390, 344)")
        let centred = KeyboardNotification(name: .didHide, bounds: KBSize(width: 320, height: 216), centerEnd: KBPoint(x: 160, y: 588))
        #expect(StoryboardPicture.eventText(.keyboard(centred)) == "DidHide bounds 320×216 centre (160, 588)")
        #expect(StoryboardPicture.eventText(.keyboard(KeyboardNotification(name: .willChangeFrame))) == "WillChangeFrame")
    }
}
