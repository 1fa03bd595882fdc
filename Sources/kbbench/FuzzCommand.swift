import ArgumentParser
import Foundation
import KeyboardSimulator
import KeyboardTrace

/// `kbbench fuzz`: an adversarial campaign against one strategy.
struct FuzzCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fuzz",
        abstract: "Fuzz a strategy with adversarial scenarios; shrink every failure to a replayable trace.",
        discussion: """
            Scenarios are generated from the seed with odd geometry (fractional, zero and huge sizes, \
            thousands of fields, offset windows) and hostile timing (dozens of focus switches inside \
            one keyboard animation, rotations mid-animation). The traces under --corpus are replayed \
            first. The first failure of each invariant is shrunk to a minimal trace, saved under \
            --corpus, and printed with the line that replays it.

            Like the shootout, a recipe is judged only on the scenarios in its scope (the eras, \
            devices and layouts its authors wrote it for; see kbbench shootout --help); the others, \
            and corpus traces outside it, are counted as out of scope. --all-scenarios judges \
            everything. The engine's scope is every scenario.

            --shard i/n runs every n-th scenario starting at i: n machines with the same --seed never \
            repeat each other's work and together equal one n-times-longer run (--shard needs --seed: \
            without it each machine would draw its own seed).

            The summary gives the speed in checked notifications per second and per CPU-second \
            (the speed of one core, whatever --jobs is). The campaign's state is saved beside the \
            counterexamples while it runs; Ctrl-C stops it and prints the command that resumes it \
            (--resume, which keeps the same --runs or --duration bound); a finished campaign removes \
            its state.

            \(ExitStatus.summary)
            """
    )

    @Option(name: .long, help: "The strategy to fuzz (\(StrategyCatalog.names.joined(separator: ", "))).")
    var strategy = EngineStrategy.name

    @OptionGroup var seedOption: SeedOption

    @Option(name: .long, help: "How many scenarios to run (default 10000 unless --duration is given).")
    var runs: Int?

    @Option(name: .long, help: "How long to run, in seconds (instead of --runs).")
    var duration: Double?

    @Option(name: .long, help: "Run shard i of n (e.g. 0/4).", transform: FuzzCommand.parseShard)
    var shard: Shard = .whole

    @Option(name: .long, help: "The regression corpus: replayed first; counterexamples are saved here.")
    var corpus = "corpora/regressions"

    @Flag(name: .long, help: "Print the JSON summary.")
    var json = false

    @Flag(name: .long, help: "Judge scenarios outside the strategy's documented scope too.")
    var allScenarios = false

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
        if !(1...64).contains(jobs) { throw ValidationError("--jobs must be between 1 and 64") }
        guard StrategyCatalog.strategy(named: strategy) != nil else {
            throw ValidationError("unknown strategy '\(strategy)'; known: \(StrategyCatalog.names.joined(separator: ", "))")
        }
        if runs != nil && duration != nil { throw ValidationError("give --runs or --duration, not both") }
        if let runs, runs < 1 { throw ValidationError("--runs must be at least 1") }
        if let duration, !(duration > 0 && duration <= 30 * 24 * 3600) { throw ValidationError("--duration must be between 0 and 30 days, in seconds") }
    }

    @Option(name: .long, help: "Worker threads; totals equal a sequential run's for the same seed.")
    var jobs = 1

    @Flag(name: .long, help: "Continue the campaign (same strategy, seed, shard) from its saved state.")
    var resume = false

    @Option(name: .long, help: "The state file (default: <corpus>/.fuzz-state-<strategy>-<seed>-<i>of<n>.json).")
    var state: String?

    /// Runs per batch: results are merged in index order after each batch,
    /// the state is saved, and SIGINT is honoured.
    static let batchSize = 512
    /// Seconds between saves of the resumable state during a campaign.
    static let stateSaveInterval = 1.0

    func run() throws {
        try reportingErrors { try campaign() }
    }

    private func campaign() throws {
        guard let type = StrategyCatalog.strategy(named: strategy) else { throw ExitStatus.usage }
        let seed = seedOption.seed ?? UInt64.random(in: 0...UInt64(UInt32.max))
        let statePath = state ?? FuzzState.defaultPath(corpus: corpus, strategy: strategy, seed: seed, shard: shard)
        if !json { print("fuzz: strategy \(strategy), seed \(seed), shard \(shard)" + (jobs > 1 ? ", \(jobs) jobs" : "")) }
        let clock = ContinuousClock()
        let start = clock.now
        let cpuStart = ProcessCPUClock.seconds()
        func elapsed() -> Double {
            let d = clock.now - start
            return Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
        }

        // The corpus first: regressions must stay fixed.
        var corpusViolations = 0
        var corpusTraces = 0
        if FileManager.default.fileExists(atPath: corpus) {
            for path in try TraceFiles.list(under: corpus) {
                let trace = try TraceFiles.load(path)
                if !allScenarios && !type.scope.admits(trace.header) { continue }
                let report = TraceReplayer.replay(trace, strategyNamed: strategy)
                corpusTraces += 1
                if let report, report.violationCount > 0 {
                    corpusViolations += 1
                    if !json { print("corpus: \(path) violates \(Set(report.steps.flatMap(\.violations)).sorted().map(\.rawValue).joined(separator: ","))") }
                }
            }
        }

        var progressState: FuzzState
        if resume {
            let bytes: [UInt8]
            do { bytes = try FileBytes.read(statePath) } catch {
                throw KbbenchError.usage("\(statePath): no fuzz state to resume (the campaign finished, or never ran: run it without --resume)")
            }
            do { progressState = try FuzzState.read(bytes, file: statePath) } catch { throw KbbenchError.malformed(error) }
            guard progressState.strategy == strategy, progressState.seed == seed, progressState.shard == shard,
                progressState.allScenarios == allScenarios
            else {
                throw KbbenchError.usage(
                    "\(statePath): the state is for another campaign (\(progressState.strategy), seed \(progressState.seed), "
                        + "shard \(progressState.shard)\(progressState.allScenarios ? ", --all-scenarios" : ""))"
                )
            }
            // New bounds extend the campaign; without them it keeps its own.
            if let runs { (progressState.target, progressState.duration) = (runs, nil) }
            if let duration { (progressState.target, progressState.duration) = (nil, progressState.elapsed + duration) }
            if !json { print("resuming after \(progressState.runsDone) runs") }
        } else {
            progressState = FuzzState(
                strategy: strategy, seed: seed, shard: shard, allScenarios: allScenarios, target: runs ?? (duration == nil ? 10_000 : nil),
                duration: duration
            )
        }
        let target = progressState.target ?? Int.max
        let elapsedBefore = progressState.elapsed
        // A resumed campaign's totals include earlier processes' runs; its
        // throughput counts only this one's.
        let eventsBefore = progressState.totals.events
        var saved = Set(progressState.counterexamples.map(\.invariant))
        let campaign = FuzzCampaign(strategy: type, seed: seed, shard: shard, allScenarios: allScenarios)
        var progress = Progress("fuzz", total: target == Int.max ? 0 : target)
        fuzzInterrupted = 0
        signal(SIGINT) { _ in fuzzInterrupted = 1 }
        defer { signal(SIGINT, SIG_DFL) }

        var lastSave = elapsed()
        var countAtLastSave = progressState.counterexamples.count
        while progressState.runsDone < target && fuzzInterrupted == 0 {
            progressState.elapsed = elapsedBefore + elapsed()
            if let limit = progressState.duration, progressState.elapsed >= limit { break }
            let first = progressState.runsDone
            let count = Swift.min(Self.batchSize, target - first)
            let results = Self.runBatch(campaign, from: first, count: count, jobs: jobs)
            // Merge in index order: the first failure of each invariant is the
            // same whatever the number of jobs.
            for result in results {
                progressState.totals.add(result)
                for inv in result.violated.sorted() where !saved.contains(inv) {
                    saved.insert(inv)
                    let found = elapsed()
                    let example = campaign.counterexample(index: result.index, invariant: inv)
                    let path = (corpus.hasSuffix("/") ? corpus : corpus + "/") + example.fileName
                    try ToolFiles.write(example.text, to: path)
                    progressState.counterexamples.append(CounterexampleRecord(invariant: inv, trace: path, events: example.trace.events.count, foundAfterSeconds: found))
                    if !json {
                        print("\(inv.rawValue) (\(inv.summary)) violated at scenario \(result.index); shrunk to \(example.trace.events.count) events:")
                        print("  kbbench replay --strategy \(strategy) \(path)")
                    }
                }
            }
            progressState.runsDone = first + count
            // Each save is fsynced, which costs milliseconds on a VM disk, so
            // the state is saved at most every `stateSaveInterval` seconds,
            // whenever a counterexample was found, and when the loop ends. A
            // SIGKILL loses at most that interval's runs, never a
            // counterexample (each is written atomically when found).
            let now = elapsed()
            progressState.elapsed = elapsedBefore + now
            if progressState.counterexamples.count != countAtLastSave || now - lastSave >= Self.stateSaveInterval {
                try ToolFiles.write(progressState.text, to: statePath)
                lastSave = now
                countAtLastSave = progressState.counterexamples.count
            }
            progress.update(progressState.runsDone)
        }
        progressState.elapsed = elapsedBefore + elapsed()
        if fuzzInterrupted != 0 || !progressState.isFinished {
            try ToolFiles.write(progressState.text, to: statePath)
        } else {
            // Finished: nothing to resume, so nothing is left behind.
            try? FileManager.default.removeItem(atPath: statePath)
        }
        let totals = progressState.totals
        let throughput = FuzzThroughput(
            notifications: totals.events - eventsBefore, seconds: elapsed(), cpuSeconds: ProcessCPUClock.seconds() - cpuStart
        )
        if json {
            print(JSONWriter.string(totals.json(strategy: strategy, seed: seed, throughput: throughput, counterexamples: progressState.counterexamples)))
        } else {
            print(summary(totals, throughput: throughput, corpusTraces: corpusTraces, corpusViolations: corpusViolations))
        }
        if fuzzInterrupted != 0 {
            printError("interrupted after \(progressState.runsDone) runs; state saved to \(statePath); continue with: \(resumeCommand(seed: seed))")
            throw ExitStatus.interrupted
        }
        if totals.totalViolations > 0 || corpusViolations > 0 { throw ExitStatus.violation }
    }

    /// The command that resumes this campaign: its identity and files; the
    /// bounds come from the state.
    func resumeCommand(seed: UInt64) -> String {
        var words = ["kbbench", "fuzz", "--strategy", strategy, "--seed", String(seed)]
        if shard != .whole { words += ["--shard", shard.description] }
        words += ["--corpus", corpus]
        if let state { words += ["--state", state] }
        if jobs > 1 { words += ["--jobs", String(jobs)] }
        if json { words.append("--json") }
        if allScenarios { words.append("--all-scenarios") }
        words.append("--resume")
        return words.map(Self.shellQuoted).joined(separator: " ")
    }

    /// A word as a POSIX shell reads it back.
    static func shellQuoted(_ word: String) -> String {
        let plain = word.allSatisfy { $0.isLetter || $0.isNumber || "-_./:=@%+,".contains($0) }
        return plain && !word.isEmpty ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Runs `count` scenarios from `first`, on `jobs` threads; results in
    /// index order.
    static func runBatch(_ campaign: FuzzCampaign, from first: Int, count: Int, jobs: Int) -> [FuzzCampaign.RunResult] {
        if jobs == 1 { return (first..<first + count).map { campaign.run($0) } }
        let slots = ResultSlots(count: count)
        DispatchQueue.concurrentPerform(iterations: jobs) { worker in
            var k = worker
            while k < count {
                slots.set(k, campaign.run(first + k))
                k += jobs
            }
        }
        return slots.all
    }

    /// Per-index result storage shared by the workers (each index written
    /// once, by one worker).
    final class ResultSlots: @unchecked Sendable {
        private var results: [FuzzCampaign.RunResult?]
        private let lock = NSLock()
        init(count: Int) { results = Array(repeating: nil, count: count) }
        func set(_ i: Int, _ r: FuzzCampaign.RunResult) { lock.withLock { results[i] = r } }
        var all: [FuzzCampaign.RunResult] { lock.withLock { results.compactMap { $0 } } }
    }

    func summary(_ t: FuzzTotals, throughput: FuzzThroughput, corpusTraces: Int, corpusViolations: Int) -> String {
        var table = TextTable("invariant", "scenarios violating", "meaning")
        for inv in Invariant.allCases { table.add(inv.rawValue, String(t.violations[inv] ?? 0), inv.summary) }
        let resumed = throughput.notifications == t.events ? "" : " (\(throughput.notifications) by this run)"
        return """
            \(t.runs) scenarios, \(t.events) notifications checked\(resumed) in \(String(format: "%.2f", throughput.seconds)) s: \
            \(Int(throughput.perSecond.rounded())) per second, \(Int(throughput.perCPUSecond.rounded())) per CPU-second; \
            \(t.unsatisfiable) with an unsatisfiable step\(t.outOfScope > 0 ? ", \(t.outOfScope) outside \(strategy)'s scope" : ""); \
            corpus: \(corpusTraces) traces in scope, \(corpusViolations) failing

            \(table.rendered)
            """
    }
}

/// Set by the SIGINT handler; the campaign checks it between batches.
nonisolated(unsafe) var fuzzInterrupted: sig_atomic_t = 0
