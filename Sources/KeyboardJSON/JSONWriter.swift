/// Writes compact JSON with keys in the order they are given, as reports
/// and traces need (`{"schemaVersion":1,...}` first).
///
/// Numbers: integral values of magnitude below 2^53 are written without a
/// fraction (`216`, not `216.0`); others use Swift's shortest round-trip
/// form, so reading them back gives the same `Double`. Infinities are written
/// `1e999` and `-1e999`: valid JSON numbers that overflow, which this
/// project's parser (like Python's and JavaScript's) reads back as ±infinity,
/// so a trace payload of `1e999` survives a write and a read. NaN has no
/// JSON form and is written as `null` (no reader here ever produces it).
package struct JSONWriter {
    /// The text written so far.
    package private(set) var text = ""

    package init() {}

    /// A JSON value to write, built by the caller in key order.
    package indirect enum Value {
        case null
        case bool(Bool)
        case number(Double)
        case integer(Int)
        case unsigned(UInt64)
        case string(String)
        case array([Value])
        case object([(String, Value)])
    }

    /// The compact JSON text of `value`.
    package static func string(_ value: Value) -> String {
        var w = JSONWriter()
        w.write(value)
        return w.text
    }

    package mutating func write(_ value: Value) {
        switch value {
        case .null: text += "null"
        case .bool(let b): text += b ? "true" : "false"
        case .number(let d): text += Self.format(d)
        case .integer(let i): text += String(i)
        case .unsigned(let u): text += String(u)
        case .string(let s): writeString(s)
        case .array(let items):
            text += "["
            for (i, item) in items.enumerated() {
                if i > 0 { text += "," }
                write(item)
            }
            text += "]"
        case .object(let pairs):
            text += "{"
            for (i, pair) in pairs.enumerated() {
                if i > 0 { text += "," }
                writeString(pair.0)
                text += ":"
                write(pair.1)
            }
            text += "}"
        }
    }

    /// The JSON form of a number (see the type's rules).
    package static func format(_ d: Double) -> String {
        if d.isNaN { return "null" }
        if d.isInfinite { return d < 0 ? "-1e999" : "1e999" }
        if d == d.rounded(), abs(d) < 9_007_199_254_740_992 {
            return d == 0 ? "0" : String(Int64(d))
        }
        return String(d)
    }

    private mutating func writeString(_ s: String) {
        text += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    text.unicodeScalars.append(scalar)
                }
            }
        }
        text += "\""
    }
}
