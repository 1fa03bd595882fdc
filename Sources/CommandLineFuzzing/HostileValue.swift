/// The values the fuzzer hands an argument: what a user may type, and what
/// breaks tools. Which list an argument draws from is read off its name
/// (``Shape/init(_:)``); one time in five any list, so that no argument
/// sees only what its name suggests.
package enum HostileValue {
    /// What an argument's name says it takes.
    package enum Shape: Hashable, Sendable, CaseIterable {
        case path, number, strategy, shard, text

        /// The shape an argument's spelling and value name suggest: a file
        /// or folder (`FILE`, `DIR`, `--output`, `--corpus`, a positional
        /// of files), a number (`--runs`, `--seed`, `SECONDS`), a strategy
        /// (`NAME`, `exec:COMMAND`), a shard (`--shard`), or text.
        /// Names are matched word by word (`--write-counterexamples` is
        /// "write" and "counterexamples"), never inside a word.
        package init(_ argument: CommandTree.Argument) {
            func words(_ text: String) -> Set<String> {
                Set(text.lowercased().split { !($0.isLetter || $0.isNumber) }.map(String.init))
            }
            let spelled = words(argument.spelling ?? ""), valueName = words(argument.valueName), all = spelled.union(valueName)
            func has(_ any: Set<String>) -> Bool { !all.isDisjoint(with: any) }
            if has(["shard"]) {
                self = .shard
            } else if has(["strategy", "exec", "with"]) || (valueName.contains("name") && !spelled.contains("name")) {
                self = .strategy
            } else if has(Self.pathWords) {
                self = .path
            } else if has(Self.numberWords) {
                self = .number
            } else {
                self = .text
            }
        }

        static let pathWords: Set<String> = [
            "file", "dir", "folder", "output", "corpus", "failures", "results", "state", "trace", "counterexamples", "logs", "record", "base",
            "new", "svg", "html", "observed", "path", "files",
        ]
        static let numberWords: Set<String> = [
            "seed", "runs", "scenarios", "samples", "duration", "jobs", "timeout", "interval", "threshold", "version", "repeats", "count",
            "passes", "focus", "seconds", "n",
        ]
    }

    /// The paths of the fuzzer's sandbox (``Sandbox``) and the shapes that
    /// break path handling: one character, a trailing `/`, `.`, `..`, `//`,
    /// spaces, non-ASCII, a name past the system's longest, `-`, a folder
    /// where a file is wanted and the reverse, a FIFO with and without a
    /// reader, devices, a missing folder, a file's child.
    package static let paths: [String] = [
        "g", "g/", ".", "..", "//", "a b", "é", String(repeating: "n", count: 300), "-", "dir", "dir/", "dir/out", "file", "file/x",
        "fifo-read", "fifo", "/dev/null", "/dev/full", "missing/x", "missing/", "trace.kbtrace", "malformed.kbtrace", "record.json",
        "console.log", "corpora", "corpora/traces", "results", "out.json", "out.svg", "out.html", "",
    ]

    /// Numbers and what passes for them: zero, negatives, negative zero,
    /// beyond every integer type, beyond a double, not a number, hex,
    /// blanks, fractions where whole numbers are wanted, and a few sane
    /// ones.
    package static let numbers: [String] = [
        "0", "-1", "-0", "1", "3", "10", "99999999999999999999999", "9223372036854775807", "1e309", "-1e309", "nan", "inf", "0x10", "",
        " ", "1.5", "1e3", "+5", "2/3",
    ]

    /// Strategies: the built-in ones, unknown names, and `exec:` commands
    /// that are malformed, fail at once, answer nonsense, or never answer.
    package static let strategies: [String] = [
        "engine", "cookbook", "apple2013", "nope", "", "ENGINE", "exec:", "exec: ", "exec:false", "exec:true", "exec:/nonexistent/program",
        "exec:echo garbage", "exec:cat", "exec:sleep 30", "exec:exit 3", "exec:'unterminated",
    ]

    /// Shards: good ones and every way to get one wrong.
    package static let shards: [String] = ["0/1", "1/2", "2/2", "-1/2", "0/0", "3/2", "1/", "/2", "1/2/3", "a/b", "", "1"]

    /// Text: what every other argument is given.
    package static let text: [String] = [
        "", " ", "-", "--", "--help", "x", "375x812", "0,0,375,812", "portrait", "yes", "\u{7F}", "é", String(repeating: "z", count: 5_000),
        "$(echo hi)", "%s%n", "\"",
    ]

    /// The list a shape draws from.
    package static func values(_ shape: Shape) -> [String] {
        switch shape {
        case .path: paths
        case .number: numbers
        case .strategy: strategies
        case .shard: shards
        case .text: text
        }
    }
}
