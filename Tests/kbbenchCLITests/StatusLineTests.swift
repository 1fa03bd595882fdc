import Foundation
import KBTestSupport
import Testing

/// A long run is never silent in CI: where standard error is not a
/// terminal it prints a status line every `--status-interval` seconds
/// (elapsed, scenarios, notifications, violations, rate), and none with 0.
@Suite("Status lines under CI", .processTimeLimit)
struct StatusLineTests {
    typealias K = KbbenchProcess

    /// `label: 1s, 512/3000 scenarios, 21504 notifications, 0 violations, 17003 notifications/s`.
    static func statusLines(_ stderr: String, label: String) -> [Substring] {
        stderr.split(separator: "\n").filter { line in
            line.hasPrefix(label + ": ") && line.contains(" scenarios, ") && line.contains(" notifications, ")
                && (line.contains(" violations, ") || line.contains(" violation, ")) && line.hasSuffix(" notifications/s")
        }
    }

    @Test(arguments: [
        (["fuzz", "--seed", "3", "--runs", "1000"], "fuzz"),
        (["shootout", "--scenarios", "400"], "shootout"),
    ])
    func aRunPrintsStatusLinesAtItsInterval(arguments: [String], label: String) throws {
        let failures = try K.temporaryDirectory()
        let extra = label == "fuzz" ? ["--failures", failures] : []
        let r = K.run(K.binary, arguments + extra + ["--status-interval", "0.1"], in: Repository.root, environment: ["CI": "true"])
        #expect(r.status == 0, "\(r.output)")
        let lines = Self.statusLines(r.stderr, label: label)
        #expect(!lines.isEmpty, "no status line in: \(r.stderr)")
        #expect(!r.stderr.contains("\r"), "no terminal redraws in a log")
        let silent = K.run(K.binary, arguments + extra + ["--status-interval", "0"], in: Repository.root, environment: ["CI": "true"])
        #expect(Self.statusLines(silent.stderr, label: label).isEmpty, "--status-interval 0 prints none: \(silent.stderr)")
    }
}
