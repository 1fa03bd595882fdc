/// The one reader of every JSON file kbbench takes in (traces, result
/// records, fuzz states): typed values out of one JSON object, every problem
/// a ``MalformedInput`` naming the file, the line and the key path.
///
/// Each accessor marks its key as used; ``rejectUnknownKeys()`` then names
/// the first key nobody asked for (a typo in a hand-written file must not
/// pass silently). Numbers are checked where they are read: finiteness,
/// integrality (`Int(exactly:)`), and the range the caller allows, so no
/// hand-edited value (`1e999`, `-3`, `2.5` samples) reaches a computation.
package struct JSONObjectReader {
    /// Where the object came from, for messages.
    package enum Source: Sendable {
        /// One line of a line-oriented file (a trace): every key is on it.
        case line(Int)
        /// A whole document (a record, a state), possibly pretty-printed:
        /// the line of a key is found in its bytes.
        case document([UInt8])
    }

    let object: [String: JSONValue]
    package let file: String
    let source: Source
    package let path: JSONPath
    private(set) var used: Set<String> = []

    package init(_ value: JSONValue, file: String, source: Source, path: JSONPath = .root) throws(MalformedInput) {
        guard case .object(let o) = value else {
            throw Self.failure(file: file, source: source, at: path, .wrongType(expected: "an object", found: value.kindName))
        }
        self.object = o
        self.file = file
        self.source = source
        self.path = path
    }

    /// A reader for the object under `key`.
    package mutating func object(_ key: String) throws(MalformedInput) -> JSONObjectReader {
        try JSONObjectReader(try required(key), file: file, source: source, path: path.appending(key))
    }

    /// A reader for the optional object under `key`, nil when absent.
    package mutating func optionalObject(_ key: String) throws(MalformedInput) -> JSONObjectReader? {
        guard let v = optional(key) else { return nil }
        return try JSONObjectReader(v, file: file, source: source, path: path.appending(key))
    }

    static func failure(file: String, source: Source, at path: JSONPath, _ problem: MalformedInput.Problem) -> MalformedInput {
        let line: Int
        switch source {
        case .line(let n): line = n
        case .document(let bytes): line = JSONParser.line(of: path, in: bytes) ?? 1
        }
        return MalformedInput(file: file, line: line, key: path.isRoot ? nil : path.description, problem: problem)
    }

    /// The error for the value at `path`.
    package func fail(at path: JSONPath, _ problem: MalformedInput.Problem) -> MalformedInput {
        Self.failure(file: file, source: source, at: path, problem)
    }

    /// The error for this object's `key`.
    package func fail(_ key: String, _ problem: MalformedInput.Problem) -> MalformedInput {
        fail(at: path.appending(key), problem)
    }

    /// The value under `key`, nil when absent or JSON null.
    package mutating func optional(_ key: String) -> JSONValue? {
        used.insert(key)
        guard let v = object[key] else { return nil }
        if case .null = v { return nil }
        return v
    }

    package mutating func required(_ key: String) throws(MalformedInput) -> JSONValue {
        guard let v = optional(key) else { throw fail(key, .missingKey) }
        return v
    }

    package func rejectUnknownKeys() throws(MalformedInput) {
        if let unknown = object.keys.sorted().first(where: { !used.contains($0) }) {
            throw fail(unknown, .unknownKey)
        }
    }

    // MARK: Typed values, at a path

    package func number(_ v: JSONValue, at p: JSONPath, finite: Bool) throws(MalformedInput) -> Double {
        guard case .number(let d) = v else { throw fail(at: p, .wrongType(expected: "a number", found: v.kindName)) }
        if finite && !d.isFinite { throw fail(at: p, .outOfRange(d, allowed: "a finite number")) }
        return d
    }

    package func numbers(_ v: JSONValue, at p: JSONPath, count: Int, finite: Bool) throws(MalformedInput) -> [Double] {
        guard case .array(let items) = v else {
            throw fail(at: p, .wrongType(expected: "an array of \(count) numbers", found: v.kindName))
        }
        guard items.count == count else {
            throw fail(at: p, .wrongType(expected: "an array of \(count) numbers", found: "\(items.count) elements"))
        }
        var result: [Double] = []
        result.reserveCapacity(count)
        for (i, item) in items.enumerated() {
            result.append(try number(item, at: p.appending(index: i), finite: finite))
        }
        return result
    }

    package func integer(_ v: JSONValue, at p: JSONPath, in range: ClosedRange<Int>? = nil) throws(MalformedInput) -> Int {
        let d = try number(v, at: p, finite: true)
        guard let i = Int(exactly: d) else { throw fail(at: p, .notAnInteger(d)) }
        if let range, !range.contains(i) { throw fail(at: p, .outOfRange(d, allowed: "\(range.lowerBound)…\(range.upperBound)")) }
        return i
    }

    // MARK: Typed values, by key

    package func number(_ v: JSONValue, _ key: String, finite: Bool) throws(MalformedInput) -> Double {
        try number(v, at: path.appending(key), finite: finite)
    }

    /// A finite number within `range`.
    package func number(_ v: JSONValue, _ key: String, in range: ClosedRange<Double>) throws(MalformedInput) -> Double {
        let d = try number(v, at: path.appending(key), finite: true)
        guard range.contains(d) else { throw fail(key, .outOfRange(d, allowed: Self.describe(range))) }
        return d
    }

    static func describe(_ range: ClosedRange<Double>) -> String {
        if range.upperBound == .greatestFiniteMagnitude { return "at least \(JSONWriter.format(range.lowerBound))" }
        return "\(JSONWriter.format(range.lowerBound))…\(JSONWriter.format(range.upperBound))"
    }

    package func string(_ v: JSONValue, _ key: String) throws(MalformedInput) -> String {
        guard case .string(let s) = v else { throw fail(key, .wrongType(expected: "a string", found: v.kindName)) }
        return s
    }

    package func bool(_ v: JSONValue, _ key: String) throws(MalformedInput) -> Bool {
        guard case .bool(let b) = v else { throw fail(key, .wrongType(expected: "true or false", found: v.kindName)) }
        return b
    }

    /// An integer (`Int(exactly:)`), within `range` when given.
    package func integer(_ v: JSONValue, _ key: String, in range: ClosedRange<Int>? = nil) throws(MalformedInput) -> Int {
        try integer(v, at: path.appending(key), in: range)
    }

    package func enumeration<E: RawRepresentable & CaseIterable>(_ v: JSONValue, _ key: String, as: E.Type) throws(MalformedInput) -> E
    where E.RawValue == String {
        let s = try string(v, key)
        guard let e = E(rawValue: s) else { throw fail(key, .notOneOf(s, allowed: E.allCases.map(\.rawValue))) }
        return e
    }

    /// The elements of the array under `key`, each with its path.
    package func array(_ v: JSONValue, _ key: String) throws(MalformedInput) -> [(JSONValue, JSONPath)] {
        let p = path.appending(key)
        guard case .array(let items) = v else { throw fail(at: p, .wrongType(expected: "an array", found: v.kindName)) }
        return items.enumerated().map { ($0.element, p.appending(index: $0.offset)) }
    }

    /// A reader for an object found at `p` (an array element).
    package func object(_ v: JSONValue, at p: JSONPath) throws(MalformedInput) -> JSONObjectReader {
        try JSONObjectReader(v, file: file, source: source, path: p)
    }

    /// The keys present, for maps keyed by name (`violations`).
    package var keys: [String] { object.keys.sorted() }
}

