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
            judged in place of a strategy's reply: the same invariants as replay (I1-I9 but I7, which \
            needs two runs of the same code), the same table, --json, --svg and --html. Covered frames are \
            counted from the samples an observed state carries of how the view moved; an animation in \
            which the app moved the field without samples is left out and reported as not counted.

            Every event must hold an observed state: a trace without any, or an event without one, is \
            malformed input (status 65, naming the file and line). kbbench replay --strategy S \
            --write-observed OUT TRACE writes such a trace for any strategy, exec: ones included; auditing \
            it with --promise S reports exactly what the replay reported, step by step.

            --promise says what I2 holds the app to: policy (the default: the distance and tall-field rule \
            of the trace header's policy, what the engine promises), visible (the field visible, nothing \
            more, what the recipes promise), or a strategy's name (the promise that strategy makes).

            \(ExitStatus.help([0, 1, 64, 65, 74, 130, 143], [1: "the app's states violated an invariant"]))
            """
    )

    @Flag(name: .long, help: "Print the per-step JSON report instead of a table.")
    var json = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "What I2 holds the app to: policy, visible, or a strategy's name (\(StrategyCatalog.names.joined(separator: ", "))).",
            valueName: "PROMISE")
    )
    var promise = "policy"

    @Option(name: .long, help: ArgumentHelp("Write the audit's storyboard as SVG to FILE (one trace only).", valueName: "FILE"))
    var svg: String?

    @Option(name: .long, help: ArgumentHelp("Write the storyboard in an HTML page with a legend to FILE (one trace only).", valueName: "FILE"))
    var html: String?

    @Argument(help: "Trace files with observed states to audit.")
    var files: [String]

    @OptionGroup var status: StatusOptions

    func validate() throws {
        guard Self.promise(named: promise) != nil else {
            throw ValidationError("unknown promise '\(promise)'; known: policy, visible, \(StrategyCatalog.names.joined(separator: ", "))")
        }
        try ReplayCommand.validate(files: files, svg: svg, html: html)
    }

    /// The promise named on the command line, for a trace's header; nil for
    /// an unknown name.
    static func promise(named name: String) -> ((TraceHeader) -> VisibilityPromise)? {
        switch name {
        case "policy": return { VisibilityPromise(policy: $0.policy) }
        case "visible": return { _ in .visible }
        default: return StrategyCatalog.strategy(named: name).map { type in { type.promise(for: $0) } }
        }
    }

    func run() throws {
        var violated = false
        try reportingErrors {
            for path in [svg, html] { try ToolFiles.checkWritable(path) }
            let quiet = !(try ToolFiles.standardOutputs([("--svg", svg), ("--html", html)])).isEmpty
            guard let promiseFor = Self.promise(named: promise) else { throw KbbenchError.usage("unknown promise") }
            try Interrupt.catching { () throws(KbbenchError) in
                // Read and check every trace first, so a malformed file
                // prints nothing partial; a stop prints what was judged.
                var audits: [(path: String, trace: Trace, report: ReplayReport)] = []
                var display = status.display("audit")
                var progress = RunProgress(scenarios: 0, target: files.count, notifications: 0, violations: 0)
                for path in files {
                    if Interrupt.isPending { break }
                    let trace = try ToolFiles.trace(path)
                    let report: ReplayReport
                    do throws(MalformedInput) { report = try TraceAudit.audit(trace, file: path, promise: promiseFor(trace.header)) } catch {
                        throw KbbenchError.malformed(error)
                    }
                    audits.append((path, trace, report))
                    progress.scenarios += 1
                    progress.notifications += report.steps.count
                    progress.violations += report.violationCount
                    display.update(progress, unit: "traces")
                }
                display.finish()
                for (path, trace, report) in audits {
                    ReplayCommand.warnIfUnsendable(trace, path: path)
                    violated = violated || report.violationCount > 0
                    try ReplayCommand.present(
                        report, of: trace, at: path, promise: promiseFor(trace.header), json: json, svg: svg, html: html, quiet: quiet)
                }
                try ReplayCommand.stopIfInterrupted(command: "audit", done: audits.count, of: files.count, json: json)
            }
        }
        if violated { throw ExitStatus.violation }
    }
}
