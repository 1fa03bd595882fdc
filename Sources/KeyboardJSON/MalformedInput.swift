/// A JSON input file kbbench cannot use: a trace, a result record or a fuzz
/// state. Names the file, the 1-based line (0 for the file as a whole), the
/// key path at fault where there is one, and what is wrong;
/// ``description`` is the one-line message the command line prints:
/// `file:line: key 'path': problem`.
public struct MalformedInput: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file's path as given.
    public var file: String
    /// The 1-based line, or 0 for a problem with the file as a whole.
    public var line: Int
    /// The key path at fault (`scrollView.frame[2]`,
    /// `benchmarks[3].samples`), if any.
    public var key: String?
    /// What is wrong.
    public var problem: Problem

    public init(file: String, line: Int, key: String? = nil, problem: Problem) {
        self.file = file
        self.line = line
        self.key = key
        self.problem = problem
    }

    public var description: String {
        var s = line > 0 ? "\(file):\(line):" : "\(file):"
        if let key { s += " key '\(key)':" }
        return s + " " + problem.description
    }

    /// What can be wrong with an input file.
    public enum Problem: Hashable, Sendable, CustomStringConvertible {
        /// Not JSON: the parser's message, at a 1-based column of the line.
        case invalidJSON(column: Int, message: String)
        /// The file has no content (a trace without a header line).
        case empty(what: String)
        case missingKey
        case unknownKey
        /// A value of another JSON kind (`number`, `string`, …) or shape.
        case wrongType(expected: String, found: String)
        /// A number where an integer belongs.
        case notAnInteger(Double)
        /// A number outside the values that make sense for the key.
        case outOfRange(Double, allowed: String)
        /// A string that is not one of the allowed values.
        case notOneOf(String, allowed: [String])
        /// A `schemaVersion` this reader does not read.
        case unsupportedVersion(found: Int, reads: Int)
        /// A `kind` other than the file type expected.
        case wrongKind(expected: String, found: String)
        /// A focus on a field index the trace lacks.
        case noSuchField(index: Int, fieldCount: Int)
        /// Values that contradict each other (a state for another campaign).
        case inconsistent(String)

        public var description: String {
            switch self {
            case .invalidJSON(let column, let message): "invalid JSON at column \(column): \(message)"
            case .empty(let what): "empty file: no \(what)"
            case .missingKey: "missing required key"
            case .unknownKey: "unknown key"
            case .wrongType(let expected, let found): "expected \(expected), found \(found)"
            case .notAnInteger(let d): "expected an integer, found \(JSONWriter.format(d))"
            case .outOfRange(let d, let allowed): "\(JSONWriter.format(d)) is out of range (\(allowed))"
            case .notOneOf(let s, let allowed): "'\(s)' is not one of \(allowed.map { "'\($0)'" }.joined(separator: ", "))"
            case .unsupportedVersion(let found, let reads):
                "schemaVersion \(found) is \(found > reads ? "newer than" : "not supported by") this reader (reads \(reads))"
            case .wrongKind(let expected, let found): "expected kind \"\(expected)\", found \"\(found)\""
            case .noSuchField(let index, let count): "index \(index) is outside the \(count) fields of the trace"
            case .inconsistent(let what): what
            }
        }
    }
}
