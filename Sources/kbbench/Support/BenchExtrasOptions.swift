import ArgumentParser
import KeyboardResults

/// What a bench measures beside each workload's latency, shared by `bench`
/// and `suite` (whose fourth part is a short bench): the time to a shrunk
/// counterexample and the planted-bug benchmark. Both take most of a debug
/// build's bench; 0 skips either.
struct BenchExtrasOptions: ParsableArguments {
    @Option(
        name: .long, parsing: .unconditional, help: "Runs per recipe of the time to a shrunk counterexample (its median is recorded); 0 skips it.")
    var counterexampleRepeats = 5

    @Option(
        name: .long, parsing: .unconditional,
        help: "Seeds each planted bug is fuzzed on (the planted-bug benchmark; 0 skips it).")
    var plantedBugSeeds = 3

    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp(
            "The first of the planted-bug benchmark's seeds, 0…\(ResultRecord.largestFirstSeed) (a nightly job passes a fresh one).",
            valueName: "SEED"))
    var plantedBugSeed: UInt64 = 1

    func validate() throws {
        try OptionRange.check(counterexampleRepeats, "--counterexample-repeats", in: 0...1_000)
        try OptionRange.check(plantedBugSeeds, "--planted-bug-seeds", in: 0...1_000)
        // A larger first seed would write a record that compare and report refuse.
        try OptionRange.check(plantedBugSeed, "--planted-bug-seed", in: 0...ResultRecord.largestFirstSeed)
    }
}
