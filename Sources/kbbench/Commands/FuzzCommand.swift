import SystemPackage
import ToolSupport
import ArgumentParser
import Foundation
import KeyboardStoryboard
import KeyboardGeneration
import KeyboardHarness
import KeyboardJSON
import KeyboardOracle
import KeyboardStrategies
import KeyboardTrace
import KeyboardWorld

/// `kbbench fuzz`: an adversarial campaign against one strategy.
struct FuzzCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fuzz",
        abstract: "Fuzz a strategy with adversarial scenarios; shrink every failure to a replayable trace.",
        discussion: """
            Scenarios are generated from the seed with odd geometry (fractional, zero and huge sizes, \
            thousands of fields, offset windows) and hostile timing (dozens of focus switches inside \
            one keyboard animation, rotations mid-animation), and with interactive dismissals the user \
            cancels (under both readings of what iOS then sends). The traces under --corpus (the \
            regression corpus, never written) are replayed first. The first failure of each invariant \
            is shrunk to a minimal trace, saved under --failures (default .kbbench/failures, which git \
            ignores), and printed with the line that replays it; copying it into the corpus is a \
            person's choice.

            Like the shootout, a recipe is judged only on the scenarios in its scope (the eras, \
            devices and layouts its authors wrote it for; see kbbench shootout --help); the others, \
            and corpus traces outside it, are counted as out of scope. --all-scenarios judges \
            everything. The engine's scope is every scenario.

            --shard i/n runs every n-th scenario starting at i: n machines with the same --seed never \
            repeat each other's work and together equal one n-times-longer run (--shard needs --seed: \
            without it each machine would draw its own seed).

            --strategy exec:COMMAND fuzzes a program in any language that speaks the external-strategy \
            protocol (docs/strategy-protocol.md): kbbench starts /bin/sh -c COMMAND once per worker, \
            judges it exactly as a built-in strategy (except I7, which needs two instances), and \
            shrinks and saves its counterexamples as usual. A process that crashes, exits early or \
            hangs past --step-timeout ends the run with status 70, a malformed reply (or a non-finite \
            number) with 65; the message names the scenario and the trace line, the process is \
            killed, and the state of the completed batches is kept for --resume.

            The summary gives the speed in checked notifications per second and per CPU-second \
            (the speed of one core, whatever --jobs is). The campaign's state is saved beside the \
            counterexamples while it runs; Ctrl-C or SIGTERM stops it, saves it and prints the command that resumes it \
            (--resume, which keeps the same --runs or --duration bound); a finished campaign removes \
            its state.

            --screens chat plays each scenario on a chat screen instead of a screen of fields: the \
            same device, window and keyboard notifications, with a transcript scroll view, a composer \
            pinned above the keyboard, and messages that arrive, a user who scrolls, a composer that \
            grows. It judges T1-T4 (the transcript as its user sees it) with I1-I10: use it to fuzz a \
            chat screen's glue (docs/fuzzing.md, "Fuzz a chat screen"). Its counterexamples shrink to \
            chat screens, and it is a campaign of its own: its shards, state and summary say "screens": \
            "chat".

            Each shrunk counterexample NAME.kbtrace is saved with its picture, NAME.svg: the replay as \
            a storyboard, one panel per event, the panel where the invariant first fails marked (see \
            kbbench replay --help, --svg). --stop-at-first ends the campaign with the first scenario \
            that fails, once it is shrunk.

            The summary ends with what the campaign exercised: the share of the scenarios judged that \
            carried each label (an era, a keyboard's state, a caret below the visible part, another \
            app's keyboard, ...; docs/fuzzing.md lists them), marked where a campaign over every \
            scenario falls confidently below the share the generator is held to. --json writes the \
            counts under "coverage".

            \(ExitStatus.help([0, 1, 64, 65, 66, 70, 74, 130, 143], [66: "the --corpus folder does not exist"]))
            """
    )

    @Option(name: .long, help: ArgumentHelp(StrategyChoice.help, valueName: "NAME"))
    var strategy = EngineStrategy.name

    @OptionGroup var seedOption: SeedOption

    @Option(
        name: .long, parsing: .unconditional,
        help: "How many scenarios to run (default \(Campaign.defaultRuns) unless --duration is given).")
    var runs: Int?

    @Option(name: .long, parsing: .unconditional, help: "How long to run, in seconds (instead of --runs).")
    var duration: Double?

    @Option(name: .long, help: "Run shard i of n (e.g. 0/4).", transform: FuzzCommand.parseShard)
    var shard: Shard = .whole

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The screens scenarios are played on: fields (fields in a scroll view) or chat (a transcript and a composer above the keyboard).",
            valueName: "fields|chat"))
    var screens = ScreenKind.fields

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The regression corpus, replayed first and never written (default \(FuzzCommand.defaultCorpus), skipped with a note when absent; a folder given that does not exist is an error).",
            valueName: "DIR"))
    var corpus: FilePath?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Where shrunk counterexamples (NAME.kbtrace and NAME.svg) and the campaign's state are saved; created if missing, its own folder must exist.",
            valueName: "DIR"))
    var failures = FuzzCommand.defaultFailures

    @Flag(name: .long, help: "Print the JSON summary.")
    var json = false

    @Flag(name: .long, help: "Judge scenarios outside the strategy's documented scope too.")
    var allScenarios = false

    @Option(
        name: .long, parsing: .unconditional,
        help: "Worker threads (an exec: strategy runs one process per worker); totals equal a sequential run's.")
    var jobs = 1

    @Flag(name: .long, help: "Continue the campaign (same strategy, seed, screens, shard) from its saved state.")
    var resume = false

    @Flag(
        name: .long,
        help: "Stop at the first scenario that violates an invariant, once its counterexamples are shrunk and saved (as libFuzzer and Hypothesis do)."
    )
    var stopAtFirst = false

    @Option(name: .long, help: "The state file (default: <failures>/.fuzz-state-<strategy>-<seed>-[chat-]<i>of<n>.json).")
    var state: FilePath?

    @Option(name: .long, parsing: .unconditional, help: "Seconds an exec: strategy may take to reply to one message before it is killed.")
    var stepTimeout = ExternalStrategy.defaultStepTimeout

    @OptionGroup var status: StatusOptions

    /// The corpus replayed when `--corpus` is not given.
    static let defaultCorpus: FilePath = "corpora/regressions"
    /// Where counterexamples go when `--failures` is not given: kbbench's
    /// own folder, which git ignores, never the corpus.
    static let defaultFailures: FilePath = ".kbbench/failures"

    static func parseShard(_ text: String) throws -> Shard {
        guard let shard = Shard(parsing: text) else { throw ValidationError("--shard takes i/n with 0 <= i < n, got '\(text)'") }
        return shard
    }

    func validate() throws {
        if shard != .whole && seedOption.seed == nil {
            throw ValidationError("--shard needs --seed: the shards of one campaign share its seed (e.g. --seed 7 --shard 0/4)")
        }
        if resume && seedOption.seed == nil {
            throw ValidationError("--resume needs the campaign's --seed (and --strategy, --shard) to find its state")
        }
        try OptionRange.check(jobs, "--jobs", in: 1...64)
        guard StrategyChoice(strategy, stepTimeout: stepTimeout) != nil else { throw StrategyChoice.unknown(strategy) }
        if let builtIn = StrategyCatalog.strategy(named: strategy), !builtIn.scope.screens.contains(screens) {
            // Every scenario would be out of its scope: a campaign that judges nothing.
            throw ValidationError(
                builtIn.scope.defaultScreens == .chat
                    ? "\(strategy) serves chat screens only: add --screens chat"
                    : "\(strategy) serves screens of fields only: drop --screens \(screens.rawValue)")
        }
        try StrategyChoice.validate(stepTimeout: stepTimeout)
        if runs != nil && duration != nil { throw ValidationError("give --runs or --duration, not both") }
        if let runs { try OptionRange.check(runs, "--runs", atLeast: 1) }
        if let duration { try OptionRange.check(duration, "--duration", above: 0, atMost: 30 * 24 * 3600, unit: "seconds (30 days)") }
    }

    func run() throws {
        try reportingErrors { try campaign() }
    }

    /// The corpus to replay: the one given (which must exist), or the
    /// default when it exists.
    private func corpusToReplay() throws(KbbenchError) -> FilePath? {
        if let corpus {
            guard FilePaths.isFolder(corpus) else { throw .noSuchDirectory(corpus, hint: "the regression corpus given by --corpus") }
            return corpus
        }
        guard FilePaths.isFolder(Self.defaultCorpus) else {
            if !json { printError("note: no corpus at \(Self.defaultCorpus) (run from the package root, or pass --corpus DIR); none replayed") }
            return nil
        }
        return Self.defaultCorpus
    }

    private func campaign() throws {
        guard let choice = StrategyChoice(strategy, stepTimeout: stepTimeout) else { throw KbbenchError.usage("unknown strategy '\(strategy)'") }
        defer { choice.shutDown() }
        let replayed = try corpusToReplay()
        if failures == Self.defaultFailures { try ToolFiles.makeFolder(".kbbench") }
        try ToolFiles.makeFolder(failures)
        let seed = seedOption.seed ?? UInt64.random(in: 0...UInt64(UInt32.max))
        let bound: Campaign.Bound? = runs.map { .runs($0) } ?? duration.map { .seconds($0) }
        var campaign = Campaign(
            strategy: choice.underTest, seed: seed, bound: bound, shard: shard, screens: screens, jobs: jobs, allScenarios: allScenarios,
            corpus: replayed, failures: failures, statePath: state
        )
        campaign.stopsAtFirstFailure = stopAtFirst
        let named = "fuzz: strategy \(strategy), \(campaign.identity)"
        if !json { print(named + (jobs > 1 ? ", \(jobs) jobs" : "")) }
        // The seed goes to standard error too, so that a --json run's log
        // (a CI job's) says which campaign it was from its first line.
        if json { printError(named) }
        var display = status.display("fuzz")
        let result: CampaignResult
        do {
            result = try campaign.run(resume: resume, stopOnInterrupt: true) { event in
                switch event {
                case .corpusFailure(let path, let invariants):
                    if !json { print("corpus: \(path) violates \(invariants.map(\.rawValue).joined(separator: ","))") }
                case .resumed(let done):
                    if !json { print("resuming after \(done) runs") }
                case .counterexample(let example, let record):
                    if !json {
                        let inv = example.invariant
                        let found = Self.milliseconds(record.foundAfterSeconds)
                        let shrunk = record.shrunkAfterSeconds.map { " in " + Self.milliseconds($0 - record.foundAfterSeconds) } ?? ""
                        print(
                            "\(inv.rawValue) (\(inv.summary)) violated at scenario \(example.scenarioIndex), \(found) in; shrunk to \(record.events) events\(shrunk):"
                        )
                        print("  " + replayCommand(record.trace))
                        if !record.trace.isEmpty { print("  picture: \(StoryboardPicture.svgPath(besideTraceAt: FilePath(record.trace)))") }
                    }
                case .progress(let progress):
                    display.update(progress)
                }
            }
        } catch {
            display.finish()
            if let statePath = campaign.statePath ?? campaign.defaultStatePath, case .strategyFailed = error {
                printError("the state of the completed batches is saved to \(statePath)")
                // Interrupted while an external strategy answered (a batch
                // or a shrink): as between batches, say how to continue.
                if error.externalFailure?.kind == .interrupted { printError("continue with: \(resumeCommand(seed: seed))") }
            }
            throw KbbenchError.harness(error)
        }
        display.finish()
        if json {
            print(JSONWriter.string(result.summary.json))
        } else {
            print(Self.text(result.summary))
        }
        if result.interrupted {
            throw KbbenchError.interrupted(
                "after \(result.runsDone) runs; state saved to \(result.statePath ?? "?"); continue with: \(resumeCommand(seed: seed))")
        }
        if !result.passed { throw ExitStatus.violation }
    }

    /// "12 ms", "1.5 s": a duration as the counterexample lines print it.
    static func milliseconds(_ seconds: Double) -> String {
        seconds < 10 ? "\(Int((seconds * 1000).rounded())) ms" : "\((seconds * 10).rounded() / 10) s"
    }

    /// The line that replays a saved counterexample.
    func replayCommand(_ path: String) -> String {
        (["kbbench", "replay", "--strategy", strategy]
            + (stepTimeout != ExternalStrategy.defaultStepTimeout ? ["--step-timeout", String(stepTimeout)] : [])
            + [path]).map(Self.shellQuoted).joined(separator: " ")
    }

    /// The command that resumes this campaign: its identity and files; the
    /// bounds come from the state.
    func resumeCommand(seed: UInt64) -> String {
        var words = ["kbbench", "fuzz", "--strategy", strategy, "--seed", String(seed)]
        if shard != .whole { words += ["--shard", shard.description] }
        if screens != .fields { words += ["--screens", screens.rawValue] }
        if let corpus { words += ["--corpus", corpus.string] }
        if failures != Self.defaultFailures { words += ["--failures", failures.string] }
        if let state { words += ["--state", state.string] }
        if jobs > 1 { words += ["--jobs", String(jobs)] }
        if stepTimeout != ExternalStrategy.defaultStepTimeout { words += ["--step-timeout", String(stepTimeout)] }
        if json { words.append("--json") }
        if allScenarios { words.append("--all-scenarios") }
        if stopAtFirst { words.append("--stop-at-first") }
        words.append("--resume")
        return words.map(Self.shellQuoted).joined(separator: " ")
    }

    /// A word as a POSIX shell reads it back.
    static func shellQuoted(_ word: String) -> String {
        let plain = word.allSatisfy { $0.isLetter || $0.isNumber || "-_./:=@%+,".contains($0) }
        return plain && !word.isEmpty ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// The table `fuzz` prints, and `merge` for shards put together.
    static func text(_ summary: FuzzSummary) -> String {
        let t = summary.totals, throughput = summary.throughput
        var table = TextTable("invariant", "scenarios violating", "meaning")
        for inv in Invariant.allCases { table.add(inv.rawValue, String(t.violations[inv] ?? 0), inv.summary) }
        let resumed = throughput.notifications == t.events ? "" : " (\(throughput.notifications) by this run)"
        return """
            \(t.runs) scenarios, \(t.events) notifications checked\(resumed) in \(String(format: "%.2f", throughput.seconds)) s: \
            \(Int(throughput.perSecond.rounded())) per second, \(Int(throughput.perCPUSecond.rounded())) per CPU-second; \
            \(t.unsatisfiable) with an unsatisfiable step\(t.outOfScope > 0 ? ", \(t.outOfScope) outside \(summary.strategy)'s scope" : ""); \
            corpus: \(summary.corpus.traces) traces in scope, \(summary.corpus.failing.count) failing

            \(table.rendered)

            \(coverageText(t, on: summary.identity.screens))
            """
    }

    /// What the scenarios exercised: each label's share of those judged,
    /// a line per group (`era: iphoneos3 1.6 %, ios7 6.1 %, …`). Where every
    /// scenario was judged, a label confidently below its required share is
    /// marked `(below N %)`.
    static func coverageText(_ totals: FuzzTotals, on screens: ScreenKind) -> String {
        let everyScenario = totals.outOfScope == 0
        var groups: [(String, [String])] = []
        for c in totals.coverage(on: screens) {
            let parts = c.label.split(separator: ".", maxSplits: 1).map(String.init)
            let (group, name) = parts.count == 2 ? (parts[0], parts[1]) : ("", c.label)
            var cell = "\(name) \(percent(c.share))"
            if everyScenario && c.isBelowRequirement { cell += " (below \(percent(c.requiredShare)))" }
            if groups.last?.0 == group { groups[groups.count - 1].1.append(cell) } else { groups.append((group, [cell])) }
        }
        // A group's cells, wrapped at 100 columns.
        var lines: [String] = []
        for (group, cells) in groups {
            var line = "  \(group):"
            for (i, cell) in cells.enumerated() {
                let piece = " " + cell + (i < cells.count - 1 ? "," : "")
                if line.count + piece.count > 100 && !line.hasSuffix(":") {
                    lines.append(line)
                    line = String(repeating: " ", count: group.count + 3)
                }
                line += piece
            }
            lines.append(line)
        }
        return "Exercised (share of the \(totals.judged) scenarios judged):\n" + lines.joined(separator: "\n")
    }

    /// "12.5 %", "0.04 %": a share with three significant digits at most.
    static func percent(_ share: Double) -> String {
        let p = share * 100
        let text = p >= 10 ? String(format: "%.1f", p) : p >= 1 ? String(format: "%.2f", p) : String(format: "%.3g", p)
        return text + " %"
    }
}

extension ScreenKind: ExpressibleByArgument {}
