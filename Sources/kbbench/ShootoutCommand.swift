import ArgumentParser
import KeyboardSimulator
import KeyboardTrace

/// `kbbench shootout`: every strategy over the same scenarios.
struct ShootoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shootout",
        abstract: "Run the engine and the recipes it replaces over the same simulated scenarios.",
        discussion: """
            Scenarios are generated from the seed (default \(Shootout.defaultSeed)): devices, iOS eras, \
            orientations, windows, layouts and user actions (focus switches, rotation, input modes, \
            undocked/split/floating keyboards, hardware keyboards, other apps' keyboards). Each \
            strategy is judged on the same traces; the table counts, per invariant, the scenarios in \
            which it was violated, the scenarios with a case no strategy could satisfy, and the \
            animation frames (60 and 120 Hz) in which the keyboard covered the field.

            To inspect a scenario, write it out: kbbench shootout --seed S --write-trace INDEX FILE, \
            then kbbench replay --strategy NAME FILE.
            """
    )

    @OptionGroup var seedOption: SeedOption

    @Option(name: .long, help: "How many scenarios to run.")
    var scenarios = Shootout.defaultScenarios

    @Flag(name: .long, help: "Print the JSON summary instead of a table.")
    var json = false

    @Flag(name: .long, help: "Print the results as the Markdown table the README shows.")
    var markdown = false

    @Option(name: .long, parsing: .upToNextOption, help: "Write scenario INDEX of the seed as a v1 trace to FILE and exit (two values: INDEX FILE).")
    var writeTrace: [String] = []

    func validate() throws {
        if scenarios < 1 { throw ValidationError("--scenarios must be at least 1") }
        if json && markdown { throw ValidationError("choose one of --json and --markdown") }
        if scenarios > 10_000_000 { throw ValidationError("--scenarios must be at most 10,000,000") }
        if !writeTrace.isEmpty && (writeTrace.count != 2 || Int(writeTrace[0]) == nil || Int(writeTrace[0])! < 0) {
            throw ValidationError("--write-trace takes a scenario index and a file: --write-trace 17 case.kbtrace")
        }
    }

    func run() throws {
        let seed = seedOption.seed ?? Shootout.defaultSeed
        if writeTrace.count == 2, let index = Int(writeTrace[0]) {
            let scenario = ScenarioGenerator.scenario(seed: seed, index: index)
            try ToolFiles.write(TraceWriter.text(ScenarioSimulator.trace(scenario)), to: writeTrace[1])
            print("wrote scenario \(index) of seed \(seed) (\(scenario.device), \(scenario.profile.rawValue), \(scenario.actions.count) actions) to \(writeTrace[1])")
            return
        }
        var progress = Progress("shootout", total: scenarios)
        let report = Shootout.run(seed: seed, scenarios: scenarios) { progress.update($0) }
        if json {
            print(JSONWriter.string(report.json))
        } else if markdown {
            print(report.markdownTable, terminator: "")
        } else {
            print(Self.table(report))
        }
    }

    static func table(_ report: ShootoutReport) -> String {
        var table = TextTable(row: ["strategy", "scenarios"] + Invariant.allCases.map(\.rawValue) + ["unsat", "covered60", "covered120"])
        for t in report.strategies {
            table.add(
                row: [t.name, String(t.scenarios)] + Invariant.allCases.map { String(t.violations[$0] ?? 0) }
                    + [String(t.unsatisfiable), String(t.coveredFrames60), String(t.coveredFrames120)]
            )
        }
        var out = "Shootout, seed \(report.seed), \(report.strategies.first?.scenarios ?? 0) scenarios "
            + "(cells: scenarios violating each invariant)\n\n" + table.rendered
        out += "\nFirst violating scenario (write it with --seed \(report.seed) --write-trace INDEX FILE):\n"
        for t in report.strategies where !t.firstViolation.isEmpty {
            let firsts = t.firstViolation.sorted { $0.key < $1.key }.map { "\($0.key.rawValue)@\($0.value)" }
            out += "  \(t.name): \(firsts.joined(separator: " "))\n"
        }
        return out
    }
}
