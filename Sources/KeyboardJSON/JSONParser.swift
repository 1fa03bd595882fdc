/// A strict RFC 8259 JSON parser over UTF-8 bytes, with no Foundation.
///
/// Strict means: no trailing commas, no comments, no leading zeros, no
/// control characters inside strings, no duplicate object keys, no trailing
/// content. Nesting deeper than ``maximumDepth`` is rejected instead of
/// exhausting the stack. Numbers too large for `Double` become ±infinity
/// (how `1e999` spells infinity in a trace); the trace reader decides
/// whether that is acceptable.
package struct JSONParser {
    /// The deepest nesting accepted.
    package static let maximumDepth = 64

    /// A syntax error at a byte offset (0-based) of the input.
    package struct SyntaxError: Error, Hashable, Sendable {
        package var offset: Int
        package var message: String
    }

    private let bytes: [UInt8]
    private var index = 0

    private init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Parses exactly one JSON value, surrounded by optional white space.
    package static func parse(_ text: some StringProtocol) throws(SyntaxError) -> JSONValue {
        try parse(bytes: Array(text.utf8))
    }

    /// Parses exactly one JSON value from UTF-8 bytes.
    package static func parse(bytes: [UInt8]) throws(SyntaxError) -> JSONValue {
        var parser = JSONParser(bytes)
        parser.skipWhitespace()
        let value = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        if parser.index < parser.bytes.count {
            throw parser.error("unexpected content after the value")
        }
        return value
    }

    /// The 1-based line of the value at `path` in `bytes`, a document that
    /// parses; nil when the path is not in it. For messages about a key of
    /// a multi-line document (a pretty-printed record), found by walking the
    /// text again, since values do not carry their positions.
    package static func line(of path: JSONPath, in bytes: [UInt8]) -> Int? {
        var parser = JSONParser(bytes)
        guard let offset = try? parser.locate(path.components[...]) else { return nil }
        return 1 + bytes[..<offset].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
    }

    /// Walks to the value at `path`, returning its byte offset.
    private mutating func locate(_ path: ArraySlice<JSONPath.Component>) throws(SyntaxError) -> Int? {
        skipWhitespace()
        guard let first = path.first else { return index }
        guard index < bytes.count else { return nil }
        switch (first, bytes[index]) {
        case (.key(let wanted), UInt8(ascii: "{")):
            index += 1
            while true {
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
                let key = try parseString()
                skipWhitespace()
                index += 1 // ':'
                if key == wanted { return try locate(path.dropFirst()) }
                skipWhitespace()
                _ = try parseValue(depth: 0)
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ",") else { return nil }
                index += 1
            }
        case (.index(let wanted), UInt8(ascii: "[")):
            index += 1
            var i = 0
            while true {
                skipWhitespace()
                if i == wanted { return try locate(path.dropFirst()) }
                _ = try parseValue(depth: 0)
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ",") else { return nil }
                index += 1
                i += 1
            }
        default:
            return nil
        }
    }

    private func error(_ message: String) -> SyntaxError {
        SyntaxError(offset: index, message: message)
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func parseValue(depth: Int) throws(SyntaxError) -> JSONValue {
        guard index < bytes.count else { throw error("unexpected end of input") }
        if depth > Self.maximumDepth { throw error("nesting deeper than \(Self.maximumDepth)") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth)
        case UInt8(ascii: "["): return try parseArray(depth: depth)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectWord("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectWord("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectWord("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw error("unexpected character")
        }
    }

    private mutating func expectWord(_ word: StaticString) throws(SyntaxError) {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw error("unexpected end of input") }
        for i in 0..<count where bytes[index + i] != word.utf8Start[i] {
            throw error("invalid literal")
        }
        index += count
    }

    private mutating func parseObject(depth: Int) throws(SyntaxError) -> JSONValue {
        index += 1
        var result: [String: JSONValue] = [:]
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(result)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a key string") }
            let keyOffset = index
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':'") }
            index += 1
            skipWhitespace()
            let value = try parseValue(depth: depth + 1)
            if result.updateValue(value, forKey: key) != nil {
                throw SyntaxError(offset: keyOffset, message: "duplicate key \"\(key)\"")
            }
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of input in an object") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(result)
            }
            throw error("expected ',' or '}'")
        }
    }

    private mutating func parseArray(depth: Int) throws(SyntaxError) -> JSONValue {
        index += 1
        var result: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(result)
        }
        while true {
            skipWhitespace()
            result.append(try parseValue(depth: depth + 1))
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of input in an array") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(result)
            }
            throw error("expected ',' or ']'")
        }
    }

    private mutating func parseString() throws(SyntaxError) -> String {
        index += 1
        var scalars = String.UnicodeScalarView()
        var start = index
        func flush(_ end: Int) throws(SyntaxError) {
            if end > start {
                guard let s = String(validating: bytes[start..<end], as: UTF8.self) else {
                    throw SyntaxError(offset: start, message: "invalid UTF-8 in a string")
                }
                scalars.append(contentsOf: s.unicodeScalars)
            }
        }
        while index < bytes.count {
            let b = bytes[index]
            if b == UInt8(ascii: "\"") {
                try flush(index)
                index += 1
                return String(scalars)
            }
            if b < 0x20 { throw error("control character in a string") }
            if b == UInt8(ascii: "\\") {
                try flush(index)
                index += 1
                guard index < bytes.count else { break }
                let e = bytes[index]
                index += 1
                switch e {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{08}")
                case UInt8(ascii: "f"): scalars.append("\u{0C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"): scalars.append(try parseUnicodeEscape())
                default: throw SyntaxError(offset: index - 1, message: "invalid escape")
                }
                start = index
                continue
            }
            index += 1
        }
        throw error("unterminated string")
    }

    private mutating func parseHex4() throws(SyntaxError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("truncated \\u escape") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[index]
            let digit: UInt32
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(b - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(b - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(b - UInt8(ascii: "A") + 10)
            default: throw error("invalid hex digit in \\u escape")
            }
            v = v << 4 | digit
            index += 1
        }
        return v
    }

    private mutating func parseUnicodeEscape() throws(SyntaxError) -> Unicode.Scalar {
        let high = try parseHex4()
        if (0xD800...0xDBFF).contains(high) {
            guard index + 2 <= bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                throw error("unpaired surrogate")
            }
            index += 2
            let low = try parseHex4()
            guard (0xDC00...0xDFFF).contains(low) else { throw error("invalid low surrogate") }
            let value = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
            guard let scalar = Unicode.Scalar(value) else { throw error("invalid code point") }
            return scalar
        }
        guard let scalar = Unicode.Scalar(high) else { throw error("unpaired surrogate") }
        return scalar
    }

    private mutating func parseNumber() throws(SyntaxError) -> Double {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count else { throw error("truncated number") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else if (UInt8(ascii: "1")...UInt8(ascii: "9")).contains(bytes[index]) {
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        } else {
            throw error("invalid number")
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            let digits = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            if index == digits { throw error("expected digits after '.'") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            let digits = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            if index == digits { throw error("expected digits in the exponent") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text) else { throw SyntaxError(offset: start, message: "unreadable number") }
        return value
    }
}
