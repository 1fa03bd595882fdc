import KeyboardAvoidance
import KeyboardGeometry
import KeyboardMarkup
import KeyboardOracle
import KeyboardTrace
import KeyboardWorld
import SystemPackage

/// Draws a ``Storyboard`` as SVG (or an HTML page holding the SVG and a
/// legend): one panel per event, left to right, top to bottom.
///
/// Each panel draws its screen in a group `transform="translate(…)
/// scale(s)"`, so every rect inside is written in screen points, exactly
/// the storyboard's numbers (two decimals); `s` is the same for every
/// panel, so screens of different sizes and orientations keep their
/// proportions. Strokes do not scale. Every text is escaped; ids carry a
/// prefix, so several storyboards can share one page.
///
/// What a panel shows, back to front: the screen (dark), the app's window
/// (white), the content's extent behind the scroll view (dashed, at the
/// content offset), the visible band(s) of the scroll view (green), the
/// scroll view's frame (blue outline), every field (grey; the focused one
/// green when the oracle sees it, red when it does not), the keyboard
/// (styled by ``Storyboard/KeyboardStyle``). Under it, the caption: the
/// event, the action, the inset and offset set, the keyboard (and the raw
/// rect as sent, for payloads in another space), and each violation in
/// words. The first panel with a violation has a red border.
public enum StoryboardPicture {
    /// The largest screen side, in SVG units.
    static let screenSide = 276.0
    static let padding = 12.0
    static let lineHeight = 13.0
    static let captionLines = 12
    /// The characters of a caption line that fit a panel's width at the
    /// caption's font size; longer lines are broken at spaces.
    static let captionWidth = 50

    /// The panel size in SVG units.
    static var panelWidth: Double { screenSide + 2 * padding }
    static var panelHeight: Double { screenSide + 3 * padding + Double(captionLines + 1) * lineHeight }

    /// The scale from screen points to SVG units: the largest screen side of
    /// any scene fills ``screenSide``. 1 when there is no such side (no
    /// scenes, or screens of no size or of a size that is not finite).
    public static func scale(of storyboard: Storyboard) -> Double {
        guard let side = storyboard.scenes.map({ Swift.max($0.screen.width, $0.screen.height) }).max(), side > 0, side.isFinite else { return 1 }
        return screenSide / side
    }

    /// A trace's title: its file's name without directories or the
    /// `.kbtrace` extension (pictures never show absolute paths).
    public static func title(ofTraceAt path: FilePath) -> String {
        let name = path.lastComponent?.string ?? ""
        let suffix = "." + Trace.fileExtension
        return name.hasSuffix(suffix) && name.count > suffix.count ? String(name.dropLast(suffix.count)) : name
    }

    /// The path of the picture beside a trace: `NAME.kbtrace` → `NAME.svg`.
    public static func svgPath(besideTraceAt path: FilePath) -> FilePath {
        let suffix = "." + Trace.fileExtension, text = path.string
        return FilePath((text.hasSuffix(suffix) ? String(text.dropLast(suffix.count)) : text) + ".svg")
    }

    /// The SVG document. `title` names the trace (it is escaped); `idPrefix`
    /// keeps ids unique when several storyboards share a page.
    public static func svg(_ storyboard: Storyboard, title: String, columns: Int = 4, idPrefix: String = "sb") -> String {
        writer(storyboard, title: title, columns: columns, idPrefix: idPrefix).text
    }

