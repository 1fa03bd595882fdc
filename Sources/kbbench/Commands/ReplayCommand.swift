import SystemPackage
import ToolSupport
import ArgumentParser
import KeyboardStoryboard
import KeyboardHarness
import KeyboardJSON
import KeyboardOracle
import KeyboardStrategies
import KeyboardTrace
import KeyboardWorld

/// `kbbench replay`: replays traces and prints what a strategy did.
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay traces (*.kbtrace) with a strategy and judge every step.",
        discussion: """
            Each event of the trace is fed to the strategy; the scroll view's insets and offset after \
            each step are printed with the invariants it violated (I1-I10, and T1-T4 on a chat screen: see docs/invariants.md), I2 by the \
            strategy's own promise. A trace outside the strategy's documented scope (see kbbench \
            shootout --help) is still judged, with a note on standard error saying why it is outside.

            --strategy exec:COMMAND replays with a program in any language that speaks the \
            external-strategy protocol (docs/strategy-protocol.md), started with /bin/sh -c COMMAND. \
            A process that crashes, exits early or hangs past --step-timeout ends the run with status \
            70; a reply that is not protocol v1 (or holds a non-finite number), with 65. The message \
            names the trace file and line.

            --svg FILE draws the replay as a storyboard: one panel per event, to scale, in the \
            interface-oriented screen space (the screen, the window, the scroll view and its visible \
            band, the content at its offset, every field, the keyboard by kind), each captioned with \
            the event, the action, the insets and offset set, and the invariants violated; the panel \
            where one first fails has a red border. --html FILE writes the same picture in a page \
            with a legend. Both take exactly one trace.

            A trace is also checked against the rules of what iOS sends (docs/trace-format.md, \
            "Possible traces"): a trace that breaks one is still replayed, with a warning on standard \
            error naming the line and the rule; a verdict on such a trace may rest on a sequence no \
            device produces.

            --write-observed FILE writes the trace again with, on every event, the scroll view as the \
            strategy left it (the trace's "observed" key, docs/trace-format.md): what kbbench audit \
            judges, as if an app running this strategy had been recorded, with 120 samples a second along \
            each animated change. One trace only. A frame of negative size is written as the same rect \
            with a positive size (CoreGraphics' standardized form). A state no device reports (a \
            non-finite value) cannot be written: status 65, naming the line and key.

            --json prints one JSON object per trace (one per line): \
            {"schemaVersion":2,"strategy":...,"steps":[...],"violations":N,"unsatisfiable":N,\
            "coveredFrames60":N,"coveredFrames120":N,"unjudgedBursts":N,\
            "possible":BOOL,"impossibilities":[{"line":N,"rule":...,"detail":...}]} (docs/result-record.md).

            \(ExitStatus.help([0, 1, 64, 65, 70, 74, 130, 143], [130: "interrupted (Ctrl-C): the traces judged are printed", 143: "terminated (SIGTERM), as Ctrl-C"]))
            """
    )

    @Flag(name: .long, help: "Print the per-step JSON report instead of a table.")
    var json = false

    @Option(name: .long, help: ArgumentHelp(StrategyChoice.help, valueName: "NAME"))
    var strategy = EngineStrategy.name

    @Option(name: .long, help: ArgumentHelp("Write the replay's storyboard as SVG to FILE (one trace only).", valueName: "FILE"))
    var svg: String?

    @Option(name: .long, help: ArgumentHelp("Write the storyboard in an HTML page with a legend to FILE (one trace only).", valueName: "FILE"))
    var html: String?

    @Option(
        name: .long,
        help: ArgumentHelp("Write the trace with the scroll view the strategy left after each event to FILE (one trace only).", valueName: "FILE")
    )
    var writeObserved: String?

    @Argument(help: "Trace files to replay.")
    var files: [FilePath]

    @Option(
        name: .long, parsing: .unconditional,
        help: "Seconds an exec: strategy may take to reply to one message before it is killed.")
    var stepTimeout = ExternalStrategy.defaultStepTimeout

    /// The unsettled rules to read the other way, as `shootout` takes them.
    @Flag var otherReadings: [UnsettledRule] = []

    @OptionGroup var status: StatusOptions

    func validate() throws {
        guard StrategyChoice(strategy, stepTimeout: stepTimeout) != nil else { throw StrategyChoice.unknown(strategy) }
        try StrategyChoice.validate(stepTimeout: stepTimeout)
        try Self.validate(files: files, svg: svg, html: html)
        if writeObserved != nil && files.count != 1 {
            throw ValidationError("--write-observed writes one trace; \(files.count) were given")
        }
    }

    func run() throws {
        var violated = false
        try reportingErrors {
            // Every output's place is checked before any work; an output on
            // standard output has it to itself.
            for path in [svg, html, writeObserved] { try ToolFiles.checkWritable(path) }
            let quiet = !(try ToolFiles.standardOutputs([("--svg", svg), ("--html", html), ("--write-observed", writeObserved)])).isEmpty
            guard let choice = StrategyChoice(strategy, stepTimeout: stepTimeout) else { throw KbbenchError.usage("unknown strategy") }
            defer { choice.shutDown() }
            try Interrupt.catching { () throws(KbbenchError) in
                // Read every trace first, so a malformed file prints nothing partial.
                let traces = try Self.read(files, json: json)
                var display = status.display("replay")
                defer { display.finish() }
                var progress = RunProgress(scenarios: 0, target: files.count, notifications: 0, violations: 0)
                for (path, trace) in zip(files, traces) {
                    if Interrupt.isPending { break }
                    let outside = choice.underTest.scope.exclusions(trace)
                    if !outside.isEmpty {
                        printError("note: \(path) is outside \(strategy)'s documented scope (\(outside.joined(separator: ", ")))")
                    }
                    Self.warnIfImpossible(trace, path: path)
                    let report: ReplayReport
                    do { report = try choice.underTest.replay(trace, readings: UnsettledRule.readings(otherReadings)) } catch {
                        if Interrupt.isPending, (error as? ExternalStrategyError)?.kind == .interrupted { break }
                        throw KbbenchError.harness(.strategyFailed(context: path.string, underlying: error))
                    }
                    violated = violated || report.violationCount > 0
                    if let writeObserved {
                        let observed: Trace
                        do throws(MalformedInput) {
                            observed = try TraceAudit.observing(
                                report, in: trace, promise: choice.underTest.promise(for: trace.header), file: path.string)
                        } catch {
                            throw KbbenchError.malformed(error)
                        }
                        try ToolFiles.write(TraceWriter.text(observed), to: writeObserved)
                    }
                    try Self.present(
                        report, of: trace, at: path, promise: choice.underTest.promise(for: trace.header), json: json, svg: svg, html: html,
                        quiet: quiet)
                    progress.scenarios += 1
                    progress.notifications += report.steps.count
                    progress.violations += report.violationCount
                    display.update(progress, unit: "traces")
                }
                try Self.stopIfInterrupted(command: "replay", done: progress.scenarios, of: files.count, json: json)
            }
        }
        if violated { throw ExitStatus.violation }
    }

    /// Reads `files` as traces, stopping on SIGINT or SIGTERM.
    static func read(_ files: [FilePath], json: Bool) throws(KbbenchError) -> [Trace] {
        var traces: [Trace] = []
        for path in files {
            try stopIfInterrupted(command: "replay", done: 0, of: files.count, json: json, reading: true)
            do { traces.append(try ToolFiles.trace(path)) } catch .interrupted {
                try stopIfInterrupted(command: "replay", done: 0, of: files.count, json: json, reading: true)
            }
        }
        return traces
    }

    /// When SIGINT or SIGTERM has come: `--json`'s closing line (see
    /// ``InterruptedRun``), then the error that says how far the command
    /// got (exit 130 or 143).
    static func stopIfInterrupted(command: String, done: Int, of total: Int, json: Bool, reading: Bool = false) throws(KbbenchError) {
        guard Interrupt.isPending else { return }
        let finished = reading ? "while reading the traces: none judged" : "\(done) of \(total) traces"
        if json { print(JSONWriter.string(InterruptedRun.json(command: command, finished: finished))) }
        throw .interrupted(reading ? finished : "after \(finished)")
    }

    /// The usage errors of the trace arguments `replay` and `audit` share:
    /// at least one trace, and only one when a storyboard is drawn.
    static func validate(files: [FilePath], svg: String?, html: String?) throws {
        if files.isEmpty { throw ValidationError("give at least one trace file") }
        if (svg != nil || html != nil) && files.count != 1 {
            throw ValidationError("--svg and --html draw one trace; \(files.count) were given")
        }
    }

    /// Warns on standard error of each rule of what iOS sends that `trace`
    /// (read from `path`) breaks, naming the line: the trace is still
    /// judged.
    static func warnIfImpossible(_ trace: Trace, path: FilePath) {
        for problem in trace.impossibilities {
            printError(
                "warning: \(path):\(problem.line.map(String.init) ?? "-"): not a sequence iOS sends (\(problem.rule.rawValue)): \(problem.detail)"
            )
        }
    }

    /// Prints `report` (a table, or `--json`'s line) and draws its
    /// storyboard where asked: what `replay` and `audit` show of each trace.
    /// `quiet`: a storyboard or trace has standard output to itself, so
    /// the table (or JSON) is not printed.
    static func present(
        _ report: ReplayReport, of trace: Trace, at path: FilePath, promise: VisibilityPromise, json: Bool, svg: String?, html: String?,
        quiet: Bool = false
    ) throws(KbbenchError) {
        if svg != nil || html != nil {
            let storyboard = Storyboard(trace: trace, report: report, promise: promise)
            let title = StoryboardPicture.title(ofTraceAt: path)
            if let svg { try ToolFiles.write(StoryboardPicture.svg(storyboard, title: title), to: svg) }
            if let html { try ToolFiles.write(StoryboardPicture.html(storyboard, title: title), to: html) }
        }
        if quiet { return }
        if json {
            print(JSONWriter.string(report.json(of: trace)))
        } else {
            print(Self.table(report, of: trace, path: path))
        }
    }

    static func table(_ report: ReplayReport, of trace: Trace, path: FilePath) -> String {
        var t = TextTable("line", "event", "action", "reason", "contentInset", "offset", "violations")
        for (s, event) in zip(report.steps, trace.events) {
            t.add(
                String(s.line), event.event.shortName, s.outcome.action.rawValue, s.outcome.reason?.description ?? "",
                Plain.insets(s.contentInset), Plain.point(s.contentOffset), s.violations.map(\.rawValue).joined(separator: ",")
            )
        }
        let unjudged = report.unjudgedBursts == 0 ? "" : " (\(report.unjudgedBursts) animations not counted: a change without samples)"
        return "\(path) — strategy \(report.strategy): \(Plural.count(report.violationCount, "violation")), "
            + "\(report.unsatisfiableCount) unsatisfiable; covered frames \(report.coveredFrames60) at 60 Hz, "
            + "\(report.coveredFrames120) at 120 Hz\(unjudged)\n" + t.rendered
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
