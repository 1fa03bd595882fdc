import ArgumentParser
import KeyboardSimulator
import KeyboardTrace

/// `kbbench replay`: replays traces and prints what a strategy did.
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay traces (*.kbtrace) with a strategy and judge every step.",
        discussion: """
            Each event of the trace is fed to the strategy; the scroll view's insets and offset after \
            each step are printed with the invariants it violated (I1-I9, see README), I2 by the \
            strategy's own promise. A trace outside the strategy's documented scope (see kbbench \
            shootout --help) is still judged, with a note on standard error saying why it is outside.

            --json prints one JSON object per trace (one per line): \
            {"schemaVersion":1,"strategy":...,"steps":[...],"violations":N,"unsatisfiable":N}.

            \(ExitStatus.summary)
            """
    )

    @Flag(name: .long, help: "Print the per-step JSON report instead of a table.")
    var json = false

    @Option(name: .long, help: "The strategy to replay with (\(StrategyCatalog.names.joined(separator: ", "))).")
    var strategy = EngineStrategy.name

    @Argument(help: "Trace files to replay.")
    var files: [String]

    func validate() throws {
        guard StrategyCatalog.strategy(named: strategy) != nil else {
            throw ValidationError("unknown strategy '\(strategy)'; known: \(StrategyCatalog.names.joined(separator: ", "))")
        }
        if files.isEmpty { throw ValidationError("give at least one trace file") }
    }

    func run() throws {
        var violated = false
        try reportingErrors {
            // Read every trace first, so a malformed file prints nothing partial.
            let traces = try files.map { path throws(KbbenchError) in try TraceFiles.load(path) }
            for (path, trace) in zip(files, traces) {
                guard let type = StrategyCatalog.strategy(named: strategy) else { continue }
                let outside = type.scope.exclusions(trace.header)
                if !outside.isEmpty {
                    printError("note: \(path) is outside \(strategy)'s documented scope (\(outside.joined(separator: ", ")))")
                }
                let report = TraceReplayer.replay(trace, with: type)
                violated = violated || report.violationCount > 0
                if json {
                    print(JSONWriter.string(report.json))
                } else {
                    print(Self.table(report, path: path))
                }
            }
        }
        if violated { throw ExitStatus.violation }
    }

    static func table(_ report: ReplayReport, path: String) -> String {
        var t = TextTable("line", "action", "reason", "contentInset", "offset", "violations")
        for s in report.steps {
            t.add(
                String(s.line), s.outcome.action.rawValue, s.outcome.reason ?? "", s.contentInset.description,
                s.contentOffset.description, s.violations.map(\.rawValue).joined(separator: ",")
            )
        }
        return "\(path) — strategy \(report.strategy): \(report.violationCount) violations, "
            + "\(report.unsatisfiableCount) unsatisfiable\n" + t.rendered
    }
}

/// Prints a one-line error to standard error.
func printError(_ message: String) {
    var stderr = StandardError()
    print("kbbench: " + message, to: &stderr)
}

struct StandardError: TextOutputStream {
    mutating func write(_ string: String) {
        FileHandleOutput.writeToStandardError(string)
    }
}
