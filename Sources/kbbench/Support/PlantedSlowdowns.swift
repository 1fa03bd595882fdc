import KeyboardResults

/// The planted-slowdown benchmark of the verdict (docs/benchmarks.md):
/// after a run's own record, the same binary is timed again beside a
/// neighbour that loads the memory bus (nothing planted: anything named is
/// a false alarm), then once per target and size with that slowdown
/// planted (`SlowdownPlant`: the target does about that many percent more
/// of its own work); each trial is judged against the run's record by
/// the regression rule, with the counts and with time alone
/// (``PlantedSlowdownTrial``).
///
/// A trial's counts: the target's counted again with its plant; every
/// other benchmark's is the run's own, since the same binary running the
/// same benchmark in a process of its own executes the same instructions
/// (which is what counting by callgrind establishes).
enum PlantedSlowdowns {
    /// The benchmarks slowed: the engine, and one recipe.
    static let targets = ["engine", "cookbook"]
    /// The slowdowns planted, in percent.
    static let percents = [1, 3, 10]

    /// The trials against `base` (the run's record, its counts in it when
    /// `counter` is given); nil when interrupted.
    static func run(
        base: ResultRecord, samples: Int, counter: InstructionCounter?, status: StatusOptions, progress: Bool
    ) throws(KbbenchError) -> [PlantedSlowdownTrial]? {
        let names = base.benchmarks.map(\.name)
        let plants = targets.filter(names.contains).flatMap { t in percents.map { (t, $0) } }
        var display = status.display("planted slowdowns", quiet: !progress)
        defer { display.finish() }
        var trials: [PlantedSlowdownTrial] = []
        display.update(step: 0, of: plants.count + 1, "trial")
        let neighbour = MemoryNeighbour.start()
        let loaded = BenchCommand.measure(only: names, samples: samples, scaling: false, extras: nil, status: status, progress: false)
        neighbour.stop()
        guard var loaded else { return nil }
        copyCounts(from: base, to: &loaded)
        trials.append(PlantedSlowdownTrial(target: nil, percent: 0, neighbour: true, base: base, trial: loaded))
        for (k, (target, percent)) in plants.enumerated() {
            display.update(step: k + 1, of: plants.count + 1, "trial")
            guard
                var trial = BenchCommand.measure(
                    only: names, samples: samples, scaling: false, extras: nil, status: status, progress: false, planted: [target: percent])
            else { return nil }
            copyCounts(from: base, to: &trial)
            if let counter {
                guard let counted = try counter.count([target], planted: [target: percent], progress: { _, _ in }) else { return nil }
                if let i = trial.benchmarks.firstIndex(where: { $0.name == target }) {
                    trial.benchmarks[i].instructionsPerNotification = counted[target]
                }
            }
            trials.append(PlantedSlowdownTrial(target: target, percent: percent, neighbour: false, base: base, trial: trial))
        }
        return trials
    }

    private static func copyCounts(from base: ResultRecord, to trial: inout ResultRecord) {
        for i in trial.benchmarks.indices {
            trial.benchmarks[i].instructionsPerNotification = base.benchmark(trial.benchmarks[i].name)?.instructionsPerNotification
        }
    }
}
