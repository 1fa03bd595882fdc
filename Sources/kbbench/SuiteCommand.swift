import Foundation
import ArgumentParser
import KeyboardHarness
import KeyboardOracle
import KeyboardResults
import KeyboardStrategies
import KeyboardTrace
import KeyboardWorld

/// `kbbench suite` (the default): the standard suite.
struct SuiteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "suite",
        abstract: "Run the standard suite (the default when no subcommand is given).",
        discussion: """
            1. Replays every trace under the corpus directory with the engine and judges each step.
            2. The shootout: the engine and the recipes it replaces over the same scenarios (seed 1).
            3. A short fuzz campaign against the engine (seed 1).
            4. A short bench; the record (with the shootout) is written under --results. In a release \
            build its checks are evaluated; in a debug build they are shown as not evaluated.
            The last line names everything that failed. Exit status 1 when the engine violates any \
            invariant, else 2 when a bench check failed.
            """
    )

    @Option(name: .long, help: "The directory of traces to replay.")
    var corpus = "corpora"

    @Option(name: .long, help: "Scenarios in the shootout.")
    var scenarios = Shootout.defaultScenarios

    @Option(name: .long, help: "Runs in the fuzz campaign.")
    var fuzzRuns = 2_000

    @Option(name: .long, help: "Single-notification samples per benchmark (0 skips the bench).")
    var benchSamples = 5_000

    @Option(name: .long, help: "Where the result record goes.")
    var results = "results"

    func validate() throws {
        if scenarios < 1 || fuzzRuns < 0 { throw ValidationError("--scenarios must be at least 1 and --fuzz-runs at least 0") }
    }

    func run() throws {
        var engineViolations = 0
        try reportingErrors {
            let paths = try ToolFiles.traces(under: corpus)
            if paths.isEmpty { throw KbbenchError.nothingToRead(directory: corpus, what: "*.kbtrace files") }
            let traces = try paths.map { path throws(KbbenchError) in try ToolFiles.trace(path) }
            var table = TextTable("trace", "events", "applied", "restored", "ignored", "violations", "unsatisfiable")
            for (path, trace) in zip(paths, traces) {
                let report = TraceReplayer.replay(trace, with: EngineStrategy.self)
                let count = { (kind: StepOutcome.Kind) in String(report.steps.filter { $0.outcome.action == kind }.count) }
                engineViolations += report.violationCount
                let violated = report.violationsByInvariant.filter { $0.1 > 0 }.map { "\($0.0.rawValue)×\($0.1)" }
                table.add(
                    row: [
                        String(path.dropFirst(corpus.count + 1)), String(report.steps.count), count(.apply), count(.restore),
                        count(.ignore), violated.isEmpty ? "0" : violated.joined(separator: " "),
                        String(report.unsatisfiableCount),
                    ]
                )
            }
            print("1. Corpus: \(paths.count) traces from \(corpus)/ replayed with the engine\n")
            print(table.rendered)
        }

        var progress = Progress("shootout", total: scenarios)
        let shootout = Shootout.run(seed: Shootout.defaultSeed, scenarios: scenarios) { progress.update($0) }
        engineViolations += shootout.strategies.first { $0.name == EngineStrategy.name }?.totalViolations ?? 0
        print("2. " + ShootoutCommand.table(shootout))

        if fuzzRuns > 0 {
            var fuzzProgress = Progress("fuzz", total: fuzzRuns)
            var totals = FuzzTotals()
            try reportingErrors {
                do throws(HarnessError) {
                    totals = try Campaign(EngineStrategy.self, seed: 1, runs: fuzzRuns).run { event in
                        if case .progress(let done, _) = event { fuzzProgress.update(done) }
                    }.totals
                } catch { throw KbbenchError.harness(error) }
            }
            engineViolations += totals.totalViolations
            let violated = totals.violations.sorted { $0.key < $1.key }.map { "\($0.key.rawValue)×\($0.value)" }
            print(
                "3. Fuzz: \(totals.runs) adversarial scenarios, \(totals.events) notifications, engine violations: "
                    + (violated.isEmpty ? "none" : violated.joined(separator: " ")) + "\n")
        }
        var verdict: String?
        var benchRecord: ResultRecord?
        if benchSamples > 0 {
            #if DEBUG
            print("4. Bench (a debug build: times are not representative, and the time checks are not evaluated; use swift run -c release kbbench)\n")
            #else
            print("4. Bench\n")
            #endif
            var record = BenchCommand.measure(samples: benchSamples, scaling: false, progress: true)
            record.shootout = shootout.summary
            try reportingErrors {
                try BenchCommand.write(record, to: RecordEnvironment.defaultPath(directory: results, commit: record.gitCommit), quiet: false)
            }
            print(BenchCommand.table(record))
            verdict = BenchCommand.verdict(record)
            benchRecord = record
        }
        // The last line says everything that failed.
        var failures: [String] = []
        if engineViolations > 0 { failures.append("the engine violated invariants \(engineViolations) times") }
        if let verdict { failures.append(verdict) }
        let missed = benchRecord?.missedTargets.map(\.name) ?? []
        let targetsLine = missed.isEmpty ? "" : " Targets not met yet (not failures): " + missed.joined(separator: ", ") + "."
        if failures.isEmpty {
            print("All invariants hold for the engine" + (benchSamples > 0 ? "; every evaluated bench gate passed." : ".") + targetsLine)
            return
        }
        if !targetsLine.isEmpty { print(targetsLine.trimmingCharacters(in: .whitespaces)) }
        printError(failures.joined(separator: "; "))
        print("FAILED: " + failures.joined(separator: "; "))
        throw engineViolations > 0 ? ExitStatus.violation : ExitStatus.regression
    }
}