    /// The SVG as markup, for pages that embed it (`kbbench report`).
    package static func writer(_ storyboard: Storyboard, title: String, columns: Int = 4, idPrefix: String = "sb") -> MarkupWriter {
        let count = storyboard.scenes.count
        let cols = Swift.max(1, Swift.min(columns, count))
        let rows = Swift.max(1, (count + cols - 1) / cols)
        let heading = 28.0
        let width = Double(cols) * panelWidth, height = heading + Double(rows) * panelHeight
        let s = scale(of: storyboard)
        var svg = MarkupWriter()
        svg.open(
            "svg",
            [
                "xmlns": "http://www.w3.org/2000/svg", "width": .number(width), "height": .number(height),
                "viewBox": .text("0 0 \(Markup.number(width)) \(Markup.number(height))"), "font-family": "system-ui, sans-serif",
                "font-size": "10", "role": "img", "aria-label": .text("Storyboard of \(title) with \(storyboard.strategy)"),
            ])
        svg.leaf("rect", ["width": .number(width), "height": .number(height), "fill": "#ffffff"])
        svg.leaf(
            "text", ["x": .number(padding), "y": "18", "font-size": "13", "font-weight": "bold"],
            "\(title) — \(storyboard.strategy), " + linesText(storyboard)
                + (storyboard.firstViolation.map { ", first violation at line \(storyboard.scenes[$0].line)" } ?? ", no violation"))
        for (i, scene) in storyboard.scenes.enumerated() {
            let x = Double(i % cols) * panelWidth, y = heading + Double(i / cols) * panelHeight
            panel(scene, index: i, first: storyboard.firstViolation == i, at: KBPoint(x: x, y: y), scale: s, id: "\(idPrefix)-\(i)", into: &svg)
        }
        svg.close("svg")
        return svg
    }

    /// A page with the SVG and a legend explaining it.
    public static func html(_ storyboard: Storyboard, title: String) -> String {
        var page = MarkupWriter()
        page.leaf("h1", [:], "Storyboard: \(title)")
        page.leaf(
            "p", [:],
            "Replayed with \(storyboard.strategy). One panel per event of the trace, drawn to scale in the "
                + "interface-oriented screen space, as the screen looked after the strategy handled the event.")
        page.open("ul")
        for (color, text) in legend {
            page.open("li")
            page.leaf("span", ["class": "sw", "style": .text("background:\(color)")], "")
            page.content(text)
            page.close("li")
        }
        page.close("ul")
        page.append(writer(storyboard, title: title))
        return """
            <!doctype html><html lang="en"><head><meta charset="utf-8"><title>Storyboard: \(Markup.escape(title))</title>
            <style>body{font-family:system-ui,sans-serif;margin:1.5em;color:#222}li{margin:.2em 0}\
            .sw{display:inline-block;width:1.4em;height:.9em;margin-right:.5em;vertical-align:middle;border:1px solid #555}\
            svg{max-width:100%;height:auto}</style>
            </head><body>\(page.text)</body></html>
            """
    }

    /// The legend: a colour and what it marks.
    public static let legend: [(color: String, text: String)] = [
        (Color.screen, "the screen"), (Color.window, "the app's window"),
        (Color.content, "the scroll view's content, at the content offset (dashed outline)"),
        (Color.band, "the visible band: the scroll view minus its adjusted insets and the keyboard"),
        (Color.scrollView, "the scroll view's frame (outline)"), (Color.field, "a field"),
        (Color.visible, "the focused field, visible by the oracle's judgement"),
        (Color.hidden, "the focused field, hidden by the oracle's judgement"),
        (Color.docked, "a docked keyboard"), (Color.hardwareBar, "a hardware keyboard's bar"),
        (Color.undocked, "an undocked or split keyboard"), (Color.floating, "a floating keyboard"),
        (Color.violation, "the panel where an invariant first fails (border)"),
    ]

    enum Color {
        static let screen = "#2d3748", window = "#ffffff", content = "#edf2f7", band = "#9ae6b4", scrollView = "#2b6cb0"
        static let field = "#a0aec0", visible = "#38a169", hidden = "#e53e3e", docked = "#4a5568", hardwareBar = "#718096"
        static let undocked = "#805ad5", floating = "#dd6b20", violation = "#e53e3e"

        static func keyboard(_ style: Storyboard.KeyboardStyle) -> String {
            switch style {
            case .docked: docked
            case .hardwareBar: hardwareBar
            case .undocked: undocked
            case .floating: floating
            }
        }
    }

