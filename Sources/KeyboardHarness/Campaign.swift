import Dispatch
import Foundation
import KeyboardGeneration
import KeyboardJSON
import KeyboardOracle
import KeyboardScenarios
import KeyboardStoryboard
import KeyboardStrategies
import KeyboardTrace
import KeyboardWorld
import SystemPackage
import ToolSupport

/// A fuzz campaign, everything `kbbench fuzz` does short of parsing options
/// and printing: replay the regression corpus, run the shard's scenarios in
/// batches on `jobs` threads, shrink the first failure of each invariant to
/// a minimal trace and save it atomically, keep a resumable state, and stop
/// cleanly on request, Ctrl-C or SIGTERM.
///
/// Properties, each tested:
/// - **Deterministic.** The totals and the counterexamples depend on the
///   strategy, seed, shard, bound and scope only: `jobs` changes the speed,
///   not the result (results are merged in scenario order), and a campaign
///   stopped and resumed ends with an uninterrupted one's totals.
/// - **Nothing lost.** A counterexample is written (temporary file, fsync,
///   rename) as soon as it is shrunk; the state is saved at most every
///   ``stateSaveInterval`` seconds, whenever a counterexample was found,
///   and when the campaign stops; a finished campaign removes its state.
/// - **Sharded.** Shards of one seed never repeat each other's work and
///   together equal one run as long as all of them.
///
/// Without a `corpus`, no trace is replayed first; without a `failures`
/// folder (or a `statePath`), nothing is written: the counterexamples come
/// back in the result only (what a test in a team's own package wants). The
/// corpus is only ever read: a counterexample joins it when a person copies
/// it there.
///
///     let result = try Campaign(MyStrategy.self, seed: 7, runs: 2_000).run()
///     #expect(result.violations[.fieldVisible, default: 0] == 0)
public struct Campaign: Sendable {
    /// When a campaign ends.
    public enum Bound: Hashable, Sendable {
        /// After this many scenarios (of the shard).
        case runs(Int)
        /// After this many seconds (checked between batches).
        case seconds(Double)
    }

    public var strategy: StrategyUnderTest
    public var seed: UInt64
    /// When to stop. Nil: after 10,000 runs, or, when resuming, where the
    /// saved campaign would have stopped. A bound given when resuming
    /// replaces the saved one: `.runs(n)` sets the run target, and
    /// `.seconds(s)` allows `s` more seconds.
    public var bound: Bound?
    public var shard: Shard
    /// The screens the scenarios are played on: screens of fields (the
    /// default), or chat screens, to fuzz a chat screen's glue.
    public var screens: ScreenKind
    /// The seed, screens and shard, with this kbbench's generator version:
    /// what the campaign's summary and state name it by.
    public var identity: CampaignIdentity { CampaignIdentity(seed: seed, screens: screens, shard: shard) }
    /// Worker threads; an external strategy runs one process per worker.
    public var jobs: Int
    /// Judge scenarios outside the strategy's scope too.
    public var allScenarios: Bool
    /// The regression corpus: its traces of the campaign's screens (a chat
    /// screen's has a composer) in scope are replayed first. It is never
    /// written. Nil: nothing is replayed first.
    public var corpus: FilePath?
    /// The folder each shrunk counterexample is saved in (its trace and its
    /// storyboard), with the resumable state unless ``statePath`` says
    /// otherwise. It must exist. Nil: nothing is saved.
    public var failures: FilePath?
    /// The resumable state's file; nil puts it in ``failures`` (see
    /// ``defaultStatePath``), or nowhere without one.
    public var statePath: FilePath?
    /// How the world reads the rules its sources leave unsettled (the
    /// standard reading unless a caller wants to see what depends on one).
    public var readings: WorldReadings
    /// Stop at the first scenario that violates anything, once its
    /// failures are shrunk and saved, as libFuzzer and Hypothesis do: the
    /// campaign's runs end with that scenario (``CampaignResult/runsDone``
    /// counts it), and scenarios after it in its batch are not counted.
    public var stopsAtFirstFailure = false

    /// Scenarios per batch: results are merged in index order after each
    /// batch, the state is saved, and a stop is honoured.
    public static let batchSize = 512
    /// Seconds between saves of the resumable state.
    public static let stateSaveInterval = 1.0
    /// The run target when no bound is given.
    public static let defaultRuns = 10_000

    public init(
        strategy: StrategyUnderTest, seed: UInt64, bound: Bound? = .runs(Campaign.defaultRuns), shard: Shard = .whole, screens: ScreenKind = .fields,
        jobs: Int = 1, allScenarios: Bool = false, corpus: FilePath? = nil, failures: FilePath? = nil, statePath: FilePath? = nil,
        readings: WorldReadings = .standard
    ) {
        self.readings = readings
        self.strategy = strategy
        self.seed = seed
        self.bound = bound
        self.shard = shard
        self.screens = screens
        self.jobs = jobs
        self.allScenarios = allScenarios
        self.corpus = corpus
        self.failures = failures
        self.statePath = statePath
    }

