import ArgumentParser
import KeyboardSimulator
import KeyboardTrace

/// `kbbench suite` (the default): the standard suite.
struct SuiteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "suite",
        abstract: "Run the standard suite (the default when no subcommand is given).",
        discussion: """
            Replays every trace under the corpus directory with the engine, judges each step against \
            the invariants and prints one row per trace. Exit status 1 when any invariant is violated.
            """
    )

    @Option(name: .long, help: "The directory of traces to replay.")
    var corpus = "corpora"

    func run() throws {
        do {
            let paths = try TraceFiles.list(under: corpus)
            if paths.isEmpty {
                throw ToolError(message: "\(corpus): no *.kbtrace files", status: ExitStatus.dataError)
            }
            let traces = try paths.map { try TraceFiles.load($0) }
            var table = TextTable("trace", "events", "applied", "restored", "ignored", "violations", "unsatisfiable")
            var totalViolations = 0
            for (path, trace) in zip(paths, traces) {
                let report = TraceReplayer.replay(trace, with: EngineStrategy.self)
                let count = { (kind: StepOutcome.Kind) in String(report.steps.filter { $0.outcome.action == kind }.count) }
                totalViolations += report.violationCount
                let violated = report.violationsByInvariant.filter { $0.1 > 0 }.map { "\($0.0.rawValue)×\($0.1)" }
                table.add(
                    row: [
                        String(path.dropFirst(corpus.count + 1)), String(report.steps.count), count(.apply), count(.restore),
                        count(.ignore), violated.isEmpty ? "0" : violated.joined(separator: " "),
                        String(report.unsatisfiableCount),
                    ]
                )
            }
            print("Replaying \(paths.count) traces from \(corpus)/ with the engine\n")
            print(table.rendered)
            print(totalViolations == 0 ? "All invariants hold." : "\(totalViolations) invariant violations.")
            if totalViolations > 0 { throw ExitStatus.violation }
        } catch let error as ToolError {
            printError(error.message)
            throw error.status
        }
    }
}
