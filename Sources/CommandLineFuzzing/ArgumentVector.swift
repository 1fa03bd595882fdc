import Foundation
import KeyboardGeneration

/// One command line the fuzzer runs: the arguments after the tool's name,
/// drawn from the command tree.
///
/// Vector `i` of seed `s` depends only on `(s, i)` and the tree: a command
/// (each equally likely), then each of its arguments in the dump's order
/// (a required one nearly always, an optional one half the time; `--help`
/// and `--version` rarely, as they answer before anything else), each
/// option or positional with a value drawn for it (``HostileValue``: its
/// allowed values when it lists them, or one unknown; else the list its
/// name suggests, or, one time in five, any list); then, sometimes, an
/// option given twice, an option of another command, or an unknown one;
/// and the words shuffled one time in four.
package struct ArgumentVector: Hashable, Sendable, CustomStringConvertible {
    /// The words after the tool's name.
    package var arguments: [String]
    /// The command they address.
    package var command: [String]

    package init(arguments: [String], command: [String]) {
        self.arguments = arguments
        self.command = command
    }

    package static func draw(seed: UInt64, index: Int, tree: CommandTree) -> ArgumentVector {
        var r = SeededRandom(seed: seed, index: UInt64(index))
        let commands = tree.root.all
        let command = r.pick(commands)
        var words = Array(command.path.dropFirst())
        let others = commands.flatMap(\.arguments).filter { $0.kind != .positional && !$0.isHelpOrVersion }
        for argument in command.arguments {
            if argument.isHelpOrVersion {
                if r.chance(0.03) { words.append(argument.spelling ?? "--help") }
                continue
            }
            let include = argument.isOptional ? r.chance(0.5) : r.chance(0.95)
            guard include else { continue }
            let count = argument.isRepeating && r.chance(0.3) ? r.int(in: 2...3) : 1
            for _ in 0..<count { words += Self.words(for: argument, &r) }
        }
        if let option = command.arguments.filter({ $0.kind == .option }).randomElement(using: &r), r.chance(0.15) {
            words += Self.words(for: option, &r)
        }
        if let stranger = others.randomElement(using: &r), r.chance(0.1) { words += Self.words(for: stranger, &r) }
        if r.chance(0.05) { words.append(r.pick(["--nope", "-z", "--", "---", "--json=1"])) }
        if r.chance(0.25) { words.shuffle(using: &r) }
        return ArgumentVector(arguments: words, command: command.path)
    }

    /// The words that are not the command's names (wherever shuffling
    /// put them): the options and values a run may take a path from.
    package var values: [String] {
        var words = arguments
        for name in command.dropFirst() { if let i = words.firstIndex(of: name) { words.remove(at: i) } }
        return words
    }

    /// An argument as written: `--flag`, `--option VALUE`, or `VALUE`.
    static func words(for argument: CommandTree.Argument, _ r: inout SeededRandom) -> [String] {
        switch argument.kind {
        case .flag: return [argument.spelling ?? ""]
        case .option: return [argument.spelling ?? "", value(for: argument, &r)]
        case .positional: return [value(for: argument, &r)]
        }
    }

    static func value(for argument: CommandTree.Argument, _ r: inout SeededRandom) -> String {
        if !argument.allValues.isEmpty { return r.chance(0.8) ? r.pick(argument.allValues) : r.pick(["nope", "", "PORTRAIT"]) }
        let shape = r.chance(0.2) ? r.pick(HostileValue.Shape.allCases) : HostileValue.Shape(argument)
        return r.pick(HostileValue.values(shape))
    }

    /// The command line, quoted for a POSIX shell: pasted after the tool's
    /// path, it runs the same words.
    package var description: String { arguments.map(Self.quoted).joined(separator: " ") }

    /// `word` quoted for a POSIX shell where it needs it.
    package static func quoted(_ word: String) -> String {
        let plain =
            !word.isEmpty
            && word.unicodeScalars.allSatisfy {
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_./:=,".unicodeScalars.contains($0))
            }
        return plain ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