extension JSONObjectReader {
    /// Reads a whole-document JSON file (a record, a state): parses it, and
    /// hands back a reader of its root object. A syntax error names the
    /// line and column of its byte.
    package static func document(_ bytes: [UInt8], file: String) throws(MalformedInput) -> JSONObjectReader {
        let root: JSONValue
        do {
            root = try JSONParser.parse(bytes: bytes)
        } catch {
            let before = bytes[..<Swift.min(error.offset, bytes.count)]
            let line = 1 + before.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
            let column = error.offset - (before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0) + 1
            throw MalformedInput(file: file, line: line, problem: .invalidJSON(column: column, message: error.message))
        }
        return try JSONObjectReader(root, file: file, source: .document(bytes))
    }

    /// Reads and checks the `schemaVersion` and `kind` every kbbench file
    /// starts with (`kind` optional for files written before it existed).
    package mutating func header(kind: String, version: Int, kindRequired: Bool = true) throws(MalformedInput) {
        let found = try integer(try required("schemaVersion"), "schemaVersion")
        guard found == version else { throw fail("schemaVersion", .unsupportedVersion(found: found, reads: version)) }
        let k: JSONValue? = kindRequired ? try required("kind") : optional("kind")
        if let k {
            let s = try string(k, "kind")
            guard s == kind else { throw fail("kind", .wrongKind(expected: kind, found: s)) }
        }
    }
}
