import SystemPackage
import ToolSupport
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
            1. Replays every trace under the corpus folder with the engine and judges each step.
            2. The shootout: the engine and the recipes it replaces over the same scenarios (seed 1).
            3. The shootout on chat screens: the same scenarios played on a transcript with a composer \
            above the keyboard, judged by the transcript rules.
            4. A short fuzz campaign against the engine (seed 1); nothing is saved.
            5. A short bench. In a release build its checks are evaluated; in a debug build they are \
            shown as not evaluated.

            Nothing is written unless --results DIR asks for the result record (the bench's figures with \
            the shootout) to be kept there. The last line names everything that failed.

            \(ExitStatus.help([0, 1, 2, 64, 65, 66, 74, 130, 143], [0: "everything held", 1: "the engine violated an invariant", 2: "a bench check failed (and no invariant was violated)", 66: "the corpus folder is missing or holds no trace", 130: "interrupted (Ctrl-C): the sections finished are printed, and the last line says where it stopped", 143: "terminated (SIGTERM), as Ctrl-C"]))
            """
    )

    @Option(name: .long, help: ArgumentHelp("The folder of traces to replay.", valueName: "DIR"))
    var corpus: FilePath = "corpora"

    @Option(name: .long, parsing: .unconditional, help: "Scenarios in the shootout.")
    var scenarios = Shootout.defaultScenarios

    @Option(name: .long, parsing: .unconditional, help: "Chat screens in the chat shootout (0 skips it).")
    var chatScreens = Shootout.defaultScenarios

    @Option(name: .long, parsing: .unconditional, help: "Runs in the fuzz campaign (0 skips it).")
    var fuzzRuns = 2_000

    @Option(name: .long, parsing: .unconditional, help: "Single-notification samples per benchmark (0 skips the bench).")
    var benchSamples = 5_000

    @OptionGroup var extras: BenchExtrasOptions

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Keep the result record (the bench's figures and the shootout) in DIR, as bench-<time>-<commit>.json; by default none is written.",
            valueName: "DIR"))
    var results: FilePath?

    @OptionGroup var status: StatusOptions

    func validate() throws {
        try OptionRange.check(scenarios, "--scenarios", in: 1...10_000_000)
        try OptionRange.check(chatScreens, "--chat-screens", in: 0...10_000_000)
        try OptionRange.check(fuzzRuns, "--fuzz-runs", in: 0...10_000_000)
        if benchSamples != 0 { try OptionRange.check(benchSamples, "--bench-samples", in: 100...10_000_000) }
        if results != nil && benchSamples == 0 { throw ValidationError("--results keeps the bench's record: drop --bench-samples 0") }
    }

    func run() throws {
        try reportingErrors {
            if let results {
                guard FilePaths.isFolder(results) else { throw KbbenchError.noSuchDirectory(results, hint: "the folder --results names") }
            }
        }
        var failures: [String] = []
        var finished: [String] = []
        let stopped: String? = try Interrupt.catching { () throws -> String? in
            var engineViolations = 0
            // 1. The corpus.
            try reportingErrors {
                let paths = try ToolFiles.traces(under: corpus)
                if paths.isEmpty { throw KbbenchError.nothingToRead(directory: corpus.string, what: "*.kbtrace files") }
                let traces = try paths.map { path throws(KbbenchError) in try ToolFiles.trace(path) }
                var table = TextTable("trace", "events", "applied", "restored", "ignored", "violations", "unsatisfiable")
                for (path, trace) in zip(paths, traces) {
                    let report = TraceReplayer.replay(trace, with: EngineStrategy.self)
                    let count = { (kind: StepOutcome.Kind) in String(report.steps.filter { $0.outcome.action == kind }.count) }
                    engineViolations += report.violationCount
                    let violated = report.violationsByInvariant.filter { $0.1 > 0 }.map { "\($0.0.rawValue)×\($0.1)" }
                    table.add(
                        row: [
                            Self.name(of: path, in: corpus), String(report.steps.count), count(.apply), count(.restore),
                            count(.ignore), violated.isEmpty ? "0" : violated.joined(separator: " "),
                            String(report.unsatisfiableCount),
                        ]
                    )
                }
                print("1. Corpus: \(paths.count) traces from \(corpus)/ replayed with the engine\n")
                print(table.rendered)
            }
            finished.append("the corpus")

            // 2. The shootout.
            var display = status.display("shootout")
            let shootout = Shootout.run(seed: Shootout.defaultSeed, scenarios: scenarios, stopOnInterrupt: true) { display.update($0) }
            display.finish()
            engineViolations += shootout.strategies.first { $0.name == EngineStrategy.name }?.totalViolations ?? 0
            print("2. " + ShootoutCommand.table(shootout))
            if shootout.interrupted { return "in the shootout, after \(shootout.scenariosRun) of \(scenarios) scenarios" }
            finished.append("the shootout")

            // 3. The shootout on chat screens.
            if chatScreens > 0 {
                var chatDisplay = status.display("chat shootout")
                let chat = Shootout.run(seed: Shootout.defaultSeed, scenarios: chatScreens, screens: .chat, stopOnInterrupt: true) {
                    chatDisplay.update($0)
                }
                chatDisplay.finish()
                engineViolations += chat.strategies.first { $0.name == EngineStrategy.name }?.totalViolations ?? 0
                print("3. " + ShootoutCommand.table(chat))
                if chat.interrupted { return "in the chat shootout, after \(chat.scenariosRun) of \(chatScreens) chat screens" }
                finished.append("the chat shootout")
            }

            // 4. The fuzz campaign.
            if fuzzRuns > 0 {
                var fuzzDisplay = status.display("fuzz")
                let result: CampaignResult
                do throws(HarnessError) {
                    result = try Campaign(EngineStrategy.self, seed: 1, runs: fuzzRuns).run(stopOnInterrupt: true) { event in
                        if case .progress(let p) = event { fuzzDisplay.update(p) }
                    }
                } catch {
                    fuzzDisplay.finish()
                    try reportingErrors { throw KbbenchError.harness(error) }
                    return nil
                }
                fuzzDisplay.finish()
                let totals = result.totals
                engineViolations += totals.totalViolations
                let violated = totals.violations.sorted { $0.key < $1.key }.map { "\($0.key.rawValue)×\($0.value)" }
                print(
                    "4. Fuzz: \(totals.runs) adversarial scenarios\(result.interrupted ? " (interrupted)" : ""), \(totals.events) notifications, "
                        + "engine violations: " + (violated.isEmpty ? "none" : violated.joined(separator: " ")) + "\n")
                if result.interrupted { return "in the fuzz campaign, after \(totals.runs) of \(fuzzRuns) runs" }
                finished.append("the fuzz campaign")
            }
            if engineViolations > 0 { failures.append("the engine violated invariants \(engineViolations) times") }

            // 5. The bench.
            guard benchSamples > 0 else { return nil }
            #if DEBUG
            print("5. Bench (a debug build: times are not representative, and the time checks are not evaluated; use swift run -c release kbbench)\n")
            #else
            print("5. Bench\n")
            #endif
            guard var record = BenchCommand.measure(samples: benchSamples, scaling: false, extras: extras, status: status, progress: true) else {
                return "in the bench; no record written"
            }
            record.shootout = shootout.summary
            if let results {
                try reportingErrors {
                    try BenchCommand.write(
                        record, to: RecordEnvironment.defaultPath(directory: results.string, commit: record.gitCommit), quiet: false)
                }
            }
            print(BenchCommand.table(record))
            if let verdict = BenchCommand.verdict(record) { failures.append(verdict) }
            finished.append("the bench")
            return nil
        }
        // The last line says everything that failed, and where a stop came.
        if let stopped {
            let line = "INTERRUPTED \(stopped)" + (finished.isEmpty ? "" : "; finished: " + finished.joined(separator: ", "))
            print(failures.isEmpty ? line : line + "; FAILED: " + failures.joined(separator: "; "))
            try reportingErrors { throw KbbenchError.interrupted(stopped) }
        }
        if failures.isEmpty {
            print("All invariants hold for the engine" + (benchSamples > 0 ? "; every evaluated bench gate passed." : "."))
            return
        }
        printError(failures.joined(separator: "; "))
        print("FAILED: " + failures.joined(separator: "; "))
        throw failures[0].hasPrefix("the engine") ? ExitStatus.violation : ExitStatus.regression
    }

    /// A corpus trace's path below the corpus folder, as the table shows it
    /// (`regressions/x.kbtrace` for `corpora/regressions/x.kbtrace`).
    static func name(of path: FilePath, in corpus: FilePath) -> String {
        var relative = path
        return relative.removePrefix(corpus) ? relative.string : path.string
    }
}
