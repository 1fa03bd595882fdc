import KeyboardJSON
import KeyboardTrace
import Testing

@Suite("Strict JSON parser")
struct JSONParserTests {
    @Test func parsesEveryKind() throws {
        let v = try JSONParser.parse(#" {"a": [1, -2.5e2, true, false, null, "x\"\u00e9\ud83d\ude00"], "b": {}} "#)
        #expect(
            v
                == .object([
                    "a": .array([.number(1), .number(-250), .bool(true), .bool(false), .null, .string("x\"é😀")]),
                    "b": .object([:]),
                ])
        )
    }

    /// No value more than 64 levels below the outermost, as
    /// docs/trace-format.md says: 65 brackets in a row parse, 66 do not,
    /// and an object's values count as an array's do.
    @Test func nestingStopsSixtyFourLevelsBelowTheTop() throws {
        func arrays(_ n: Int) -> String { String(repeating: "[", count: n) + String(repeating: "]", count: n) }
        func objects(_ n: Int) -> String { String(repeating: #"{"a":"#, count: n) + "0" + String(repeating: "}", count: n) }
        _ = try JSONParser.parse(arrays(65))
        _ = try JSONParser.parse(objects(64))
        #expect(throws: JSONParser.SyntaxError.self) { try JSONParser.parse(arrays(66)) }
        #expect(throws: JSONParser.SyntaxError.self) { try JSONParser.parse(objects(65)) }
    }

    /// JSON's four whitespace characters, and only those, separate tokens:
    /// a file saved with Windows line ends reads the same.
    @Test func theFourWhitespaceCharactersSeparateTokens() throws {
        #expect(try JSONParser.parse("{\r\n\t\"a\" :\r\n [1 ,\r2]\n}\r\n") == .object(["a": .array([.number(1), .number(2)])]))
        for other in ["\u{0B}", "\u{0C}", "\u{0E}", "\u{A0}"] {
            #expect(throws: JSONParser.SyntaxError.self, "U+\(String(other.unicodeScalars.first!.value, radix: 16))") {
                try JSONParser.parse("[1,\(other)2]")
            }
        }
    }

    /// `\u` escapes take every hex digit in either case (JSON allows both).
    @Test(arguments: [
        (#""\u00C9\u00c9""#, "ÉÉ"), (#""\uD83D\uDE00""#, "😀"), (#""\u0041\u004a\u004F\u0046""#, "AJOF"), (#""\uABCD""#, "\u{ABCD}"),
    ])
    func unicodeEscapesTakeEitherCase(text: String, decoded: String) throws {
        #expect(try JSONParser.parse(text) == .string(decoded))
    }

    /// A surrogate pair's edges: D800–DBFF then DC00–DFFF make one scalar
    /// (U+10000 to U+10FFFF); a high surrogate followed by anything else,
    /// or a low one alone, is rejected.
    @Test func surrogatePairsAtTheirEdges() throws {
        #expect(try JSONParser.parse(#""\uD800\uDC00""#) == .string("\u{10000}"))
        #expect(try JSONParser.parse(#""\uDBFF\uDFFF""#) == .string("\u{10FFFF}"))
        for unpaired in [#""\uD800\uDBFF""#, #""\uD800\uE000""#, #""\uDBFF\uD800""#, #""\uDC00""#, #""\uDFFF\uDC00""#, #""\uD800x""#] {
            #expect(throws: JSONParser.SyntaxError.self, "\(unpaired)") { try JSONParser.parse(unpaired) }
        }
    }

    @Test(arguments: [
        "", "{", "[1,]", "{\"a\":1,}", "01", "1.", "-", "1e", "\"abc", "\"\\x\"", "tru", "{\"a\" 1}", "[1 2]",
        "{\"a\":1}{}", "\"\u{01}\"", "{\"a\":1,\"a\":2}", "\"\\ud800\"", "[" + String(repeating: "[", count: 100) + "]",
    ])
    func rejectsMalformedInput(text: String) {
        #expect(throws: JSONParser.SyntaxError.self) { try JSONParser.parse(text) }
    }

    /// Every proper prefix of a document is rejected as a syntax error,
    /// never read past its end: a cut inside a `\u` escape says so.
    @Test func everyPrefixIsASyntaxError() {
        let document = Array(#"{"a": [1, -2.5e2, true, false, null, "x\"\u00e9\ud83d\ude00"], "b": {}}"#.utf8)
        for length in 0..<document.count {
            #expect(throws: JSONParser.SyntaxError.self, "\(length) bytes") { try JSONParser.parse(bytes: Array(document[..<length])) }
        }
        for cut in [#""\u"#, #""\u0"#, #""\u00"#, #""\u00e"#] {
            #expect {
                try JSONParser.parse(cut)
            } throws: { error in
                (error as? JSONParser.SyntaxError)?.message == #"truncated \u escape"#
            }
        }
    }

    @Test func hugeNumbersBecomeInfinity() throws {
        #expect(try JSONParser.parse("1e999") == .number(.infinity))
        #expect(try JSONParser.parse("-1e999") == .number(-.infinity))
    }

    @Test func errorsGiveTheByteOffset() {
        do {
            _ = try JSONParser.parse("[1, 2, x]")
            Issue.record("expected an error")
        } catch {
            #expect(error.offset == 7)
        }
    }

    @Test func invalidUTF8IsRejected() {
        #expect(throws: JSONParser.SyntaxError.self) { try JSONParser.parse(bytes: [0x22, 0xFF, 0xFE, 0x22]) }
    }

    @Test func writerRoundTripsNumbersExactly() throws {
        for d in [0.0, 216, -0.5, 1.0 / 3.0, 1e20, 123_456.789, Double.leastNonzeroMagnitude] {
            let text = JSONWriter.format(d)
            #expect(try JSONParser.parse(text) == .number(d), "\(d) → \(text)")
        }
        #expect(JSONWriter.format(216) == "216")
        // Whole numbers print as integers up to 2^53 (exclusive), where a
        // double stops holding every integer; zero prints without its sign.
        #expect(JSONWriter.format(1) == "1" && JSONWriter.format(-1) == "-1" && JSONWriter.format(0) == "0" && JSONWriter.format(-0.0) == "0")
        #expect(JSONWriter.format(9_007_199_254_740_991) == "9007199254740991")
        #expect(JSONWriter.format(9_007_199_254_740_992) == "9007199254740992.0")
        #expect(JSONWriter.format(-9_007_199_254_740_992) == "-9007199254740992.0")
        #expect(JSONWriter.format(.nan) == "null")
        // Infinities overflow back to themselves: a trace payload of 1e999
        // survives a write and a read.
        #expect(JSONWriter.format(.infinity) == "1e999" && JSONWriter.format(-.infinity) == "-1e999")
        #expect(try JSONParser.parse(JSONWriter.format(.infinity)) == .number(.infinity))
        #expect(try JSONParser.parse(JSONWriter.format(-.infinity)) == .number(-.infinity))
    }

    @Test func writerEscapesStrings() throws {
        let s = "a\"b\\c\nd\u{01}é"
        #expect(try JSONParser.parse(JSONWriter.string(.string(s))) == .string(s))
    }
}
