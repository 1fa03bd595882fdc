import SystemPackage
import ArgumentParser
import ToolSupport
import KeyboardHarness
import KeyboardJSON
import KeyboardOracle
import KeyboardStrategies
import KeyboardTrace

/// `kbbench audit`: judges what an app did, recorded in its traces.
struct AuditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "audit",
        abstract: "Judge the scroll view an app left after each event of recorded traces, whatever code moved it.",
        discussion: """
            A trace recorded with the scroll view observed after each event (the "observed" key, \
            docs/trace-format.md) is replayed through the simulated world, and the observed state is \
            judged in place of a strategy's reply: the same invariants as replay (I1-I10 and, on a chat screen, T1-T4, but I7, which \
            needs two runs of the same code), the same table, --json, --svg and --html. Covered frames are \
            counted from the samples an observed state carries of how the view moved; an animation in \
            which the app moved the field without samples is left out and reported as not counted.

            Every event must hold an observed state: a trace without any, or an event without one, is \
            malformed input (status 65, naming the file and line). kbbench replay --strategy S \
            --write-observed OUT TRACE writes such a trace for any strategy, exec: ones included; auditing \
            it with --promise S reports exactly what the replay reported, step by step.

            --promise says what I2 holds the app to. By default (trace), the promise the trace states: \
            replay --write-observed writes the replaying strategy's, and KeyboardTraceRecorder the one it \
            was given, so an audit judges by the promise its states were made under. A trace that states \
            none (a hand-written or imported one) is judged by its header's policy, the engine's \
            promise, and a note says so. policy, visible (the field visible, nothing more, what the \
            recipes promise) or a strategy's name choose another. What an audit of a device recording \
            can and cannot judge: docs/cli.md, "Audit what an app did".

            --round-trip checks the audit itself rather than a recording: for --scenarios generated \
            scenarios of --seed (varied as recordings vary: policies, carets, typing in text views that \
            grow) and every built-in strategy, plus each --with exec:COMMAND, the states the strategy \
            left are written as replay --write-observed writes them, read back and audited, and the audit \
            must report what the replay did, step by step (I7 aside). The first disagreement of each \
            strategy is shrunk to a trace, saved under --failures (default .kbbench/failures) as \
            audit-STRATEGY-seedS-INDEX.kbtrace, and the run exits 1. Given trace files instead, \
            --round-trip checks each of them as it is with every strategy (nothing varied or shrunk: the \
            file reproduces it): kbbench audit --round-trip corpora/*/*.kbtrace.

            On generated scenarios, --shard i/n checks every n-th scenario starting at i, as kbbench \
            fuzz --shard does (it needs --seed, and --scenarios counts the shard's), and --jobs N checks N \
            scenarios at once (an exec: strategy runs one process per job); what is found is the same \
            whatever N is. kbbench merge puts the shards' --json summaries back together.

            \(ExitStatus.help([0, 1, 64, 65, 70, 74, 130, 143], [1: "the app's states violated an invariant (with --round-trip: the audit disagreed with a replay)"]))
            """
    )

    @Flag(name: .long, help: "Print the per-step JSON report instead of a table.")
    var json = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "What I2 holds the app to: trace (the promise the trace states, else its policy's), policy, visible, or a strategy's name (\(StrategyCatalog.names.joined(separator: ", "))).",
            valueName: "PROMISE")
    )
    var promise = "trace"

    @Option(name: .long, help: ArgumentHelp("Write the audit's storyboard as SVG to FILE (one trace only).", valueName: "FILE"))
    var svg: String?

    @Option(name: .long, help: ArgumentHelp("Write the storyboard in an HTML page with a legend to FILE (one trace only).", valueName: "FILE"))
    var html: String?

    @Argument(help: "Trace files with observed states to audit (with --round-trip: any traces, to check the audit on).")
    var files: [FilePath] = []

    @OptionGroup var status: StatusOptions

    @Flag(name: .long, help: "Check the audit against the replay, on generated scenarios or on the traces given, instead of auditing (see above).")
    var roundTrip = false

    @OptionGroup var seedOption: SeedOption

    @Option(name: .long, parsing: .unconditional, help: "With --round-trip and no trace files: how many scenarios (default 2,000).")
    var scenarios: Int?

    @Option(name: .long, help: "With --round-trip on generated scenarios: check shard i of n (e.g. 0/4).", transform: FuzzCommand.parseShard)
    var shard: Shard = .whole

    @Option(name: .long, parsing: .unconditional, help: "With --round-trip on generated scenarios: scenarios checked at once.")
    var jobs = 1

    @Option(name: .long, help: ArgumentHelp("With --round-trip: an external strategy to check too; repeatable.", valueName: "exec:COMMAND"))
    var with: [String] = []

    @Option(name: .long, help: ArgumentHelp("With --round-trip: where shrunk disagreements are saved.", valueName: "DIR"))
    var failures = FuzzCommand.defaultFailures

    @Option(name: .long, parsing: .unconditional, help: "Seconds an exec: strategy may take to reply to one message before it is killed.")
    var stepTimeout = ExternalStrategy.defaultStepTimeout

    func validate() throws {
        if roundTrip {
            if !files.isEmpty && (scenarios != nil || seedOption.seed != nil) {
                throw ValidationError(
                    "--round-trip checks either the trace files given or generated scenarios: drop --seed and --scenarios, or the files")
            }
            if svg != nil || html != nil || promise != "trace" {
                throw ValidationError("--round-trip judges each strategy by its own promise and draws nothing: drop --promise, --svg and --html")
            }
            if let scenarios { try OptionRange.check(scenarios, "--scenarios", in: 1...10_000_000) }
            if !files.isEmpty && (shard != .whole || jobs != 1) {
                throw ValidationError("--shard and --jobs split generated scenarios: drop them, or the files")
            }
            if shard != .whole && seedOption.seed == nil {
                throw ValidationError("--shard needs --seed: the shards of one round trip share its seed (e.g. --seed 7 --shard 0/4)")
            }
            try OptionRange.check(jobs, "--jobs", in: 1...64)
            for name in with where ExternalStrategy.named(name) == nil {
                throw ValidationError("--with takes exec:COMMAND (an external strategy), got '\(name)'; the built-in strategies always run")
            }
            try StrategyChoice.validate(stepTimeout: stepTimeout)
            return
        }
        if shard != .whole || jobs != 1 { throw ValidationError("--shard and --jobs go with --round-trip") }
        guard Self.promise(named: promise) != nil else {
            throw ValidationError("unknown promise '\(promise)'; known: trace, policy, visible, \(StrategyCatalog.names.joined(separator: ", "))")
        }
        try ReplayCommand.validate(files: files, svg: svg, html: html)
    }

    /// The promise named on the command line, for a trace, and a note when
    /// the trace was to state one and did not; nil for an unknown name.
    static func promise(named name: String) -> ((Trace) -> (promise: VisibilityPromise, note: String?))? {
        switch name {
        case "trace":
            return { trace in
                let (promise, stated) = TraceAudit.promise(of: trace)
                return (
                    promise,
                    stated
                        ? nil
                        : "the trace states no promise: judged by its header's policy (a distance of \(Plain.number(promise.distance)) pt, "
                            + "tall fields \(promise.tallField.rawValue)); --promise chooses another"
                )
            }
        case "policy": return { (VisibilityPromise(policy: $0.header.policy), nil) }
        case "visible": return { _ in (.visible, nil) }
        default: return StrategyCatalog.strategy(named: name).map { type in { (type.promise(for: $0.header), nil) } }
        }
    }

    func run() throws {
        if roundTrip {
            if files.isEmpty { try checkRoundTrip() } else { try checkRoundTrip(traces: files) }
            return
        }
        var violated = false
        try reportingErrors {
            for path in [svg, html] { try ToolFiles.checkWritable(path) }
            let quiet = !(try ToolFiles.standardOutputs([("--svg", svg), ("--html", html)])).isEmpty
            guard let promiseFor = Self.promise(named: promise) else { throw KbbenchError.usage("unknown promise") }
            try Interrupt.catching { () throws(KbbenchError) in
                // Read and check every trace first, so a malformed file
                // prints nothing partial; a stop prints what was judged.
                var audits: [(path: FilePath, trace: Trace, report: ReplayReport, promise: VisibilityPromise)] = []
                var display = status.display("audit")
                var progress = RunProgress(scenarios: 0, target: files.count, notifications: 0, violations: 0)
                for path in files {
                    if Interrupt.isPending { break }
                    // A read stopped by the signal ends the loop as a
                    // stop between traces does.
                    let trace: Trace
                    do throws(KbbenchError) { trace = try ToolFiles.trace(path) } catch .interrupted { break }
                    let (judgedBy, note) = promiseFor(trace)
                    if let note { printError("note: \(path): \(note)") }
                    let report: ReplayReport
                    do throws(MalformedInput) { report = try TraceAudit.audit(trace, file: path.string, promise: judgedBy) } catch {
                        throw KbbenchError.malformed(error)
                    }
                    audits.append((path, trace, report, judgedBy))
                    progress.scenarios += 1
                    progress.notifications += report.steps.count
                    progress.violations += report.violationCount
                    display.update(progress, unit: "traces")
                }
                display.finish()
                for (path, trace, report, judgedBy) in audits {
                    ReplayCommand.warnIfImpossible(trace, path: path)
                    violated = violated || report.violationCount > 0
                    try ReplayCommand.present(report, of: trace, at: path, promise: judgedBy, json: json, svg: svg, html: html, quiet: quiet)
                }
                try ReplayCommand.stopIfInterrupted(command: "audit", done: audits.count, of: files.count, json: json)
            }
        }
        if violated { throw ExitStatus.violation }
    }
}
