/// Why a trace could not be read. Every case names the file and the line
/// (1-based), and the key where one is at fault; ``description`` is the
/// one-line message the command line prints.
public struct TraceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file's path as given.
    public var file: String
    /// The 1-based line, or 0 for a problem with the file as a whole.
    public var line: Int
    /// The key path at fault (`scrollView.frame`, `frameEnd[2]`), if any.
    public var key: String?
    /// What was wrong.
    public var problem: String

    public init(file: String, line: Int, key: String? = nil, problem: String) {
        self.file = file
        self.line = line
        self.key = key
        self.problem = problem
    }

    public var description: String {
        var s = line > 0 ? "\(file):\(line):" : "\(file):"
        if let key { s += " key '\(key)':" }
        return s + " " + problem
    }
}