    private static func panel(
        _ scene: Storyboard.Scene, index: Int, first: Bool, at origin: KBPoint, scale s: Double, id: String, into svg: inout MarkupWriter
    ) {
        svg.open("g", ["id": .text(id), "class": "panel", "transform": .text("translate(\(Markup.number(origin.x)) \(Markup.number(origin.y)))")])
        if first {
            svg.leaf(
                "rect",
                [
                    "class": "first-violation", "x": "2", "y": "2", "width": .number(panelWidth - 4), "height": .number(panelHeight - 4),
                    "fill": "none", "stroke": .text(Color.violation), "stroke-width": "3",
                ])
        }
        // The screen, in points.
        svg.open("g", ["class": "screen-space", "transform": .text("translate(\(Markup.number(padding)) \(Markup.number(padding))) scale(\(s))")])
        svg.open("clipPath", ["id": .text("\(id)-clip")])
        rect(KBRect(origin: .zero, size: scene.screen), [:], into: &svg)
        svg.close("clipPath")
        rect(KBRect(origin: .zero, size: scene.screen), ["class": "screen", "fill": .text(Color.screen)], into: &svg)
        svg.open("g", ["clip-path": .text("url(#\(id)-clip)")])
        rect(scene.window, ["class": "window", "fill": .text(Color.window)], into: &svg)
        rect(scene.content, ["class": "content", "fill": .text(Color.content), "stroke": "#718096", "stroke-dasharray": "4 3"], into: &svg)
        for band in scene.visibleBands {
            let r = KBRect(x: scene.scrollView.minX, y: band.lowerBound, width: scene.scrollView.width, height: band.upperBound - band.lowerBound)
            rect(r, ["class": "band", "fill": .text(Color.band), "fill-opacity": "0.55"], into: &svg)
        }
        rect(scene.scrollView, ["class": "scroll-view", "fill": "none", "stroke": .text(Color.scrollView), "stroke-width": "2"], into: &svg)
        for (i, f) in scene.fields.enumerated() {
            let focused = i == scene.focused
            let color = !focused ? Color.field : scene.focusedVisible == false ? Color.hidden : Color.visible
            rect(f, ["class": .text(focused ? "field focused" : "field"), "fill": .text(color), "fill-opacity": focused ? "0.9" : "0.6"], into: &svg)
        }
        if let k = scene.keyboard, let style = scene.keyboardStyle {
            rect(k, ["class": .text("keyboard \(style.rawValue)"), "fill": .text(Color.keyboard(style)), "fill-opacity": "0.85"], into: &svg)
        }
        svg.close("g")
        svg.close("g")
        // The caption.
        var y = padding + screenSide + padding + 2
        let lines = caption(scene, first: first).flatMap { line in
            let isViolation = line.hasPrefix("I") || line.hasPrefix("first")
            return wrapped(line, width: captionWidth).map { ($0, isViolation) }
        }
        for (line, isViolation) in lines.prefix(captionLines) {
            y += lineHeight
            svg.leaf("text", ["x": .number(padding), "y": .number(y), "fill": isViolation ? .text(Color.violation) : "#1a202c"], line)
        }
        svg.close("g")
    }

    private static func rect(_ r: KBRect, _ attributes: KeyValuePairs<String, MarkupWriter.Value>, into svg: inout MarkupWriter) {
        var all: [(String, MarkupWriter.Value)] = [
            ("x", .number(r.minX)), ("y", .number(r.minY)), ("width", .number(r.width)), ("height", .number(r.height)),
        ]
        for (k, v) in attributes { all.append((k, v)) }
        all.append(("vector-effect", "non-scaling-stroke"))
        svg.leaf("rect", attributeList: all)
    }