    /// A campaign of `runs` scenarios against a Swift strategy, in memory.
    public init<S: AvoidanceStrategy>(
        _ strategy: S.Type, seed: UInt64, runs: Int, shard: Shard = .whole, screens: ScreenKind = .fields, jobs: Int = 1
    ) {
        self.init(strategy: StrategyUnderTest(strategy), seed: seed, bound: .runs(runs), shard: shard, screens: screens, jobs: jobs)
    }

    /// Where the state lives unless ``statePath`` says otherwise: hidden in
    /// the failures folder, one file per campaign identity.
    public var defaultStatePath: FilePath? {
        failures.map { FuzzState.defaultPath(folder: $0, strategy: strategy.fileStem, identity: identity) }
    }

    /// The campaign's scenario at `index` (an index of the whole seed, as
    /// counterexamples and summaries name them), played: what was drawn,
    /// its trace and its labels.
    public func scenario(at index: Int) -> SimulatedScenario {
        let g = fuzzCampaign.scenario(index: index)
        return SimulatedScenario(scenario: g.scenario, trace: g.trace, features: g.features, skippedActions: [])
    }

    /// The campaign's scenarios and judgement, without its files.
    var fuzzCampaign: FuzzCampaign {
        FuzzCampaign(strategy: strategy, seed: seed, shard: shard, screens: screens, allScenarios: allScenarios, readings: readings)
    }

    /// What the campaign tells its caller as it goes (the command line prints
    /// these).
    public enum Event: Sendable {
        /// A corpus trace in scope violates these invariants.
        case corpusFailure(path: FilePath, invariants: [Invariant])
        /// A resumed campaign continues after this many runs.
        case resumed(runsDone: Int)
        /// A counterexample was shrunk (and saved, when the record has a
        /// path).
        case counterexample(Counterexample, CounterexampleRecord)
        /// How far the campaign has come (after each batch): runs done (a
        /// resumed campaign's include the earlier processes'), the run
        /// target when the bound is a count, notifications checked and
        /// violations found.
        case progress(RunProgress)
    }

    /// Runs the campaign (or continues it from its saved state when
    /// `resume` is set) until its bound, a ``StopRequest``, or, with
    /// `stopOnInterrupt`, Ctrl-C or SIGTERM. A stop is honoured between two
    /// scenarios: the batch it interrupts is dropped whole, and the state
    /// saved is the one after the batch before it.
    ///
    /// Throws ``HarnessError``: a malformed corpus trace or state, a file
    /// that cannot be read or written, a state to resume that is missing or
    /// another campaign's, or an external strategy's failure (which names
    /// the scenario or trace and the line). On a strategy failure the state
    /// of the last complete batch is saved, so the campaign can resume.
    public func run(
        resume: Bool = false, stop: StopRequest? = nil, stopOnInterrupt: Bool = false,
        onEvent: (Event) -> Void = { _ in }
    ) throws(HarnessError) -> CampaignResult {
        if stopOnInterrupt {
            return try Interrupt.catching { () throws(HarnessError) -> CampaignResult in
                try execute(resume: resume, stop: stop, interruptible: true, onEvent: onEvent)
            }
        }
        return try execute(resume: resume, stop: stop, interruptible: false, onEvent: onEvent)
    }

