/// Builds HTML or SVG text element by element, escaping every attribute
/// value and every text: callers never paste strings into markup.
///
///     var svg = MarkupWriter()
///     svg.open("svg", ["width": .number(200), "height": .number(100)])
///     svg.leaf("rect", ["x": .number(10), "fill": "#2b6cb0"], title: "p50 340 ns")
///     svg.close("svg")
package struct MarkupWriter: Sendable {
    /// An attribute value: text (escaped) or a number (see `Markup.number`).
    package enum Value: Sendable, ExpressibleByStringLiteral {
        case text(String)
        case number(Double)

        package init(stringLiteral value: String) { self = .text(value) }

        var rendered: String {
            switch self {
            case .text(let s): Markup.escape(s)
            case .number(let d): Markup.number(d)
            }
        }
    }

    /// The markup written so far.
    package private(set) var text = ""

    package init() {}

    /// `<name a="…">`, attributes in the order given.
    package mutating func open(_ name: String, _ attributes: KeyValuePairs<String, Value> = [:]) {
        text += "<" + name + Self.attributes(attributes) + ">"
    }

    /// `</name>`.
    package mutating func close(_ name: String) { text += "</" + name + ">" }

    /// One element: with `content` (escaped) and an optional `<title>` child
    /// (a tooltip in SVG), or self-closed when it has neither. HTML does not
    /// self-close elements such as `span`: pass `""` as the content there.
    package mutating func leaf(_ name: String, _ attributes: KeyValuePairs<String, Value> = [:], _ content: String? = nil, title: String? = nil) {
        let attrs = Self.attributes(attributes)
        guard content != nil || title != nil else {
            text += "<" + name + attrs + "/>"
            return
        }
        text += "<" + name + attrs + ">"
        if let title { text += "<title>" + Markup.escape(title) + "</title>" }
        if let content { text += Markup.escape(content) }
        text += "</" + name + ">"
    }

    /// A self-closed element whose attributes are built at run time, in the
    /// order given.
    package mutating func leaf(_ name: String, attributeList: [(String, Value)]) {
        var attrs = ""
        for (k, v) in attributeList { attrs += " " + k + "=\"" + v.rendered + "\"" }
        text += "<" + name + attrs + "/>"
    }

    /// Text between elements, escaped.
    package mutating func content(_ s: String) { text += Markup.escape(s) }

    /// Markup that another `MarkupWriter` produced (already escaped).
    package mutating func append(_ other: MarkupWriter) { text += other.text }

    private static func attributes(_ attributes: KeyValuePairs<String, Value>) -> String {
        var s = ""
        for (k, v) in attributes { s += " " + k + "=\"" + v.rendered + "\"" }
        return s
    }
}
