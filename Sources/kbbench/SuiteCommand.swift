import ArgumentParser
import KeyboardSimulator
import KeyboardTrace

/// `kbbench suite` (the default): the standard suite.
struct SuiteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "suite",
        abstract: "Run the standard suite (the default when no subcommand is given).",
        discussion: """
            1. Replays every trace under the corpus directory with the engine and judges each step.
            2. The shootout: the engine and the recipes it replaces over the same scenarios (seed 1).
            3. A short fuzz campaign against the engine (seed 1).
            4. A short bench; the record (with the shootout) is written under --results.
            Exit status 1 when the engine violates any invariant.
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
        do {
            let paths = try TraceFiles.list(under: corpus)
            if paths.isEmpty {
                throw ToolError(message: "\(corpus): no *.kbtrace files", status: ExitStatus.dataError)
            }
            let traces = try paths.map { try TraceFiles.load($0) }
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
        } catch let error as ToolError {
            printError(error.message)
            throw error.status
        }

        var progress = Progress("shootout", total: scenarios)
        let shootout = Shootout.run(seed: Shootout.defaultSeed, scenarios: scenarios) { progress.update($0) }
        engineViolations += shootout.strategies.first { $0.name == EngineStrategy.name }?.totalViolations ?? 0
        print("2. " + ShootoutCommand.table(shootout))

        if fuzzRuns > 0 {
            let campaign = FuzzCampaign(strategy: EngineStrategy.self, seed: 1)
            var totals = FuzzTotals()
            var fuzzProgress = Progress("fuzz", total: fuzzRuns)
            for k in 0..<fuzzRuns {
                totals.add(campaign.run(k))
                fuzzProgress.update(k + 1)
            }
            engineViolations += totals.totalViolations
            let violated = totals.violations.sorted { $0.key < $1.key }.map { "\($0.key.rawValue)×\($0.value)" }
            print("3. Fuzz: \(totals.runs) adversarial scenarios, \(totals.events) notifications, engine violations: "
                + (violated.isEmpty ? "none" : violated.joined(separator: " ")) + "\n")
        }
        if benchSamples > 0 {
            #if DEBUG
            print("4. Bench (a debug build: times are not representative; use swift run -c release kbbench)\n")
            #else
            print("4. Bench\n")
            #endif
            var record = BenchCommand.measure(samples: benchSamples, scaling: false, progress: true)
            record.shootout = shootout
            try BenchCommand.write(record, to: ResultRecord.defaultPath(directory: results), quiet: false)
            print(BenchCommand.table(record))
        }
        print(engineViolations == 0 ? "All invariants hold for the engine." : "The engine violated invariants \(engineViolations) times.")
        if engineViolations > 0 { throw ExitStatus.violation }
    }
}
