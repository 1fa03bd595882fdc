import KeyboardJSON

/// A command-line tool's commands and arguments as ArgumentParser describes
/// them (`TOOL --experimental-dump-help`, its tool-info JSON, version 0):
/// what the fuzzer draws argument vectors from, so that a new option is
/// fuzzed without anyone editing the fuzzer.
///
/// Each command also carries the exit statuses its `--help` documents: the
/// numbers that begin the items of its "Exit status:" sentence (`Exit
/// status: 0 success; 64 bad usage; …`). A command whose help documents
/// none (ArgumentParser's own `help`) is held to the root's.
package struct CommandTree: Hashable, Sendable {
    package var root: Command

    /// One command: its path of names from the tool's (`["kbbench",
    /// "replay"]`), its arguments, its documented statuses, its
    /// subcommands.
    package struct Command: Hashable, Sendable {
        package var path: [String]
        package var arguments: [Argument]
        package var documentedStatuses: Set<Int32>
        package var subcommands: [Command]

        /// This command and every command below it.
        package var all: [Command] { [self] + subcommands.flatMap(\.all) }
    }

    /// One argument of a command.
    package struct Argument: Hashable, Sendable {
        package enum Kind: String, Hashable, Sendable {
            case flag, option, positional
        }

        package var kind: Kind
        /// How it is written: `--long` (or `-s` where it has no long name);
        /// nil for a positional.
        package var spelling: String?
        /// The name it goes by in help and in the dump (`FILE`, `runs`).
        package var valueName: String
        package var isOptional: Bool
        package var isRepeating: Bool
        /// The values it accepts, where ArgumentParser lists them.
        package var allValues: [String]
        /// The spellings `--help` and `--version`, which every command has
        /// and which answer before anything else.
        package var isHelpOrVersion: Bool { spelling == "--help" || spelling == "--version" || spelling == "-h" }
    }

    /// Reads the dump `text` (from `file`, for messages).
    package init(dump text: String, file: String) throws(MalformedInput) {
        let value: JSONValue
        do { value = try JSONParser.parse(text) } catch {
            throw MalformedInput(file: file, line: 1, problem: .inconsistent("not JSON: \(error.message) at byte \(error.offset)"))
        }
        var reader = try JSONObjectReader(value, file: file, source: .document(Array(text.utf8)))
        var command = try reader.object("command")
        root = try Self.command(&command, parent: [], inherited: [])
    }

    private static func command(_ r: inout JSONObjectReader, parent: [String], inherited: Set<Int32>) throws(MalformedInput) -> Command {
        let name = try r.string(try r.required("commandName"), "commandName")
        let path = parent + [name]
        let discussion = try r.optional("discussion").map { v throws(MalformedInput) in try r.string(v, "discussion") } ?? ""
        let own = Self.documentedStatuses(in: discussion)
        let statuses = own.isEmpty ? inherited : own
        var arguments: [Argument] = []
        if let list = r.optional("arguments") {
            for (element, at) in try r.array(list, "arguments") {
                var a = try r.object(element, at: at)
                arguments.append(try Self.argument(&a))
            }
        }
        var subcommands: [Command] = []
        if let list = r.optional("subcommands") {
            for (element, at) in try r.array(list, "subcommands") {
                var s = try r.object(element, at: at)
                subcommands.append(try Self.command(&s, parent: path, inherited: statuses))
            }
        }
        return Command(path: path, arguments: arguments, documentedStatuses: statuses, subcommands: subcommands)
    }

    private static func argument(_ a: inout JSONObjectReader) throws(MalformedInput) -> Argument {
        guard let kind = Argument.Kind(rawValue: try a.string(try a.required("kind"), "kind")) else {
            throw a.fail("kind", .inconsistent("neither flag, option nor positional"))
        }
        var spelling: String?
        if let names = a.optional("names") {
            var long: String?, short: String?
            for (element, at) in try a.array(names, "names") {
                var n = try a.object(element, at: at)
                let name = try n.string(try n.required("name"), "name")
                switch try n.string(try n.required("kind"), "kind") {
                case "long", "longWithSingleDash": long = long ?? name
                default: short = short ?? name
                }
            }
            spelling = long.map { "--" + $0 } ?? short.map { "-" + $0 }
        }
        let valueName = try a.optional("valueName").map { v throws(MalformedInput) in try a.string(v, "valueName") } ?? ""
        var allValues: [String] = []
        if let list = a.optional("allValues") {
            for (element, at) in try a.array(list, "allValues") {
                guard case .string(let s) = element else { throw a.fail(at: at, .wrongType(expected: "a string", found: element.kindName)) }
                allValues.append(s)
            }
        }
        func bool(_ key: String) throws(MalformedInput) -> Bool {
            try a.optional(key).map { v throws(MalformedInput) in try a.bool(v, key) } ?? false
        }
        return Argument(
            kind: kind, spelling: spelling, valueName: valueName, isOptional: try bool("isOptional"), isRepeating: try bool("isRepeating"),
            allValues: allValues)
    }

    /// The statuses an "Exit status:" sentence documents: the number that
    /// begins each of its `;`-separated items.
    package static func documentedStatuses(in discussion: String) -> Set<Int32> {
        guard let start = discussion.firstRange(of: "Exit status:") else { return [] }
        var sentence = discussion[start.upperBound...]
        if let end = sentence.firstRange(of: ".\n") ?? sentence.firstRange(of: ". ") { sentence = sentence[..<end.lowerBound] }
        var statuses = Set<Int32>()
        for item in sentence.split(separator: ";") {
            let digits = item.drop { $0 == " " || $0 == "\n" }.prefix { $0.isASCII && $0.isNumber }
            if let n = Int32(digits) { statuses.insert(n) }
        }
        return statuses
    }
}
