import KeyboardGeometry

/// Reads a userInfo value the way consoles print it, copying every number
/// exactly (the printed decimal read as the nearest double, as the console
/// printed it from one; nothing rounded here).
///
/// A value may be quoted (`"0.25"`, `"NSRect: {{0, 264}, {320, 216}}"`) or
/// bare; geometry may carry an `NSRect:`/`CGRect:`/`NSPoint:`/`CGPoint:`
/// prefix. Numbers read `nan`, `inf` and `-inf` (and `1e999` as infinity),
/// which is how a broken payload prints; the importer rejects them, naming
/// the line and the key.
package enum PrintedValue {
    /// `{{x, y}, {w, h}}`.
    package static func rect(_ text: String) -> KBRect? {
        guard case .list(let parts)? = tree(unprefixed(text)), parts.count == 2,
            case .list(let origin) = parts[0], case .list(let size) = parts[1],
            let x = number(origin, 0), let y = number(origin, 1), let w = number(size, 0), let h = number(size, 1),
            origin.count == 2, size.count == 2
        else { return nil }
        return KBRect(x: x, y: y, width: w, height: h)
    }

    /// `{x, y}`.
    package static func point(_ text: String) -> KBPoint? {
        guard case .list(let parts)? = tree(unprefixed(text)), parts.count == 2, let x = number(parts, 0), let y = number(parts, 1) else {
            return nil
        }
        return KBPoint(x: x, y: y)
    }

    /// A number, quoted or bare.
    package static func number(_ text: String) -> Double? {
        let t = unquoted(text)
        return Double(t)
    }

    /// An integer, quoted or bare (`7`).
    package static func integer(_ text: String) -> Int? { Int(unquoted(text)) }

    /// A boolean as consoles print one: `1`/`0`, `true`/`false`, `YES`/`NO`.
    package static func boolean(_ text: String) -> Bool? {
        switch unquoted(text) {
        case "1", "true", "YES": true
        case "0", "false", "NO": false
        default: nil
        }
    }

    // MARK: Parsing

    private indirect enum Tree {
        case number(Double)
        case list([Tree])
    }

    private static func number(_ list: [Tree], _ i: Int) -> Double? {
        guard i < list.count, case .number(let d) = list[i] else { return nil }
        return d
    }

    private static func unquoted(_ text: String) -> String {
        let t = text.trimmed
        if t.count >= 2, t.hasPrefix("\""), t.hasSuffix("\"") { return String(t.dropFirst().dropLast()).trimmed }
        return t
    }

    private static func unprefixed(_ text: String) -> String {
        var t = unquoted(text)
        for prefix in ["NSRect:", "CGRect:", "NSPoint:", "CGPoint:", "NSSize:", "CGSize:"] where t.hasPrefix(prefix) {
            t = String(t.dropFirst(prefix.count)).trimmed
        }
        return t
    }

    /// Nested `{a, b}` lists of numbers; nil unless the whole text is one.
    private static func tree(_ text: String) -> Tree? {
        var scalars = Array(text.unicodeScalars)[...]
        guard let t = list(&scalars) else { return nil }
        skipSpaces(&scalars)
        return scalars.isEmpty ? t : nil
    }

    private static func list(_ s: inout ArraySlice<Unicode.Scalar>) -> Tree? {
        skipSpaces(&s)
        guard s.first == "{" else { return nil }
        s.removeFirst()
        var items: [Tree] = []
        while true {
            skipSpaces(&s)
            if s.first == "{" {
                guard let inner = list(&s) else { return nil }
                items.append(inner)
            } else {
                var token = ""
                while let c = s.first, c != ",", c != "}", c != " " {
                    token.unicodeScalars.append(c)
                    s.removeFirst()
                }
                guard let d = Double(token) else { return nil }
                items.append(.number(d))
            }
            skipSpaces(&s)
            guard let c = s.first else { return nil }
            s.removeFirst()
            if c == "}" { return .list(items) }
            guard c == "," else { return nil }
        }
    }

    private static func skipSpaces(_ s: inout ArraySlice<Unicode.Scalar>) {
        while let c = s.first, c == " " || c == "\t" || c == "\n" || c == "\r" { s.removeFirst() }
    }
}
