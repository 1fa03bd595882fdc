import CFuzzDriver
import Foundation
import KeyboardGeneration
import KeyboardHarness
import KeyboardJSON
import KeyboardOracle
import KeyboardScenarios
import KeyboardSearch
import KeyboardStrategies
import KeyboardTrace
import KeyboardWorld
import SystemPackage
import ToolSupport

/// The libFuzzer target: each input's bytes are read as the generator's
/// choices (structure-aware: ``FuzzBytes``), turned into an adversarial
/// scenario, simulated, and replayed with the engine; any invariant
/// violation aborts, so libFuzzer saves the input.
///
/// Built with `-sanitize=fuzzer` (see scripts/fuzz-nightly) it is a libFuzzer
/// binary taking libFuzzer's flags. Built plainly it replays the inputs given
/// as arguments (a corpus, or crash files), shrinks each failing one to a
/// trace, writes it under `--regressions DIR` (default .kbbench/failures,
/// made when missing; never the corpus) and exits 1 if any failed.
@main
enum KeyboardFuzz {
    static func main() {
        if kb_fuzzer_available() != 0 {
            exit(kb_run_fuzzer(CommandLine.argc, CommandLine.unsafeArgv, testOneInput))
        }
        exit(replay(Array(CommandLine.arguments.dropFirst())))
    }

    /// What one input checks; nil when every invariant holds.
    static func check(_ bytes: [UInt8]) -> (Scenario, Invariant)? {
        var source = FuzzBytes(bytes)
        let scenario = ScenarioGenerator.scenario(from: &source, adversarial: true)
        let trace = ScenarioSimulator.trace(scenario)
        let report = TraceReplayer.replay(trace, with: EngineStrategy.self)
        guard let inv = report.steps.flatMap(\.violations).min() else { return nil }
        return (scenario, inv)
    }

    static let testOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32 = { data, size in
        let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
        if let (_, inv) = check(bytes) {
            FileHandle.standardError.write(Data("invariant \(inv.rawValue) (\(inv.summary)) violated\n".utf8))
            abort()
        }
        return 0
    }

    /// Replays files (or every file in directories) without libFuzzer.
    static func replay(_ arguments: [String]) -> Int32 {
        var regressions: String?
        var inputs: [String] = []
        var i = 0
        while i < arguments.count {
            if arguments[i] == "--regressions", i + 1 < arguments.count {
                regressions = arguments[i + 1]
                i += 2
                continue
            }
            if arguments[i] == "--help" || arguments[i] == "-h" {
                print("usage: KeyboardFuzz [--regressions DIR] FILE|DIR...   (libFuzzer flags when built with -sanitize=fuzzer)")
                return 0
            }
            inputs.append(arguments[i])
            i += 1
        }
        guard let files = FuzzInputs.files(inputs, tool: "KeyboardFuzz") else { return 74 }
        let folder = FilePath(regressions ?? ".kbbench/failures")
        var failed = 0
        for file in files {
            guard let bytes = try? FileBytes.read(FilePath(file)) else { continue }
            guard let (scenario, inv) = check(bytes) else { continue }
            failed += 1
            let trace = Shrinker.shrink(scenario, strategy: EngineStrategy.self, invariant: inv)
            let example = Counterexample(invariant: inv, strategy: EngineStrategy.name, scenarioIndex: -1, trace: trace)
            let path = folder.appending(example.fileName)
            do {
                if regressions == nil {
                    try OutputFile.makeFolder(".kbbench")
                    try OutputFile.makeFolder(folder)
                }
                try OutputFile.write(example.text, to: path.string)
                print("\(file): \(inv.rawValue) violated; shrunk to \(trace.events.count) events:\n  kbbench replay \(path)")
            } catch {
                print("\(file): \(inv.rawValue) violated; could not write \(error)")
            }
        }
        print("replayed \(files.count) inputs, \(failed) failing")
        return failed > 0 ? 1 : 0
    }
}
