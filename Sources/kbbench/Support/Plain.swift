import KeyboardGeometry
import KeyboardJSON

/// Numbers and counts as the tool prints them to people.
enum Plain {
    /// A number as JSON writes it: `0` (never `-0` nor `0.0`), `12.5`, `-3`.
    static func number(_ value: Double) -> String { JSONWriter.format(value) }

    /// An offset: `(0, -120.5)`.
    static func point(_ p: KBPoint) -> String { "(\(number(p.x)), \(number(p.y)))" }

    /// Insets, top, left, bottom, right: `[0, 0, 291, 0]`.
    static func insets(_ e: KBEdgeInsets) -> String { "[\(number(e.top)), \(number(e.left)), \(number(e.bottom)), \(number(e.right))]" }
}

/// "1 violation", "2 violations", "0 violations".
enum Plural {
    static func count(_ n: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(n) \(n == 1 ? singular : plural ?? singular + "s")"
    }
}
