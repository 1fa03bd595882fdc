import CommandLineFuzzing
import Foundation
import KBTestSupport
import Testing

/// kbbench as the command-line fuzzer reads it: every command is there,
/// each documents the statuses it ends with, and every option's values
/// come from a list that fits it. Were the description or a help sentence
/// to change shape, the fuzzer would judge by nothing; this says so first.
@Suite("kbbench's command tree, as the fuzzer reads it", .processTimeLimit)
struct CommandTreeOfKbbenchTests {
    typealias K = KbbenchProcess

    static func tree() throws -> CommandTree {
        let r = K.kbbench("--experimental-dump-help")
        #expect(r.status == 0, "\(r.stderr)")
        return try CommandTree(dump: r.stdout, file: "kbbench --experimental-dump-help")
    }

    @Test func everyCommandDocumentsItsStatuses() throws {
        let tree = try Self.tree()
        let names = tree.root.subcommands.map { $0.path.last! }
        #expect(Set(names).isSuperset(of: ["suite", "replay", "shootout", "fuzz", "bench", "compare", "export", "report", "import", "audit"]))
        for command in tree.root.all {
            #expect(
                command.documentedStatuses.contains(0) && command.documentedStatuses.contains(64), "\(command.path): \(command.documentedStatuses)")
        }
        #expect(
            tree.root.documentedStatuses == [0, 1, 2, 3, 4, 5, 6, 64, 65, 66, 69, 70, 74, 130, 143], "the root's sentence is docs/cli.md's table")
    }

    /// Every path option draws paths, every count numbers, every strategy
    /// strategies: what a name suggests is read word by word.
    @Test func everyOptionDrawsValuesThatFitIt() throws {
        let tree = try Self.tree()
        var shapes: [String: HostileValue.Shape] = [:]
        for command in tree.root.all {
            for a in command.arguments where a.kind != .flag && a.allValues.isEmpty {
                shapes[command.path.last! + " " + (a.spelling ?? a.valueName)] = HostileValue.Shape(a)
            }
        }
        for path in [
            "fuzz --failures", "fuzz --corpus", "bench --output", "replay files", "audit --svg", "compare BASE", "import logs",
            "bench --instructions",
        ] {
            #expect(shapes[path] == .path, "\(path): \(shapes[path].map { "\($0)" } ?? "missing")")
        }
        for number in ["fuzz --runs", "fuzz --seed", "shootout --jobs", "replay --step-timeout", "bench --samples", "import --focus"] {
            #expect(shapes[number] == .number, "\(number): \(shapes[number].map { "\($0)" } ?? "missing")")
        }
        for strategy in ["fuzz --strategy", "shootout --with", "audit --with"] {
            #expect(shapes[strategy] == .strategy, "\(strategy)")
        }
        #expect(shapes["fuzz --shard"] == .shard)
    }
}