    private func execute(
        resume: Bool, stop: StopRequest?, interruptible: Bool, onEvent: (Event) -> Void
    ) throws(HarnessError) -> CampaignResult {
        let clock = ContinuousClock()
        let start = clock.now
        let cpuStart = ProcessCPUClock.seconds()
        func elapsed() -> Double {
            let d = clock.now - start
            return Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
        }
        let stopRequested: @Sendable () -> Bool = { (interruptible && Interrupt.isPending) || (stop?.isRequested ?? false) }

        let corpusResult = try replayCorpus(stop: stopRequested, onEvent: onEvent)
        let statePath = self.statePath ?? defaultStatePath
        var state = try initialState(resume: resume, statePath: statePath)
        if resume { onEvent(.resumed(runsDone: state.runsDone)) }
        let target = state.target ?? Int.max
        let elapsedBefore = state.elapsed
        // A resumed campaign's totals include earlier processes' runs; its
        // throughput counts only this one's.
        let eventsBefore = state.totals.events
        var saved = Set(state.counterexamples.map(\.invariant))
        var found: [Counterexample] = []
        let fuzz = fuzzCampaign

        func save() throws(HarnessError) {
            guard let statePath else { return }
            try TraceFiles.write(state.text, to: statePath)
        }
        /// A batch that failed, in its run or its merge, is lost whole: the
        /// state of the ones before it is saved, with the time spent so far.
        func saveBeforeLostBatch() throws(HarnessError) {
            state.elapsed = elapsedBefore + elapsed()
            try save()
        }
        var lastSave = elapsed()
        var countAtLastSave = state.counterexamples.count
        var interrupted = false
        var failedEarly = false
        while state.runsDone < target {
            if stopRequested() { interrupted = true; break }
            state.elapsed = elapsedBefore + elapsed()
            if let limit = state.duration, state.elapsed >= limit { break }
            let first = state.runsDone
            let count = Swift.min(Self.batchSize, target - first)
            let results: [FuzzCampaign.RunResult]
            do {
                guard let batch = try Self.runBatch(fuzz, from: first, count: count, jobs: jobs, stopRequested: stopRequested) else {
                    interrupted = true
                    break
                }
                results = batch
            } catch {
                try saveBeforeLostBatch()
                if Interrupt.isPending && interruptible, (error.underlying as? ExternalStrategyError)?.kind == .interrupted {
                    interrupted = true
                    break
                }
                throw .failed(error)
            }
            // Merge in index order: the first failure of each invariant is the
            // same whatever the number of jobs. Merged into a copy: a failure
            // part way (a strategy that fails while a counterexample shrinks,
            // a failures folder that cannot be written) loses the batch whole, as a
            // failed batch does, and the state saved is the one before it,
            // which resumes (totals merged without their runs would not).
            var merged = state
            var counted = results.count
            do throws(HarnessError) {
                for (position, result) in results.enumerated() {
                    if stopsAtFirstFailure && !merged.totals.violations.isEmpty {
                        counted = position
                        break
                    }
                    merged.totals.add(result)
                    for inv in result.verdict.violated.sorted() where !saved.contains(inv) {
                        saved.insert(inv)
                        let foundAfter = elapsed()
                        let example: Counterexample
                        do { example = try fuzz.counterexample(index: result.index, invariant: inv) } catch { throw .failed(error) }
                        var saved: FilePath?
                        if let failures {
                            let path = failures.appending(example.fileName)
                            try TraceFiles.write(example.text, to: path)
                            try savePicture(of: example.trace, besideTraceAt: path)
                            saved = path
                        }
                        let record = CounterexampleRecord(
                            invariant: inv, trace: saved?.string ?? "", events: example.trace.events.count,
                            foundAfterSeconds: elapsedBefore + foundAfter,
                            scenario: result.index, shrunkAfterSeconds: elapsedBefore + elapsed(), kbtrace: example.text
                        )
                        merged.counterexamples.append(record)
                        found.append(example)
                        onEvent(.counterexample(example, record))
                    }
                }
            } catch {
                try saveBeforeLostBatch()
                throw error
            }
            state = merged
            state.runsDone = first + counted
            let stoppedAtFailure = counted < count || (stopsAtFirstFailure && !state.totals.violations.isEmpty)
            // Each save is fsynced, which costs milliseconds on a VM disk: at
            // most every `stateSaveInterval` seconds, whenever a
            // counterexample was found, and when the loop ends.
            let now = elapsed()
            state.elapsed = elapsedBefore + now
            if state.counterexamples.count != countAtLastSave || now - lastSave >= Self.stateSaveInterval {
                try save()
                lastSave = now
                countAtLastSave = state.counterexamples.count
            }
            onEvent(
                .progress(
                    RunProgress(
                        scenarios: state.runsDone, target: state.target, notifications: state.totals.events,
                        violations: state.totals.totalViolations)))
            if stoppedAtFailure {
                failedEarly = true
                break
            }
        }
        state.elapsed = elapsedBefore + elapsed()
        if interrupted || (!state.isFinished && !failedEarly) {
            try save()
        } else if let statePath {
            // Finished: nothing to resume, so nothing is left behind.
            SystemCall.remove(statePath)
        }
        let throughput = FuzzThroughput(
            notifications: state.totals.events - eventsBefore, seconds: elapsed(), cpuSeconds: ProcessCPUClock.seconds() - cpuStart
        )
        return CampaignResult(
            strategy: strategy.name, identity: identity, bound: state.target.map { .runs($0) } ?? .seconds(state.duration ?? 0),
            allScenarios: allScenarios, totals: state.totals, runsDone: state.runsDone,
            counterexamples: found, savedCounterexamples: state.counterexamples, corpus: corpusResult,
            throughput: throughput, interrupted: interrupted,
            statePath: interrupted || (!state.isFinished && !failedEarly) ? statePath : nil
        )
    }

