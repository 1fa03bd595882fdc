/// Escaping for HTML and SVG: every text and attribute value that comes
/// from a record or a trace goes through here, so a name such as
/// `evil"><script>` stays text.
package enum Markup {
    /// `s` with `&`, `<`, `>`, `"` and `'` replaced by entities: safe both as
    /// element text and inside a quoted attribute value.
    package static func escape(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for c in s.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    /// A coordinate as SVG writes it: at most two decimals, no trailing
    /// zeros, `-0` as `0`; digits up to 9·10¹⁶ (`10000000000000` for 10¹³),
    /// beyond that Swift's exponent form (`1e+17`, which SVG and CSS read),
    /// never trapping; a non-finite value as `0`, so a broken figure never
    /// makes the document invalid.
    package static func number(_ d: Double) -> String {
        guard d.isFinite else { return "0" }
        let hundredths = (d * 100).rounded()
        if hundredths == 0 { return "0" }
        // Hundredths beyond 9·10¹⁸ would not fit an Int64.
        if abs(hundredths) > 9e18 { return d.rounded().description }
        let whole = Int64(hundredths) / 100, frac = abs(Int64(hundredths) % 100)
        let sign = hundredths < 0 && whole == 0 ? "-" : ""
        if frac == 0 { return "\(sign)\(whole)" }
        return frac % 10 == 0 ? "\(sign)\(whole).\(frac / 10)" : "\(sign)\(whole).\(frac < 10 ? "0" : "")\(frac)"
    }
}
