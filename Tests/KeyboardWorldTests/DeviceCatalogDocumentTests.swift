import KBTestSupport
import KeyboardGeometry
import KeyboardWorld
import Testing

/// docs/devices.md lists every number of the device catalog, so a reader
/// can see what the simulator assumes, and every change to a number (most
/// are estimates, to be replaced as recordings arrive) is a change to that
/// page as well: a number no pinned scenario happens to draw is still pinned.
@Suite("Device catalog document")
struct DeviceCatalogDocumentTests {
    /// A point value as the page writes it: integers without a fraction.
    static func points(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e9 ? String(Int(value)) : String(value)
    }

    /// The edges of a safe area that are not zero, or "none".
    static func safeArea(_ insets: KBEdgeInsets) -> String {
        let edges = [("top", insets.top), ("left", insets.left), ("bottom", insets.bottom), ("right", insets.right)]
            .filter { $0.1 != 0 }.map { "\($0.0) \(points($0.1))" }
        return edges.isEmpty ? "none" : edges.joined(separator: ", ")
    }

    /// One orientation's heights: standard / QuickType, then what only
    /// some devices have.
    static func keyboard(_ h: KeyboardHeights) -> String {
        var cell = "\(points(h.standard)) / \(points(h.quickType))"
        if let later = h.quickTypeSince13 { cell += " (\(points(later)) from iOS 13)" }
        if h.shortcutsBarVisible != 0 { cell += "; bar \(points(h.shortcutsBarVisible))" }
        if h.undocked != 0 { cell += "; undocked \(points(h.undocked))" }
        if h.split != 0 { cell += "; split \(points(h.split))" }
        return cell
    }

    /// The table the page must hold, rendered from the catalog.
    static var table: String {
        var lines = [
            "| device | family | portrait screen | safe area, portrait | safe area, landscape left | keyboard, portrait | keyboard, landscape | iOS | split keyboard | Stage Manager | sources |",
            "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
        ]
        for d in DeviceCatalog.all {
            let cells = [
                d.name, d.family.rawValue, "\(points(d.portraitSize.width)) × \(points(d.portraitSize.height))",
                safeArea(d.portraitSafeArea), safeArea(d.landscapeSafeArea), keyboard(d.portraitKeyboard), keyboard(d.landscapeKeyboard),
                "\(d.systemVersions.lowerBound)–\(d.systemVersions.upperBound)", d.splitKeyboard ? "yes" : "no", d.stageManager ? "yes" : "no",
                d.sources,
            ]
            lines.append("| " + cells.joined(separator: " | ") + " |")
        }
        lines.append("")
        lines.append(
            "On every iPad the floating keyboard is \(points(KeyboardHeights.floatingSize.width)) × \(points(KeyboardHeights.floatingSize.height)) pt (estimate), and a hardware keyboard's shortcuts bar comes in a rect \(points(KeyboardHeights.shortcutsBarRectHeight)) pt tall, of which only the bar's height above is on screen (observed-heights)."
        )
        return lines.joined(separator: "\n") + "\n"
    }

    @Test func thePageListsEveryNumberOfTheCatalog() throws {
        let difference = try GoldenFile.sectionDifference(Self.table, named: "devices", in: Repository.url("docs/devices.md"))
        #expect(difference == nil, "\(difference ?? "")")
    }

    /// The table is not vacuous: it names every device once.
    @Test func theTableHasARowPerDevice() {
        let rows = Self.table.split(separator: "\n").dropFirst(2)
        #expect(rows.count == DeviceCatalog.all.count + 1, "a row per device and the sentence on every iPad")
        #expect(Set(DeviceCatalog.all.map(\.name)).count == DeviceCatalog.all.count, "device names are unique")
    }
}