    /// Replays the corpus traces of the campaign's screens in scope:
    /// regressions must stay fixed. A corpus folder that does not exist is
    /// an error, never an empty corpus.
    private func replayCorpus(stop: () -> Bool, onEvent: (Event) -> Void) throws(HarnessError) -> CampaignResult.CorpusReplay {
        var result = CampaignResult.CorpusReplay()
        guard let corpus else { return result }
        for path in try TraceFiles.list(under: corpus, stop: stop) {
            let trace = try TraceFiles.load(path, stop: stop)
            if ScreenKind(of: trace.header) != screens || (!allScenarios && !strategy.scope.admits(trace)) { continue }
            let report: ReplayReport
            do { report = try strategy.replay(trace, readings: readings) } catch { throw .strategyFailed(context: path.string, underlying: error) }
            result.traces += 1
            if report.violationCount > 0 {
                let invariants = Set(report.steps.flatMap(\.violations)).sorted()
                result.failing.append(.init(path: path, invariants: invariants))
                onEvent(.corpusFailure(path: path, invariants: invariants))
            }
        }
        return result
    }

    /// A fresh state, or the saved one (checked to be this campaign's, with
    /// this call's bound when one was given explicitly).
    private func initialState(resume: Bool, statePath: FilePath?) throws(HarnessError) -> FuzzState {
        guard resume else {
            let target: Int?, duration: Double?
            switch bound {
            case nil: (target, duration) = (Self.defaultRuns, nil)
            case .runs(let n)?: (target, duration) = (n, nil)
            case .seconds(let s)?: (target, duration) = (nil, s)
            }
            return FuzzState(strategy: strategy.name, identity: identity, allScenarios: allScenarios, target: target, duration: duration)
        }
        guard let statePath else { throw .noStateToResume(path: nil) }
        let bytes: [UInt8]
        do { bytes = try FileBytes.read(statePath) } catch { throw .noStateToResume(path: statePath) }
        var state: FuzzState
        do { state = try FuzzState.read(bytes, file: statePath.string) } catch { throw .malformed(error) }
        guard state.strategy == strategy.name, state.identity == identity, state.allScenarios == allScenarios
        else {
            throw .stateOfAnotherCampaign(
                path: statePath, campaign: "\(state.strategy), \(state.identity)\(state.allScenarios ? ", all scenarios" : "")")
        }
        switch bound {
        case nil: break
        case .runs(let n)?: (state.target, state.duration) = (n, nil)
        case .seconds(let s)?: (state.target, state.duration) = (nil, state.elapsed + s)
        }
        return state
    }

    /// Runs `count` scenarios from `first` on `jobs` workers
    /// (``StridedBatch``: worker `w` takes every `jobs`-th, so an external
    /// strategy's process `w` is only ever used by one thread); results in
    /// index order. The first failure, by index, is thrown after the batch's
    /// threads have stopped. Nil when `stopRequested` said yes before the
    /// batch was done (it is asked before each scenario).
    static func runBatch(
        _ campaign: FuzzCampaign, from first: Int, count: Int, jobs: Int, stopRequested: @Sendable () -> Bool = { false }
    ) throws(ScenarioFailure) -> [FuzzCampaign.RunResult]? {
        try StridedBatch.run(count: count, jobs: jobs) { (k, worker) throws(ScenarioFailure) in
            stopRequested() ? nil : try campaign.run(first + k, worker: worker)
        }.whole
    }
}

extension Campaign {
    /// Draws a counterexample's storyboard beside its trace (`NAME.kbtrace`
    /// → `NAME.svg`), replayed with the campaign's strategy: what a person
    /// looks at first. An external strategy that fails this replay fails the
    /// campaign as any of its replays would.
    func savePicture(of trace: Trace, besideTraceAt path: FilePath) throws(HarnessError) {
        try CounterexamplePicture.save(trace, besideTraceAt: path, strategy: strategy, readings: readings)
    }
}

/// A counterexample's picture: its storyboard, replayed with the strategy
/// that failed, saved beside its trace (`NAME.kbtrace` → `NAME.svg`). What a
/// campaign saves with each counterexample and what `kbbench merge
/// --failures` saves with each trace it writes, so that a sharded campaign
/// leaves what an unsharded one does.
public enum CounterexamplePicture {
    public static func save(
        _ trace: Trace, besideTraceAt path: FilePath, strategy: StrategyUnderTest, readings: WorldReadings = .standard
    ) throws(HarnessError) {
        let report: ReplayReport
        do { report = try strategy.replay(trace, readings: readings) } catch { throw .strategyFailed(context: path.string, underlying: error) }
        let board = Storyboard(trace: trace, report: report, promise: strategy.promise(for: trace.header))
        let svg = StoryboardPicture.svg(board, title: StoryboardPicture.title(ofTraceAt: path))
        try TraceFiles.write(svg, to: StoryboardPicture.svgPath(besideTraceAt: path))
    }
}