    /// `line` broken at spaces into pieces of at most `width` characters
    /// (a word longer than that stays whole), every piece after the first
    /// indented by two spaces, so that no caption runs into the next panel.
    static func wrapped(_ line: String, width: Int) -> [String] {
        var pieces: [String] = [], current = ""
        for word in line.split(separator: " ", omittingEmptySubsequences: false) {
            let indent = pieces.isEmpty ? "" : "  "
            if !current.isEmpty && indent.count + current.count + 1 + word.count > width {
                pieces.append(indent + current)
                current = String(word)
            } else {
                current += (current.isEmpty ? "" : " ") + word
            }
        }
        pieces.append((pieces.isEmpty ? "" : "  ") + current)
        return pieces
    }

    /// The caption's lines: event, action, what was set, the keyboard, the
    /// violations.
    public static func caption(_ scene: Storyboard.Scene, first: Bool) -> [String] {
        var lines = ["line \(scene.line): \(eventText(scene.event))"]
        let o = scene.outcome
        lines.append(o.action.rawValue + (o.reason.map { " (\($0))" } ?? ""))
        lines.append("inset \(insetText(scene.contentInset)) · offset (\(n(scene.contentOffset.x)), \(n(scene.contentOffset.y)))")
        if let k = scene.keyboard, let style = scene.keyboardStyle {
            lines.append("keyboard \(style.rawValue) \(rectText(k))")
        } else {
            lines.append("no keyboard on screen")
        }
        if let raw = scene.rawEndFrame {
            lines.append("sent \(rectText(raw)) in the \(spaceText(scene.frameSpace)) space")
        }
        if scene.focused != nil { lines.append("focused field " + (scene.focusedVisible == false ? "hidden" : "visible")) }
        if first { lines.append("first violation") }
        for v in scene.violations { lines.append("\(v.rawValue): \(v.summary)") }
        return lines
    }

    static func eventText(_ e: TraceEvent) -> String {
        switch e {
        case .keyboard(let k):
            let name = k.name.shortName
            if let end = k.frameEnd { return "\(name) end \(rectText(end))" }
            if let b = k.bounds, let c = k.centerEnd { return "\(name) bounds \(n(b.width))×\(n(b.height)) centre (\(n(c.x)), \(n(c.y)))" }
            return name
        case .focus(let field, _): return "focus field \(field)"
        case .blur: return "blur"
        case .layout(let c):
            var changed: [String] = []
            if let o = c.orientation { changed.append("orientation \(o.rawValue)") }
            if let s = c.screen { changed.append("screen \(n(s.width))×\(n(s.height))") }
            if c.window != nil { changed.append("window") }
            if c.frame != nil { changed.append("frame") }
            if c.safeArea != nil { changed.append("safe area") }
            if c.contentInset != nil { changed.append("content inset") }
            if c.contentSize != nil { changed.append("content size") }
            if c.contentOffset != nil { changed.append("offset") }
            if c.fieldList != nil { changed.append("fields") }
            if c.insetAdjustment != nil || c.alwaysBounceVertical != nil || c.alwaysBounceHorizontal != nil { changed.append("adjustment") }
            return "layout" + (changed.isEmpty ? "" : ": " + changed.joined(separator: ", "))
        case .appear: return "view appears"
        case .disappear: return "view disappears"
        }
    }

    /// "line 4", "lines 2–9": the trace lines the panels show.
    static func linesText(_ b: Storyboard) -> String {
        guard let first = b.scenes.first?.line, let last = b.scenes.last?.line else { return "no events" }
        return first == last ? "line \(first)" : "lines \(first)–\(last)"
    }

    static func spaceText(_ s: KeyboardFrameSpace) -> String {
        switch s {
        case .fixedPortrait: "fixed portrait"
        case .window: "window's"
        case .oriented: "oriented screen"
        }
    }

    static func n(_ d: Double) -> String { d.isFinite ? Markup.number(d) : String(d) }
    static func rectText(_ r: KBRect) -> String { "(\(n(r.minX)), \(n(r.minY)), \(n(r.width)), \(n(r.height)))" }
    static func insetText(_ e: KBEdgeInsets) -> String { "[\(n(e.top)), \(n(e.left)), \(n(e.bottom)), \(n(e.right))]" }
}
