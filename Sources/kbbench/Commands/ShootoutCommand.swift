import ArgumentParser
import KeyboardGeneration
import KeyboardHarness
import KeyboardJSON
import KeyboardScenarios
import SystemPackage
import ToolSupport

/// `kbbench shootout`: every strategy over the same scenarios.
struct ShootoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shootout",
        abstract: "Run the engine and the recipes it replaces over the same simulated scenarios.",
        discussion: """
            Scenarios are generated from the seed (default \(Shootout.defaultSeed)): devices, iOS eras, \
            orientations, windows, layouts and user actions (focus switches, rotation, input modes, \
            undocked/split/floating keyboards, hardware keyboards, other apps' keyboards).

            Each strategy is judged only on the scenarios in its scope (the eras, devices and layouts \
            its authors wrote it for; "out of scope" counts the rest) and by its own promise: "I2 \
            visible" counts the scenarios where the field was not visible at all, "I2 with distance" \
            those where it missed the distance the strategy promises ("—" for recipes that promise \
            none). The other cells count the scenarios violating each invariant, then any invariant, \
            the scenarios with a case no strategy could satisfy, and the animation frames (60 and \
            120 Hz) in which the keyboard covered the field. --all-scenarios sets the scopes aside.

            Strategies:
            \(StrategyCatalog.all.map { "  \($0.name): \($0.summary).\n    Scope: \($0.scope.summary)." }.joined(separator: "\n"))

            --with exec:COMMAND (repeatable) adds a program in any language that speaks the \
            external-strategy protocol (docs/strategy-protocol.md) beside the built-in strategies. It is \
            judged on every scenario, by the default promise (the field visible), and not on I7. A \
            process that fails ends the run with status 70, a malformed reply with 65.

            --screens chat plays each scenario on a chat screen instead (the same device, window and \
            keyboard notifications, with a transcript scroll view, a composer pinned above the keyboard, \
            messages that arrive, a user who scrolls and a composer that grows; see kbbench fuzz --help) \
            and counts the rules judged there: I1, I3-I7, I9 and T1-T4 (the transcript as its user sees \
            it), in place of I2, I8 and I10. A strategy that cannot be handed a composer is out of scope \
            there.

            --cancel-drags READING has the user first cancel each interactive dismissal once (pull the \
            keyboard back up), which the scenarios otherwise never do: no source says what iOS sends once \
            the finger lifts. nothing: iOS sends nothing, so every trace is the one without the cancel. \
            showAgain: a show from the keyboard's frame to the same frame (docs/shootout.md shows the \
            cells it moves). --write-trace and --write-counterexamples write the traces with the cancels.

            To inspect a scenario, write it out: kbbench shootout --seed S --write-trace INDEX FILE, \
            then kbbench replay --strategy NAME FILE.

            \(ExitStatus.help([0, 64, 65, 70, 74, 130, 143], [0: "judged (a strategy's violations are results, not failures)", 130: "interrupted (Ctrl-C): the scenarios judged are printed, --json with \"interrupted\": true", 143: "terminated (SIGTERM), as Ctrl-C"]))
            """
    )

    @OptionGroup var seedOption: SeedOption

    @Option(name: .long, parsing: .unconditional, help: "How many scenarios to run.")
    var scenarios = Shootout.defaultScenarios

    @Option(
        name: .long,
        help: "The screens scenarios are played on: fields (fields in a scroll view) or chat (a transcript and a composer above the keyboard).")
    var screens = ScreenKind.fields

    @Flag(name: .long, help: "Judge every strategy on every scenario, outside its documented scope too.")
    var allScenarios = false

    @Flag(name: .long, help: "Print the JSON summary instead of a table.")
    var json = false

    @Flag(name: .long, help: "Print the results as the Markdown table the README shows.")
    var markdown = false

    @Option(name: .long, parsing: .upToNextOption, help: "Write scenario INDEX of the seed as a v1 trace to FILE and exit (two values: INDEX FILE).")
    var writeTrace: [String] = []

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Write each strategy's first violating scenario of each invariant to DIR, shrunk to a trace from which no single event can go (NAME-Ix-seedS-INDEX.kbtrace: the seed and index of the scenario it came from).",
            valueName: "DIR"
        )
    )
    var writeCounterexamples: FilePath?

    /// The unsettled rules to read the other way (one flag each, from
    /// ``UnsettledRule``).
    @Flag var otherReadings: [UnsettledRule] = []

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Have the user first cancel each interactive dismissal once, iOS read as sending READING after it: nothing, or showAgain (a show to the same frame).",
            valueName: "READING"))
    var cancelDrags: KeyboardAfterCancelledDrag?

    @Option(name: .long, help: ArgumentHelp("Add an external strategy (exec:COMMAND) to the shootout; repeatable.", valueName: "exec:COMMAND"))
    var with: [String] = []

    @Option(name: .long, parsing: .unconditional, help: "Seconds an exec: strategy may take to reply to one message before it is killed.")
    var stepTimeout = ExternalStrategy.defaultStepTimeout

    @Option(
        name: .long, parsing: .unconditional,
        help: "Worker threads (an exec: strategy runs one process per worker); the results equal a single thread's.")
    var jobs = 1

    @OptionGroup var status: StatusOptions

    /// How the world reads the unsettled rules, as the flags say.
    var readings: WorldReadings { UnsettledRule.readings(otherReadings) }

    func validate() throws {
        for name in with where ExternalStrategy.named(name) == nil {
            throw ValidationError("--with takes exec:COMMAND (an external strategy), got '\(name)'; the built-in strategies always run")
        }
        try StrategyChoice.validate(stepTimeout: stepTimeout)
        try OptionRange.check(scenarios, "--scenarios", in: 1...10_000_000)
        try OptionRange.check(jobs, "--jobs", in: 1...64)
        if let rule = otherReadings.first, writeCounterexamples != nil {
            throw ValidationError(
                "--write-counterexamples writes the corpus's exemplars, which are judged under the default readings: drop --\(rule.rawValue)")
        }
        if json && markdown { throw ValidationError("choose one of --json and --markdown") }
        if !writeTrace.isEmpty && (writeTrace.count != 2 || Int(writeTrace[0]) == nil || Int(writeTrace[0])! < 0) {
            throw ValidationError("--write-trace takes a scenario index and a file: --write-trace 17 case.kbtrace")
        }
    }

    func run() throws {
        let seed = seedOption.seed ?? Shootout.defaultSeed
        if writeTrace.count == 2, let index = Int(writeTrace[0]) {
            let scenario = ScenarioGenerator.scenario(seed: seed, index: index)
            let trace = Shootout.trace(seed: seed, index: index, screens: screens, cancelledDrags: cancelDrags)
            try reportingErrors { try ToolFiles.write(TraceWriter.text(trace), to: writeTrace[1]) }
            // A trace written to standard output has it to itself.
            let say: (String) -> Void = OutputFile.writesToStandardOutput(writeTrace[1]) ? { printError($0) } : { print($0) }
            say(
                "wrote \(screens == .chat ? "chat screen" : "scenario") \(index) of seed \(seed) (\(scenario.device), \(scenario.profile.rawValue), \(scenario.actions.count) actions) to \(writeTrace[1])"
            )
            let outside = StrategyCatalog.all.filter { !$0.scope.admits(trace) }.map { $0.name }
            if !outside.isEmpty { say("outside the scope of: \(outside.joined(separator: ", "))") }
            return
        }
        if let dir = writeCounterexamples { try reportingErrors { try ToolFiles.makeFolder(dir) } }
        var display = status.display("shootout")
        let external = with.compactMap { ExternalStrategy.named($0, stepTimeout: stepTimeout) }
        defer { external.forEach { $0.shutDown() } }
        let strategies = StrategyCatalog.allUnderTest + external.map(\.underTest)
        let report: ShootoutReport
        do {
            report = try Shootout.run(
                seed: seed, scenarios: scenarios, screens: screens, strategies: strategies, allScenarios: allScenarios, readings: readings,
                cancelledDrags: cancelDrags, jobs: jobs,
                stopOnInterrupt: true
            ) { display.update($0) }
            display.finish()
            for rule in otherReadings { printError("shootout: judged under the other reading: \(rule.summary)") }
            if let after = cancelDrags { printError("shootout: each interactive dismissal first cancelled once, \(after.afterTheCancel)") }
        } catch {
            display.finish()
            try reportingErrors {
                throw KbbenchError.harness(.strategyFailed(context: "scenario \(error.scenario) of seed \(seed)", underlying: error.underlying))
            }
            return
        }
        if report.interrupted {
            try present(report)
            try reportingErrors {
                throw KbbenchError.interrupted(
                    "after \(report.scenariosRun) of \(scenarios) scenarios: the results above are theirs"
                        + (writeCounterexamples == nil ? "" : "; no counterexample written"))
            }
        }
        if let dir = writeCounterexamples {
            try reportingErrors {
                try Interrupt.catching { () throws(KbbenchError) in try write(report.counterexamples, of: strategies, seed: seed, into: dir) }
            }
        }
        try present(report)
    }

    /// Shrinks and writes each counterexample into `dir`, stopping between
    /// two on SIGINT or SIGTERM.
    private func write(
        _ counterexamples: [(strategy: String, invariant: Invariant, index: Int)], of strategies: [StrategyUnderTest], seed: UInt64,
        into dir: FilePath
    ) throws(KbbenchError) {
        let byName = Dictionary(strategies.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        for (n, (name, invariant, index)) in counterexamples.enumerated() {
            if Interrupt.isPending { throw .interrupted("after writing \(n) of \(counterexamples.count) counterexamples") }
            guard let strategy = byName[name] else { continue }
            let file = dir.appending(ShootoutReport.counterexampleFile(strategy: strategy.fileStem, invariant: invariant, seed: seed, index: index))
            let trace: Trace
            do {
                trace = try Shootout.shrunkCounterexample(
                    seed: seed, index: index, screens: screens, strategy: strategy, invariant: invariant, allScenarios: allScenarios,
                    cancelledDrags: cancelDrags)
            } catch {
                throw .harness(.strategyFailed(context: "shrinking scenario \(index) of seed \(seed)", underlying: error))
            }
            try ToolFiles.write(TraceWriter.text(trace), to: file.string)
            printError("wrote \(file) (\(trace.events.count) events, shrunk from scenario \(index))")
        }
    }

    /// Prints the report: JSON, Markdown or the text tables.
    private func present(_ report: ShootoutReport) throws {
        if json {
            print(JSONWriter.string(report.json))
        } else if markdown {
            print(report.markdownTable, terminator: "")
        } else {
            print(Self.table(report))
        }
    }

    static func table(_ report: ShootoutReport) -> String {
        let generated = report.scenariosRun
        var out =
            "Shootout, seed \(report.seed), \(generated) \(report.screens == .chat ? "chat screens" : "scenarios")"
            + "\(report.interrupted ? " (interrupted)" : ""), "
            + (report.allScenarios
                ? "every strategy judged on all of them (outside the recipes' documented scope too)"
                : "each strategy judged on those in its scope")
            + (report.cancelledDrags.map { ", each interactive dismissal first cancelled once, \($0.afterTheCancel)" } ?? "")
            + (report.screens == .chat
                ? "\n(cells: scenarios violating each invariant)\n"
                : "\n(cells: scenarios violating each invariant; I2 by each strategy's own promise)\n")
        for part in report.narrowTables {
            var table = TextTable(row: part.heads)
            for row in part.rows { table.add(row: row) }
            out += "\n" + table.rendered
        }
        out += Self.wrapped(report.narrowLegend, width: 100)
        let screens = report.screens == .chat ? " --screens chat" : ""
        let cancels = report.cancelledDrags.map { " --cancel-drags \($0.rawValue)" } ?? ""
        out += "\nFirst violating scenario (write it with --seed \(report.seed)\(screens)\(cancels) --write-trace INDEX FILE):\n"
        for t in report.strategies where !t.firstViolation.isEmpty {
            let firsts = t.firstViolation.sorted { $0.key < $1.key }.map { "\($0.key.rawValue)@\($0.value)" }
            out += "  \(t.name): \(firsts.joined(separator: " "))\n"
        }
        return out
    }

    /// `text` broken into lines of at most `width` columns, at spaces.
    static func wrapped(_ text: String, width: Int) -> String {
        var lines: [String] = [], line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty && line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// Each unsettled rule is a flag of its own, named as the rule
/// (`--inset-pulls-offset`), with its other reading as its help.
extension KeyboardAfterCancelledDrag: ExpressibleByArgument {
    /// What the run's note says iOS sent after each cancel.
    var afterTheCancel: String {
        switch self {
        case .nothing: "iOS read as sending nothing after it"
        case .showAgain: "iOS read as sending a show to the same frame after it"
        }
    }
}

extension UnsettledRule: EnumerableFlag {
    public static func name(for value: UnsettledRule) -> NameSpecification { .customLong(value.rawValue) }

    public static func help(for value: UnsettledRule) -> ArgumentHelp? {
        "Judge under the other reading of an unsettled rule: \(value.summary) (docs/shootout.md shows what each moves)."
    }
}
