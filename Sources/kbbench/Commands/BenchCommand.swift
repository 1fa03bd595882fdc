import SystemPackage
import ArgumentParser
import ToolSupport
import Foundation
import KeyboardAvoidanceFoundation
import KeyboardAvoidance
import KeyboardGeneration
import KeyboardJSON
import KeyboardOracle
import KeyboardPlantedBugs
import KeyboardResults
import KeyboardGeometry
import KeyboardHarness
import KeyboardStrategies
import KeyboardTrace
import KeyboardWorld
import _KeyboardWorkloads

/// `kbbench bench`: per-notification latency against the frame budget.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure per-notification latency against the 60/120 Hz frame budget, and allocations.",
        discussion: """
            Benchmarks (all in one run, on the same notifications from the simulator): \
            \(WorkloadCatalog.names.joined(separator: ", ")). For each: p50 (median of batch means), \
            p90/p99/p99.9/max (single notifications, each including one clock read; the clock's cost \
            is reported, nothing is subtracted), allocations per notification, and the share of the \
            frame budget p99 uses (16.67 ms at 60 Hz, 8.33 ms at 120 Hz) with the headroom \
            (budget ÷ p99). Then the engine's scaling with the number of fields and the length of a \
            burst. The JSON record is written to --output (default \(BenchCommand.defaultFolder)/bench-<time>-<commit>.json; \
            - is standard output; a terminal, pipe or device is written in place). Build with -c release for \
            meaningful numbers: swift run -c release kbbench bench; in a debug build the time checks are \
            not evaluated.

            Interleaving: the benchmarks run in 15 rounds, each round timing every benchmark in turn \
            (the order rotating), so a machine that drifts faster or slower moves both sides of a \
            round's ratio alike; the ratios are printed as the median of their per-round values, with \
            the lowest and highest. engine-model is the engine on the simulator's scroll-view model, the \
            same work as the recipe rows.

            Time to a bug: for each recipe, the time from the first scenario of fuzz seed 1 to its \
            first shrunk counterexample, the median of --counterexample-repeats runs (0 skips it).

            The gates (a failed one exits 2; the time and instruction ones in a release build only), each \
            with its limit, written into the record beside it: \(Gate.all.map { "\($0.name) (\($0.measures), \($0.limitText()))" }.joined(separator: "; ")). \
            The instruction gates need counts: a release build counts each benchmark's instructions with \
            callgrind wherever valgrind and objcopy are installed (--count-instructions), and compare \
            judges by them; without counts it judges time against each benchmark's calibrator, measured \
            in the same rounds. scripts/bench-instructions makes the judging record (counts, and the fuzz \
            cost of --fuzz-instructions). --planted-slowdowns measures the verdict itself: the same binary \
            again beside a memory-bus neighbour, and with 1, 3 and 10 % planted in engine and cookbook. \
            See docs/benchmarks.md.

            \(ExitStatus.help([0, 2, 64, 65, 69, 70, 74, 130, 143], [2: "a gate failed (release build)", 69: "--count-instructions without valgrind or objcopy", 70: "callgrind failed counting a benchmark", 130: "interrupted (Ctrl-C), no record written", 143: "terminated (SIGTERM), no record written"]))
            """
    )

    @Option(name: .long, help: "Run only these benchmarks (comma-separated names); the checks need their benchmarks.")
    var suite: String?

    /// `--suite` as names; nil for every benchmark.
    var suiteNames: [String]? { suite.map { $0.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) } } }

    @Option(name: .long, parsing: .unconditional, help: "Single-notification samples per benchmark.")
    var samples = 20_000

    @Flag(name: .long, help: "Print the JSON record instead of tables.")
    var json = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Where to write the record: a file (its folder must exist), or - for standard output (default \(BenchCommand.defaultFolder)/bench-<time>-<commit>.json).",
            valueName: "FILE"))
    var output: String?

    @OptionGroup var status: StatusOptions

    /// Where records go when `--output` is not given: kbbench's own folder,
    /// which git ignores; results/ holds the history a person curates.
    static let defaultFolder = ".kbbench/results"

    @Flag(name: .long, help: "Skip the scaling measurements.")
    var noScaling = false

    @Flag(name: .long, help: "Print the benchmark names, one per line, and stop.")
    var list = false

    @Option(name: .customLong("count-passes"), help: .hidden)
    var countPasses: Int?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "A JSON object of instructions per notification by benchmark to put in the record, instead of counting them.",
            valueName: "FILE"))
    var instructions: FilePath?

    @Flag(
        inversion: .prefixedNo,
        help: ArgumentHelp(
            "Count each benchmark's instructions per notification with callgrind (what compare judges by). The default: in a release build wherever valgrind and objcopy are installed; --count-instructions requires them, --no-count-instructions skips."
        ))
    var countInstructions: Bool?

    @Option(
        name: .customLong("fuzz-instructions"),
        help: ArgumentHelp(
            "A JSON file {\"fuzzCosts\": [{\"strategy\", \"seed\", \"runs\", \"notificationsChecked\", \"instructionsPerCheckedNotification\"}]} (scripts/bench-instructions writes it) to put in the record.",
            valueName: "FILE")
    )
    var fuzzInstructions: FilePath?

    @OptionGroup var extras: BenchExtrasOptions

    @Option(
        name: .customLong("plant-slowdown"),
        help: ArgumentHelp(
            "Plant a slowdown: BENCHMARK does PERCENT % more of its own work (0…100, 0 plants nothing; repeatable). To try the verdict: compare a record made with it against one made without.",
            valueName: "BENCHMARK:PERCENT"))
    var plantSlowdown: [String] = []

    /// `--plant-slowdown` by benchmark.
    var plants: [String: Int] {
        var out: [String: Int] = [:]
        for spec in plantSlowdown {
            let parts = spec.split(separator: ":")
            if parts.count == 2, let p = Int(parts[1]) { out[String(parts[0])] = p }
        }
        return out
    }

    @Flag(
        name: .customLong("memory-neighbour"),
        help:
            "Time the benchmarks beside a neighbour that loads the memory bus (a thread copying 64 MiB back and forth): to see what a busy machine does to the times, and that the verdict is not fooled by it."
    )
    var memoryNeighbour = false

    @Flag(
        name: .customLong("planted-slowdowns"),
        help: ArgumentHelp(
            "Also run the planted-slowdown benchmark of the verdict: the same binary timed again beside a memory-bus neighbour, and with \(PlantedSlowdowns.percents.map { "\($0) %" }.joined(separator: ", ")) planted in \(PlantedSlowdowns.targets.joined(separator: " and ")), each judged against this run's record (counts, then time alone); what was caught and what else was named go in the record."
        ))
    var plantedSlowdowns = false

    func validate() throws {
        if let names = suiteNames, let unknown = names.first(where: { !WorkloadCatalog.names.contains($0) }) {
            throw ValidationError("unknown benchmark '\(unknown)'; known: \(WorkloadCatalog.names.joined(separator: ", "))")
        }
        try OptionRange.check(samples, "--samples", in: 100...10_000_000)
        if let countPasses { try OptionRange.check(countPasses, "--count-passes", in: 1...1_000) }
        for spec in plantSlowdown {
            let parts = spec.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 2, WorkloadCatalog.names.contains(String(parts[0])), let p = Int(parts[1]), (0...100).contains(p) else {
                throw ValidationError(
                    "--plant-slowdown \(spec): expected BENCHMARK:PERCENT, a benchmark of \(WorkloadCatalog.names.joined(separator: ", ")) and 0…100")
            }
        }
    }

    func run() throws {
        if list {
            print(WorkloadCatalog.names.joined(separator: "\n"))
            return
        }
        if let countPasses {
            // For callgrind (scripts/bench-instructions): each workload runs
            // `countPasses` whole passes over its notifications, untimed, and
            // the number of notifications in a pass is printed; the script
            // subtracts a run of one pass from a run of two.
            let workloads = WorkloadCatalog.all(NotificationStream(scenarios: 200), only: suiteNames, calibrators: false)
            var sink = 0
            for w in workloads {
                var plant = SlowdownPlant(percent: plants[w.name] ?? 0)
                for i in 0..<(countPasses * w.count) { sink &+= plant.handle(i, of: w) }
            }
            print("notifications per pass: \(workloads.map(\.count).reduce(0, +))")
            print("checksum: \(sink)")
            return
        }
        try reportingErrors {
            // The files are read before the minutes of measuring: a
            // malformed one fails at once.
            let counts = try instructions.map { path throws(KbbenchError) in try Self.instructionCounts(from: path) } ?? [:]
            let fuzzCosts = try fuzzInstructions.map { path throws(KbbenchError) in try Self.fuzzCosts(from: path) } ?? []
            // The record's place is checked before the minutes of measuring.
            if output == nil {
                try ToolFiles.makeFolder(".kbbench")
                try ToolFiles.makeFolder(FilePath(Self.defaultFolder))
            }
            try ToolFiles.checkWritable(output)
            // Counting asked for without its tools fails before the minutes of measuring.
            if countInstructions == true && counts.isEmpty && InstructionCounter.find() == nil {
                throw KbbenchError.toolMissing(Self.missingToolsMessage)
            }
            let neighbour = memoryNeighbour ? MemoryNeighbour.start() : nil
            let measured = Interrupt.catching {
                defer { neighbour?.stop() }
                return Self.measure(
                    only: suiteNames, samples: samples, scaling: !noScaling, extras: extras, status: status, progress: !json, planted: plants)
            }
            guard var record = measured else {
                if json { print(JSONWriter.string(InterruptedRun.json(command: "bench", finished: "no record: the measurement was cut short"))) }
                throw KbbenchError.interrupted("while measuring; no record written")
            }
            guard let counted = try countedInstructions(given: counts, in: record, display: status.display("bench", quiet: json)) else {
                if json { print(JSONWriter.string(InterruptedRun.json(command: "bench", finished: "no record: counting was cut short"))) }
                throw KbbenchError.interrupted("while counting instructions; no record written")
            }
            for i in record.benchmarks.indices { record.benchmarks[i].instructionsPerNotification = counted[record.benchmarks[i].name] }
            record.fuzzCosts = fuzzCosts
            if plantedSlowdowns {
                let counter = counted.isEmpty ? nil : InstructionCounter.find()
                guard
                    let trials = try PlantedSlowdowns.run(
                        base: record, samples: samples, counter: counter, status: status, progress: !json)
                else {
                    if json {
                        print(JSONWriter.string(InterruptedRun.json(command: "bench", finished: "no record: the planted slowdowns were cut short")))
                    }
                    throw KbbenchError.interrupted("during the planted-slowdown benchmark; no record written")
                }
                record.plantedSlowdowns = trials
            }
            record.evaluateChecks()
            let path = output ?? RecordEnvironment.defaultPath(directory: Self.defaultFolder, commit: record.gitCommit)
            if OutputFile.writesToStandardOutput(path) {
                // The record is what standard output holds: no table beside it.
                try Self.write(record, to: path, quiet: true)
            } else {
                try Self.write(record, to: path, quiet: json)
                if json { print(JSONWriter.string(record.json)) } else { print(Self.table(record)) }
            }
            if let verdict = Self.verdict(record) {
                printError("FAILED: " + verdict)
                throw ExitStatus.regression
            }
        }
    }

    /// The instructions per notification the record gets: `given` (from
    /// `--instructions`) when there are any; else counted with callgrind as
    /// `--count-instructions` says (by default in a release build wherever
    /// valgrind and objcopy are installed); else none. Nil when
    /// interrupted; exit 69 when counting is asked for and a tool is
    /// missing.
    func countedInstructions(given: [String: Double], in record: ResultRecord, display: ProgressDisplay) throws(KbbenchError) -> [String: Double]? {
        if !given.isEmpty || countInstructions == false { return given }
        guard let counter = InstructionCounter.find() else {
            if countInstructions == true {
                throw .toolMissing(Self.missingToolsMessage)
            }
            if record.build == .release && !json {
                printError(
                    "instructions not counted (\(InstructionCounter.missingTools) not installed): this record's times are judged against their calibrators"
                )
            }
            return [:]
        }
        guard countInstructions == true || record.build == .release else { return [:] }
        let names = record.benchmarks.map(\.name)
        var display = display
        defer { display.finish() }
        return try counter.count(names, planted: plants) { i, name in display.update(step: i, of: names.count, "benchmark counted (\(name) next)") }
    }

    static var missingToolsMessage: String {
        "--count-instructions: \(InstructionCounter.missingTools) not found on PATH (apt-get install valgrind binutils)"
    }

    /// The counts in `path` (`{"engine": 1016.2, …}`), by benchmark; a
    /// malformed file exits 65 naming its key.
    static func instructionCounts(from path: FilePath) throws(KbbenchError) -> [String: Double] {
        let bytes = try ToolFiles.read(path)
        do {
            var o = try JSONObjectReader.document(bytes, file: path.string)
            var counts: [String: Double] = [:]
            for name in o.keys { counts[name] = try o.number(try o.required(name), name, in: 0...1e12) }
            return counts
        } catch {
            throw .malformed(error)
        }
    }

    /// The fuzz costs in `path` (`{"fuzzCosts": [...]}`, as a record holds
    /// them); a malformed file exits 65 naming its line and key.
    static func fuzzCosts(from path: FilePath) throws(KbbenchError) -> [FuzzCost] {
        let bytes = try ToolFiles.read(path)
        do {
            var o = try JSONObjectReader.document(bytes, file: path.string)
            let costs = try FuzzCost.list(try o.required("fuzzCosts"), in: o)
            try o.rejectUnknownKeys()
            return costs
        } catch {
            throw .malformed(error)
        }
    }

    /// The last line of a run whose checks failed, naming each; nil when
    /// none failed (checks of a debug build are not evaluated).
    static func verdict(_ record: ResultRecord) -> String? {
        let failed = record.failedChecks
        guard !failed.isEmpty else { return nil }
        return "bench check\(failed.count == 1 ? "" : "s") failed: " + failed.map(\.name).joined(separator: ", ")
    }

    /// Measures the workloads (all, or `only` these) and makes the record;
    /// nil when SIGINT or SIGTERM came first (inside `Interrupt.catching`,
    /// it is checked between rounds and between points).
    static func measure(
        only: [String]? = nil, samples: Int, scaling: Bool, extras: BenchExtrasOptions?, status: StatusOptions, progress: Bool,
        planted: [String: Int] = [:]
    ) -> ResultRecord? {
        let stream = NotificationStream(scenarios: 200)
        let runner = BenchmarkRunner(samples: samples)
        let workloads = WorkloadCatalog.all(stream, only: only)
        var display = status.display("bench", quiet: !progress)
        defer { display.finish() }
        guard
            let (results, rounds) = runner.measureInterleaved(
                workloads, planted: planted, progress: { display.update(step: $0, of: runner.rounds, "round") },
                stopRequested: { Interrupt.isPending })
        else { return nil }
        let ratios = BenchmarkRatio.standard(rounds: rounds)
        var curves: [ScalingCurve] = []
        if scaling && (only == nil || only!.contains("engine")) {
            var fields: [ScalingCurve.Point] = []
            for n in [1, 10, 100, 1_000, 10_000] {
                let w = EngineWorkload(stream: NotificationStream(scenarios: 30, fieldCount: n))
                guard let figures = BenchmarkRunner(samples: 2_000).measure(w, stopRequested: { Interrupt.isPending }) else { return nil }
                fields.append(ScalingCurve.Point(n: n, p50: figures.p50))
            }
            curves.append(ScalingCurve(name: "fields", points: fields))
            var bursts: [ScalingCurve.Point] = []
            for n in [1, 10, 100, 1_000, 10_000] {
                if Interrupt.isPending { return nil }
                bursts.append(ScalingCurve.Point(n: n, p50: burst(n)))
            }
            curves.append(ScalingCurve(name: "burst", points: bursts))
        }
        var record = ResultRecord(
            toolVersion: KbbenchVersion.current, gitCommit: BuildProvenance.commit, date: RecordEnvironment.now(),
            machine: RecordEnvironment.machine(), build: RecordEnvironment.build, clockNanoseconds: BenchmarkRunner.clockCost(),
            benchmarks: results, scaling: curves, ratios: ratios
        )
        record.uncommittedChanges = BuildProvenance.uncommittedChanges
        record.generatorVersion = ScenarioGenerator.version
        if let extras, extras.counterexampleRepeats > 0 {
            guard let times = counterexampleTimes(repeats: extras.counterexampleRepeats, display: &display) else { return nil }
            record.counterexampleTimes = times
        }
        if let extras, extras.plantedBugSeeds > 0 {
            guard let bugs = plantedBugs(seeds: extras.plantedBugSeeds, firstSeed: extras.plantedBugSeed, display: &display) else { return nil }
            record.plantedBugs = bugs
        }
        record.evaluateChecks()
        return record
    }

    /// Each planted bug fuzzed on `seeds` seeds from `firstSeed` on, with
    /// `Campaign`'s default budget, a chat screen's on chat screens (see ``PlantedBugFigures``). Nil when
    /// SIGINT or SIGTERM came first.
    static func plantedBugs(seeds: Int, firstSeed: UInt64, display: inout ProgressDisplay) -> [PlantedBugFigures]? {
        var all: [PlantedBugFigures] = []
        for (i, (bug, screens)) in PlantedBugBenchmark.all.enumerated() {
            // Built-in strategies run in process and never throw.
            guard
                let figures = try? PlantedBugBenchmark.figures(
                    bug, firstSeed: firstSeed, seeds: seeds, screens: screens, stopRequested: { Interrupt.isPending })
            else { return nil }
            all.append(figures)
            display.update(step: i + 1, of: PlantedBugBenchmark.all.count, "planted bugs")
        }
        return all
    }

    /// The seed the time to a shrunk counterexample is measured on.
    static let counterexampleSeed: UInt64 = 1

    /// For each recipe, the median time from the first scenario of
    /// ``counterexampleSeed`` to its first shrunk counterexample, over
    /// `repeats` runs (see ``CounterexampleTime``), on the screens it
    /// serves (``StrategyScope/defaultScreens``). A recipe with no
    /// counterexample in 10,000 scenarios is left out. Nil when SIGINT or
    /// SIGTERM came first.
    static func counterexampleTimes(repeats: Int, display: inout ProgressDisplay) -> [CounterexampleTime]? {
        let recipes = StrategyCatalog.recipes
        var times: [CounterexampleTime] = []
        for (i, recipe) in recipes.enumerated() {
            if Interrupt.isPending { return nil }
            let campaign = FuzzCampaign(strategy: StrategyUnderTest(recipe), seed: counterexampleSeed, screens: recipe.scope.defaultScreens)
            var found: Counterexample?
            var milliseconds: [Double] = []
            for _ in 0..<repeats {
                let clock = ContinuousClock()
                let start = clock.now
                // Built-in strategies run in process and never throw.
                found = try? campaign.firstCounterexample(within: 10_000)
                let elapsed = start.duration(to: clock.now)
                milliseconds.append(Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) * 1e-15)
            }
            if let found {
                times.append(
                    CounterexampleTime(
                        strategy: recipe.name, seed: counterexampleSeed, scenario: found.scenarioIndex, invariant: found.invariant.rawValue,
                        events: found.trace.events.count, milliseconds: milliseconds.sorted()[milliseconds.count / 2], repeats: repeats
                    ))
            }
            display.update(step: i + 1, of: recipes.count, "time to a counterexample, recipe")
        }
        return times
    }

    /// The engine's cost per notification when `n` notifications arrive
    /// inside one frame (an input-mode flip-flop), repeated until about
    /// 200,000 notifications have run, so the clock is read rarely.
    static func burst(_ n: Int) -> Double {
        var avoider = KeyboardAvoider(policy: AvoidancePolicy(distance: 10))
        let layout = LayoutSnapshot(
            screen: KBSize(width: 375, height: 812),
            scrollView: ScrollViewState(
                frame: KBRect(x: 0, y: 0, width: 375, height: 812), safeArea: KBEdgeInsets(top: 44, bottom: 34),
                contentSize: KBSize(width: 375, height: 2000))
        )
        _ = avoider.focusBegan(FocusedField(frame: KBRect(x: 16, y: 700, width: 343, height: 44)), in: layout)
        let a = KeyboardNotification(name: .willChangeFrame, frameEnd: KBRect(x: 0, y: 521, width: 375, height: 291), duration: 0.25, curve: 7)
        let b = KeyboardNotification(name: .willChangeFrame, frameEnd: KBRect(x: 0, y: 479, width: 375, height: 333), duration: 0.25, curve: 7)
        let reps = Swift.max(1, 200_000 / n)
        var sink = 0.0
        let start = BenchmarkRunner.now()
        for _ in 0..<reps {
            for i in 0..<n { sink += avoider.received(i % 2 == 0 ? a : b, in: layout).adjustment?.contentInset.bottom ?? 0 }
        }
        let elapsed = Double(BenchmarkRunner.now() - start)
        precondition(sink.isFinite)
        return elapsed / Double(reps * n)
    }

    static func write(_ record: ResultRecord, to path: String, quiet: Bool) throws(KbbenchError) {
        try ToolFiles.write(record.text, to: path)
        if !quiet { print("record written to \(path)") }
    }

    static func format(_ ns: Double) -> String { NanosecondsText.format(ns) }

    static func table(_ r: ResultRecord) -> String {
        var t = TextTable("benchmark", "p50", "p90", "p99", "p99.9", "max", "allocs/notif", "p99 of 60 Hz", "p99 of 120 Hz", "headroom 120 Hz")
        for b in r.benchmarks {
            t.add(
                b.name, format(b.p50), format(b.p90), format(b.p99), format(b.p999), format(b.max),
                String(format: "%.1f", b.allocationsPerNotification), String(format: "%.5f%%", b.budgetFraction60 * 100),
                String(format: "%.5f%%", b.budgetFraction120 * 100), String(format: "%.0f×", b.headroom120)
            )
        }
        var out =
            "Per-notification latency (clock read costs \(format(r.clockNanoseconds)), included in p90–max)\n"
            + "\n" + t.rendered
        for curve in r.scaling {
            out +=
                "\nEngine scaling with \(curve.name): "
                + zip(curve.points, curve.ratios).map { p, ratio in "\(p.n): \(format(p.p50)) (×\(String(format: "%.2f", ratio)))" }
                .joined(separator: ", ")
        }
        if !r.ratios.isEmpty {
            out +=
                "\n\nRatios, interleaved (median of \(r.ratios.first!.rounds) rounds [lowest, highest]): "
                + r.ratios.map {
                    "\($0.name) \(String(format: "%.2f", $0.median)) [\(String(format: "%.2f", $0.low)), \(String(format: "%.2f", $0.high))]"
                }.joined(separator: "; ")
        }
        if !r.counterexampleTimes.isEmpty {
            out +=
                "\n\nTime to a shrunk counterexample (seed \(r.counterexampleTimes[0].seed), median of \(r.counterexampleTimes[0].repeats)): "
                + r.counterexampleTimes.map {
                    "\($0.strategy) \(String(format: "%.1f", $0.milliseconds)) ms (scenario \($0.scenario), \($0.invariant), \($0.events) events)"
                }.joined(separator: "; ")
        }
        if let first = r.plantedBugs.first {
            out +=
                "\n\nPlanted bugs (\(first.seeds) seeds from \(first.firstSeed), \(first.budget) runs each; found, median and most runs to the first counterexample, median shrunk events): "
                + r.plantedBugs.map {
                    "\($0.bug) \($0.found)/\($0.seeds), \(String(format: "%g", $0.medianRuns)), \($0.maxRuns)\($0.medianShrunkEvents.map { ", " + String(format: "%g", $0) + " events" } ?? "")"
                }.joined(separator: "; ")
        }
        if !r.plantedSlowdowns.isEmpty {
            func verdict(_ caught: Bool?, _ alarms: [String], _ t: PlantedSlowdownTrial) -> String {
                let c = t.target == nil ? "" : caught.map { $0 ? "caught" : "missed" } ?? "—"
                let a = alarms.isEmpty ? "no false alarm" : "false alarms: " + alarms.joined(separator: ", ")
                return c.isEmpty ? a : c + ", " + a
            }
            out +=
                "\n\nPlanted slowdowns (the same binary judged against this record; by counts | by time alone): "
                + r.plantedSlowdowns.map {
                    "\($0.label): \($0.caughtByCounts == nil && $0.target != nil ? "not counted" : verdict($0.caughtByCounts, $0.falseAlarmsByCounts, $0))\($0.countRatio.map { String(format: " (×%.4f)", $0) } ?? "") | \(verdict($0.caughtByTime, $0.falseAlarmsByTime, $0))\($0.timeRatio.map { String(format: " (×%.3f)", $0) } ?? "")\($0.largestOtherTimeMove.map { String(format: ", others moved up to ×%.2f", $0) } ?? "")"
                }.joined(separator: "; ")
        }
        if !r.fuzzCosts.isEmpty {
            out +=
                "\n\nFuzz instructions per checked notification: "
                + r.fuzzCosts.map {
                    "\($0.label) \(String(format: "%.0f", $0.instructionsPerCheckedNotification)) (\($0.runs) runs, \($0.notificationsChecked) notifications)"
                }.joined(separator: "; ")
        }
        out +=
            "\n\nChecks (\(r.build.rawValue) build): "
            + r.checks.map { c in
                let gate = Gate.named(c.name)
                let limit = gate.map { " (\($0.limitText(r.limits[c.name])))" } ?? ""
                return switch c.outcome {
                case .passed: "\(c.name)\(limit) passed"
                case .failed: r.targets.contains(c.name) ? "\(c.name)\(limit) target not met" : "\(c.name)\(limit) FAILED"
                case .notEvaluated: "\(c.name)\(limit) not evaluated (debug build)"
                }
            }.joined(separator: "; ") + "\n"
        return out
    }
}
