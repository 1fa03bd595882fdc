import KeyboardGeometry

/// Reads typed values out of one JSON object of a file line, turning every
/// problem into a ``TraceError`` that names the file, line and key path.
///
/// Each accessor marks its key as used; ``rejectUnknownKeys()`` then names
/// the first key nobody asked for (a typo in a hand-written trace must not
/// pass silently).
struct JSONObjectReader {
    let object: [String: JSONValue]
    let file: String
    let line: Int
    let path: String
    private(set) var used: Set<String> = []

    init(_ value: JSONValue, file: String, line: Int, path: String) throws(TraceError) {
        guard case .object(let o) = value else {
            throw TraceError(file: file, line: line, key: path.isEmpty ? nil : path, problem: "expected an object, found \(value.kindName)")
        }
        self.object = o
        self.file = file
        self.line = line
        self.path = path
    }

    func keyPath(_ key: String) -> String { path.isEmpty ? key : path + "." + key }

    func fail(_ key: String, _ problem: String) -> TraceError {
        TraceError(file: file, line: line, key: keyPath(key), problem: problem)
    }

    /// The value under `key`, nil when absent or JSON null.
    mutating func optional(_ key: String) -> JSONValue? {
        used.insert(key)
        guard let v = object[key] else { return nil }
        if case .null = v { return nil }
        return v
    }

    mutating func required(_ key: String) throws(TraceError) -> JSONValue {
        guard let v = optional(key) else { throw fail(key, "missing required key") }
        return v
    }

    func rejectUnknownKeys() throws(TraceError) {
        if let unknown = object.keys.sorted().first(where: { !used.contains($0) }) {
            throw fail(unknown, "unknown key")
        }
    }

    // MARK: Typed values

    func number(_ v: JSONValue, _ key: String, finite: Bool) throws(TraceError) -> Double {
        guard case .number(let d) = v else { throw fail(key, "expected a number, found \(v.kindName)") }
        if finite && !d.isFinite { throw fail(key, "number out of range") }
        return d
    }

    func numbers(_ v: JSONValue, _ key: String, count: Int, finite: Bool) throws(TraceError) -> [Double] {
        guard case .array(let items) = v else {
            throw fail(key, "expected an array of \(count) numbers, found \(v.kindName)")
        }
        guard items.count == count else {
            throw fail(key, "expected an array of \(count) numbers, found \(items.count) elements")
        }
        var result: [Double] = []
        result.reserveCapacity(count)
        for (i, item) in items.enumerated() {
            result.append(try number(item, "\(key)[\(i)]", finite: finite))
        }
        return result
    }

    func rect(_ v: JSONValue, _ key: String, finite: Bool = true) throws(TraceError) -> Rect {
        let n = try numbers(v, key, count: 4, finite: finite)
        return Rect(x: n[0], y: n[1], width: n[2], height: n[3])
    }

    func size(_ v: JSONValue, _ key: String, finite: Bool = true) throws(TraceError) -> Size {
        let n = try numbers(v, key, count: 2, finite: finite)
        return Size(width: n[0], height: n[1])
    }

    func point(_ v: JSONValue, _ key: String, finite: Bool = true) throws(TraceError) -> Point {
        let n = try numbers(v, key, count: 2, finite: finite)
        return Point(x: n[0], y: n[1])
    }

    func insets(_ v: JSONValue, _ key: String) throws(TraceError) -> EdgeInsets {
        let n = try numbers(v, key, count: 4, finite: true)
        return EdgeInsets(top: n[0], left: n[1], bottom: n[2], right: n[3])
    }

    func string(_ v: JSONValue, _ key: String) throws(TraceError) -> String {
        guard case .string(let s) = v else { throw fail(key, "expected a string, found \(v.kindName)") }
        return s
    }

    func bool(_ v: JSONValue, _ key: String) throws(TraceError) -> Bool {
        guard case .bool(let b) = v else { throw fail(key, "expected true or false, found \(v.kindName)") }
        return b
    }

    func integer(_ v: JSONValue, _ key: String) throws(TraceError) -> Int {
        let d = try number(v, key, finite: true)
        guard d == d.rounded(), let i = Int(exactly: d) else { throw fail(key, "expected an integer, found \(JSONWriter.format(d))") }
        return i
    }

    func enumeration<E: RawRepresentable & CaseIterable>(_ v: JSONValue, _ key: String, as: E.Type) throws(TraceError) -> E
    where E.RawValue == String {
        let s = try string(v, key)
        guard let e = E(rawValue: s) else {
            let allowed = E.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
            throw fail(key, "'\(s)' is not one of \(allowed)")
        }
        return e
    }

    func rects(_ v: JSONValue, _ key: String) throws(TraceError) -> [Rect] {
        guard case .array(let items) = v else { throw fail(key, "expected an array of rects, found \(v.kindName)") }
        var result: [Rect] = []
        result.reserveCapacity(items.count)
        for (i, item) in items.enumerated() {
            result.append(try rect(item, "\(key)[\(i)]"))
        }
        return result
    }
}
