import Foundation
import KBTestSupport
import Testing

/// Messages that say what is wrong: a number out of range names its option,
/// its bounds and the value given (negative ones included, which the
/// parser would otherwise read as options); a trace given to `compare` is
/// called a trace; `--help` lists the statuses each command can end with.
@Suite("Messages a user reads", .processTimeLimit)
struct MessageTests {
    typealias K = KbbenchProcess

    @Test(arguments: [
        (["fuzz", "--runs", "-5"], "--runs must be at least 1; got -5"),
        (["fuzz", "--duration", "-1"], "--duration must be more than 0 and at most 2592000 seconds (30 days); got -1"),
        (["fuzz", "--duration", "0"], "--duration must be more than 0 and at most 2592000 seconds (30 days); got 0"),
        (["fuzz", "--jobs", "-2"], "--jobs must be between 1 and 64; got -2"),
        (["fuzz", "--seed", "-5"], "--seed takes a non-negative integer (decimal or 0x-hex), got '-5'"),
        (["shootout", "--scenarios", "-5"], "--scenarios must be between 1 and 10000000; got -5"),
        (["bench", "--samples", "-5"], "--samples must be between 100 and 10000000; got -5"),
        (["bench", "--planted-bug-seed", "1000000000001"], "--planted-bug-seed must be between 0 and 1000000000000; got 1000000000001"),
        (["compare", "--threshold", "-5", "a.json", "b.json"], "--threshold must be more than 0 and at most 1000 percent; got -5"),
        (["suite", "--fuzz-runs", "-1"], "--fuzz-runs must be between 0 and 10000000; got -1"),
        (["suite", "--chat-screens", "-1"], "--chat-screens must be between 0 and 10000000; got -1"),
        (["fuzz", "--status-interval", "-1"], "--status-interval must be between 0.0 and 86400.0 seconds; got -1.0"),
    ])
    func aNumberOutOfRangeNamesItsBoundsAndTheValue(arguments: [String], message: String) {
        let r = K.kbbench(arguments)
        #expect(r.status == 64 && r.stderr.contains(message), "\(arguments): \(r.output)")
        #expect(!r.stderr.contains("Missing value"), "\(r.stderr)")
    }

    /// A campaign of a strategy on screens it does not serve would judge
    /// nothing: the command says which screens it serves.
    /// (Every built-in strategy that is not a chat peer serves both kinds
    /// of screen: the SwiftUI modifier has a chat form.)
    @Test(arguments: [
        (["fuzz", "--strategy", "messageKit"], "messageKit serves chat screens only: add --screens chat"),
        (
            ["fuzz", "--strategy", "keyboardLayoutGuideTranscript", "--screens", "fields"],
            "keyboardLayoutGuideTranscript serves chat screens only: add --screens chat"
        ),
    ])
    func aStrategyOnScreensItDoesNotServeIsAUsageError(arguments: [String], message: String) {
        let r = K.kbbench(arguments)
        #expect(r.status == 64 && r.stderr.contains(message), "\(arguments): \(r.output)")
    }

    @Test func compareGivenATraceSaysItIsATrace() {
        let r = K.kbbench("compare", "corpora/traces/iphone8-portrait-first-focus.kbtrace", "results/bench-20261124-105218-666b458.json")
        #expect(r.status == 65 && r.stderr.contains("this is a trace"), "\(r.output)")
    }

    /// `kbbench --help` says what the suite runs and writes, and every
    /// status; each command's help lists its own.
    @Test func helpListsTheStatuses() {
        let top = K.kbbench("--help").stdout.replacingOccurrences(of: "\n", with: " ")
        for status in [0, 1, 2, 3, 4, 5, 6, 64, 65, 66, 69, 70, 74, 130, 143] {
            #expect(top.contains("; \(status) ") || top.contains(": \(status) "), "\(status)")
        }
        for part in ["shootout", "fuzz campaign", "bench", "--results DIR", ".kbbench/"] { #expect(top.contains(part), "\(part)") }
        let own: [String: [Int]] = [
            "suite": [0, 1, 2, 64, 65, 66, 74, 130, 143], "replay": [0, 1, 64, 65, 70, 74, 130, 143],
            "shootout": [0, 64, 65, 70, 74, 130, 143], "fuzz": [0, 1, 64, 65, 66, 70, 74, 130, 143], "bench": [0, 2, 64, 65, 69, 70, 74, 130, 143],
            "compare": [0, 2, 3, 64, 65, 66, 74], "export": [0, 64, 65, 74], "report": [0, 64, 65, 66, 74],
            "import": [0, 64, 65, 66, 74, 130, 143], "audit": [0, 1, 64, 65, 70, 74, 130, 143],
        ]
        for (command, statuses) in own {
            let help = K.kbbench(command, "--help").stdout.replacingOccurrences(of: "\n", with: " ")
            guard let paragraph = help.components(separatedBy: "Exit status: ").dropFirst().first?.components(separatedBy: "USAGE:").first
            else {
                Issue.record("\(command) --help has no Exit status paragraph")
                continue
            }
            let listed = paragraph.components(separatedBy: "; ").compactMap { Int($0.prefix { $0.isNumber }) }
            #expect(listed == statuses, "\(command)")
        }
    }

    @Test func aReplayTableNamesEachEventAndPrintsPlainNumbers() {
        let r = K.kbbench("replay", "corpora/traces/iphone8-portrait-first-focus.kbtrace")
        #expect(r.stdout.contains("0 violations,") && !r.stdout.contains("-0.0") && !r.stdout.contains(".0,"), "\(r.stdout)")
        #expect(r.stdout.contains(" event ") && r.stdout.contains("WillShow"), "\(r.stdout)")
        let one = K.kbbench("replay", "--strategy", "cookbook", "corpora/traces/ipadpro-hardware-shortcuts-bar.kbtrace")
        #expect(one.stdout.contains(": 1 violation,"), "\(one.stdout)")
    }

    /// The shootout's tables fit a terminal of 100 columns.
    @Test func theShootoutTableIsNarrow() {
        let r = K.kbbench("shootout", "--scenarios", "300")
        let widest = r.stdout.split(separator: "\n").map(\.count).max() ?? 0
        #expect(r.status == 0 && widest <= 100, "\(widest) columns")
    }

    /// `import`'s hint follows the error it belongs to.
    @Test func importPrintsItsHintAfterTheError() {
        let r = K.kbbench("import", "corpora/console-logs/damaged.log")
        let lines = r.stderr.split(separator: "\n")
        #expect(r.status == 65 && lines.count == 2 && lines[1].contains("--skip-damaged"), "\(r.stderr)")
    }
}
