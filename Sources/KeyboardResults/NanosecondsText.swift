import Foundation

/// How kbbench writes a time in ns for people: `340 ns`, `1.25 µs`,
/// `16.67 ms`. The unit is chosen after rounding, so a time never reads
/// `1000 ns` or `1000.00 µs`: 999.6 ns is `1.00 µs`, 999,996 ns `1.00 ms`.
package enum NanosecondsText {
    package static func format(_ ns: Double) -> String {
        // 999.5 ns rounds to 1000 at no decimals, 999,995 ns to 1000.00 µs.
        ns >= 999_995 ? String(format: "%.2f ms", ns / 1e6) : ns >= 999.5 ? String(format: "%.2f µs", ns / 1e3) : String(format: "%.0f ns", ns)
    }

    /// A fraction as a percentage with two significant digits, however small
    /// (`0.0061 %`, `12 %`), so a frame-budget share stays legible.
    package static func percent(_ fraction: Double) -> String {
        let p = fraction * 100
        guard p.isFinite, p > 0 else { return "0 %" }
        let decimals = Swift.max(0, 1 - Int(floor(log10(p))))
        return String(format: "%.\(decimals)f %%", p)
    }
}
