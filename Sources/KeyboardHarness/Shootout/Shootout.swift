import Dispatch
import Foundation
import KeyboardGeneration
import KeyboardJSON
import KeyboardOracle
import KeyboardResults
import KeyboardScenarios
import KeyboardSearch
import KeyboardStrategies
import KeyboardTrace
import KeyboardWorld
import ToolSupport

/// Runs every strategy over the same generated scenarios and tallies, per
/// strategy, the scenarios in which each invariant was violated, the
/// scenarios with an unsatisfiable step, and the covered animation frames.
///
/// Each strategy is judged only on the scenarios inside its
/// ``StrategyScope`` (the rest are counted as out of scope), and by its own
/// ``VisibilityPromise``, unless `allScenarios` asks to judge every strategy
/// everywhere.
public enum Shootout {
    /// The default number of scenarios: enough that the narrowest scope
    /// (apple2009's iPhone OS 3) is judged on a hundred or more.
    public static let defaultScenarios = 10_000
    /// The default seed, so that `kbbench shootout` is reproducible.
    public static let defaultSeed = ScenarioGenerator.referenceSeed

    /// Runs `count` scenarios of `seed`, played on `screens`, through every
    /// strategy in the catalog.
    public static func run(
        seed: UInt64, scenarios count: Int, screens: ScreenKind = .fields, allScenarios: Bool = false, readings: WorldReadings = .standard,
        cancelledDrags: KeyboardAfterCancelledDrag? = nil, jobs: Int = 1, stop: StopRequest? = nil, stopOnInterrupt: Bool = false,
        progress: (RunProgress) -> Void = { _ in }
    ) -> ShootoutReport {
        // Swift strategies never throw.
        try! run(
            seed: seed, scenarios: count, screens: screens, strategies: StrategyCatalog.allUnderTest, allScenarios: allScenarios,
            readings: readings, cancelledDrags: cancelledDrags, jobs: jobs, stop: stop, stopOnInterrupt: stopOnInterrupt, progress: progress)
    }

    /// Runs `count` scenarios of `seed`, played on `screens` (screens of
    /// fields, or chat screens: ``ChatScreens``, the same devices, windows
    /// and keyboards), through `strategies` (for example
    /// the catalog's, and a team's own beside them), the world reading
    /// unsettled rules as `readings` says, on `jobs` threads. Only an
    /// external strategy throws, with a ``ScenarioFailure``.
    ///
    /// With `cancelledDrags`, the user first cancels each interactive
    /// dismissal once, and iOS is read as sending what it says after the
    /// cancel (``trace(seed:index:screens:cancelledDrags:)``): what no
    /// source settles, kept out of the scenarios otherwise.
    ///
    /// A strategy that does not serve `screens` (``StrategyScope/screens``:
    /// a chat library on screens of fields, a modifier that cannot be handed
    /// a composer on chat screens) has no row, `allScenarios` or not.
    ///
    /// The report does not depend on `jobs`: scenarios are judged in batches,
    /// each scenario on one thread, and tallied in index order.
    ///
    /// A ``StopRequest`` (or, with `stopOnInterrupt`, Ctrl-C or SIGTERM) is
    /// honoured between two scenarios, and while an external strategy's
    /// process is awaited: the batch it cuts into is dropped whole, and the
    /// report holds the scenarios judged before it, marked
    /// ``ShootoutReport/interrupted``.
    public static func run(
        seed: UInt64, scenarios count: Int, screens: ScreenKind = .fields, strategies: [StrategyUnderTest], allScenarios: Bool = false,
        readings: WorldReadings = .standard, cancelledDrags: KeyboardAfterCancelledDrag? = nil, jobs: Int = 1, stop: StopRequest? = nil,
        stopOnInterrupt: Bool = false, progress: (RunProgress) -> Void = { _ in }
    ) throws(ScenarioFailure) -> ShootoutReport {
        let run = Run(
            seed: seed, count: count, screens: screens, strategies: strategies.filter { $0.scope.screens.contains(screens) },
            allScenarios: allScenarios, readings: readings, cancelledDrags: cancelledDrags, jobs: Swift.max(1, jobs))
        if stopOnInterrupt {
            return try Interrupt.catching { () throws(ScenarioFailure) -> ShootoutReport in
                try run.judge(progress: progress) { Interrupt.isPending || (stop?.isRequested ?? false) }
            }
        }
        return try run.judge(progress: progress) { stop?.isRequested ?? false }
    }

    /// One shootout's settings, as its workers read them.
    private struct Run: Sendable {
        var seed: UInt64
        var count: Int
        var screens: ScreenKind
        var strategies: [StrategyUnderTest]
        var allScenarios: Bool
        var readings: WorldReadings
        var cancelledDrags: KeyboardAfterCancelledDrag?
        var jobs: Int

        /// Scenarios judged between two merges: enough to keep every thread
        /// busy, few enough that a stop drops little.
        var batch: Int { 32 * jobs }

        /// The reports of scenario `index`, one per strategy in scope (by
        /// its position), on `worker`'s processes; nil when a stop came first.
        func reports(_ index: Int, worker: Int, stopRequested: () -> Bool) throws(ScenarioFailure) -> (Trace, [(Int, ReplayReport)])? {
            if stopRequested() { return nil }
            let trace = Shootout.trace(seed: seed, index: index, screens: screens, cancelledDrags: cancelledDrags)
            var reports: [(Int, ReplayReport)] = []
            for (i, strategy) in strategies.enumerated() where allScenarios || strategy.scope.admits(trace) {
                do { reports.append((i, try strategy.runner.replay(trace, worker: worker, readings: readings))) } catch {
                    if stopRequested(), (error as? ExternalStrategyError)?.kind == .interrupted { return nil }
                    throw ScenarioFailure(scenario: index, while: "judging", underlying: error)
                }
            }
            return (trace, reports)
        }

        func judge(progress: (RunProgress) -> Void, stopRequested: @escaping @Sendable () -> Bool) throws(ScenarioFailure) -> ShootoutReport {
            var tallies = strategies.map { StrategyTally(name: $0.name, scope: $0.scope, documentedChoices: $0.documentedChoices) }
            var notifications = 0
            var first = 0
            while first < count {
                let size = Swift.min(batch, count - first)
                guard let judged = try judgeBatch(from: first, count: size, stopRequested: stopRequested) else {
                    return ShootoutReport(
                        seed: seed, screens: screens, allScenarios: allScenarios, cancelledDrags: cancelledDrags, strategies: tallies,
                        interrupted: true)
                }
                for (k, (trace, reports)) in judged.enumerated() {
                    // A scenario counts whole or not at all: every strategy's
                    // tally moves together, so an interrupted report's rows
                    // stay comparable.
                    var inScope = Array(repeating: false, count: strategies.count)
                    for (i, report) in reports {
                        inScope[i] = true
                        tallies[i].add(
                            report, index: first + k, promise: strategies[i].promise(for: trace.header), chatScreen: trace.header.composer != nil)
                        notifications += report.steps.count
                    }
                    for i in tallies.indices where !inScope[i] { tallies[i].outOfScope += 1 }
                    progress(
                        RunProgress(
                            scenarios: first + k + 1, target: count, notifications: notifications,
                            violations: tallies.reduce(0) { $0 + $1.totalViolations }))
                }
                first += size
            }
            return ShootoutReport(
                seed: seed, screens: screens, allScenarios: allScenarios, cancelledDrags: cancelledDrags, strategies: tallies, interrupted: false)
        }

        /// Scenarios `first ..< first + count`, in index order, on `jobs`
        /// workers (``StridedBatch``); nil when a stop cut into them.
        func judgeBatch(
            from first: Int, count: Int, stopRequested: @escaping @Sendable () -> Bool
        ) throws(ScenarioFailure) -> [(Trace, [(Int, ReplayReport)])]? {
            try StridedBatch.run(count: count, jobs: jobs) { (k, worker) throws(ScenarioFailure) in
                try reports(first + k, worker: worker, stopRequested: stopRequested)
            }.whole
        }
    }

    /// The shootout's scenario `index` of `seed` shrunk (``Shrinker``) to a
    /// 1-minimal trace on which `strategy` still violates `invariant`, every
    /// candidate inside the strategy's scope unless `allScenarios`: the
    /// exemplar a reader can follow event by event. The scenario itself is
    /// returned when the strategy does not violate `invariant` on it. On
    /// chat screens every candidate is played on the scenario's chat
    /// screen (``ChatScreens/Generated/played(_:)``), so the exemplar is a
    /// chat screen too. With `cancelledDrags`, the scenario shrunk is the
    /// one whose dismissals are each first cancelled once.
    public static func shrunkCounterexample(
        seed: UInt64, index: Int, screens: ScreenKind = .fields, strategy: StrategyUnderTest, invariant: Invariant, allScenarios: Bool = false,
        readings: WorldReadings = .standard, cancelledDrags: KeyboardAfterCancelledDrag? = nil
    ) throws -> Trace {
        let (drawn, scenario) = played(seed: seed, index: index, screens: screens, cancelledDrags: cancelledDrags)
        return try Shrinker.shrink(scenario, prepare: drawn.played) { t in
            try (allScenarios || strategy.scope.admits(t))
                && strategy.replay(t, readings: readings).steps.contains { $0.violations.contains(invariant) }
        }
    }

    /// The trace of the shootout's scenario `index` for `seed`, played on
    /// `screens`: the generator's scenario (not adversarial), or the chat
    /// screen drawn from it.
    ///
    /// With `cancelledDrags`, the scenario with each interactive dismissal
    /// first cancelled once, read as it says
    /// (``Scenario/cancellingEachDismissalOnce(readAs:)``). Under
    /// ``KeyboardAfterCancelledDrag/nothing`` that is the trace without
    /// it, line for line. Under ``KeyboardAfterCancelledDrag/showAgain`` a
    /// chat screen's own events (messages, scrolls, a growing composer),
    /// drawn after each line, move with the lines the shows add.
    public static func trace(seed: UInt64, index: Int, screens: ScreenKind = .fields, cancelledDrags: KeyboardAfterCancelledDrag? = nil) -> Trace {
        let (drawn, scenario) = played(seed: seed, index: index, screens: screens, cancelledDrags: cancelledDrags)
        return cancelledDrags == nil ? drawn.trace : drawn.played(ScenarioSimulator.simulate(scenario).trace)
    }

    /// The shootout's scenario `index` of `seed` as drawn on `screens`, and
    /// the scenario it plays: the one drawn, or with `cancelledDrags` the
    /// one whose dismissals are each first cancelled once.
    private static func played(
        seed: UInt64, index: Int, screens: ScreenKind, cancelledDrags: KeyboardAfterCancelledDrag?
    ) -> (drawn: DrawnScenario, scenario: Scenario) {
        let drawn = DrawnScenario(seed: seed, index: index, screens: screens, adversarial: false)
        return (drawn, cancelledDrags.map { drawn.scenario.cancellingEachDismissalOnce(readAs: $0) } ?? drawn.scenario)
    }
}

/// One strategy's results over a shootout.
public struct StrategyTally: Hashable, Sendable {
    public var name: String
    public var scope: StrategyScope
    /// Scenarios judged.
    public var scenarios = 0
    /// Scenarios left out as outside the strategy's scope.
    public var outOfScope = 0
    /// Scenarios in which each invariant was violated at least once (I2 by
    /// the strategy's own promise).
    public var violations: [Invariant: Int] = [:]
    /// Scenarios in which the field was not even visible (no distance) where
    /// some strategy could show it.
    public var fieldHidden = 0
    /// Of those, the scenarios where the field was hidden only after a switch
    /// between fields with the keyboard up: the verdicts UIKit's own scroll
    /// to a new first responder (not modelled) could change.
    public var fieldHiddenOnlyAfterSwitch = 0
    /// Whether any judged scenario had a promise with a distance.
    public var promisesDistance = false
    /// Scenarios with any violation.
    public var anyViolation = 0
    /// The behaviours the strategy documents as chosen.
    public var documentedChoices: [DocumentedChoice]
    /// Of the scenarios with any violation, those whose every violation
    /// fell on a step where one of ``documentedChoices`` applies: the
    /// library doing what it says it does. Nil for a strategy that documents
    /// no choice.
    public var anyOnlyByChoice: Int?
    public var unsatisfiable = 0
    public var coveredFrames60 = 0
    public var coveredFrames120 = 0
    /// The first scenario index that violated each invariant, to replay it.
    public var firstViolation: [Invariant: Int] = [:]
    /// Scenarios judged that were chat screens (a trace with a composer):
    /// where T1…T4 are judged.
    public var chatScreens = 0

    public init(name: String, scope: StrategyScope = .everything, documentedChoices: [DocumentedChoice] = []) {
        self.name = name
        self.scope = scope
        self.documentedChoices = documentedChoices
        anyOnlyByChoice = documentedChoices.isEmpty ? nil : 0
    }

    mutating func add(_ r: ReplayReport, index: Int, promise: VisibilityPromise, chatScreen: Bool) {
        scenarios += 1
        if chatScreen { chatScreens += 1 }
        if promise.distance > 0 { promisesDistance = true }
        var seen = Set<Invariant>()
        var hidden = false, hiddenBeforeAnySwitch = false, beyondChoices = false
        for step in r.steps {
            seen.formUnion(step.violations)
            hidden = hidden || step.fieldHidden
            hiddenBeforeAnySwitch = hiddenBeforeAnySwitch || (step.fieldHidden && !step.afterFocusSwitch)
            if !step.violations.isEmpty && !documentedChoices.contains(where: { $0.applies(to: step) }) { beyondChoices = true }
        }
        if hidden && !hiddenBeforeAnySwitch { fieldHiddenOnlyAfterSwitch += 1 }
        if !seen.isEmpty && !beyondChoices, let n = anyOnlyByChoice { anyOnlyByChoice = n + 1 }
        for inv in seen {
            violations[inv, default: 0] += 1
            if firstViolation[inv] == nil { firstViolation[inv] = index }
        }
        if !seen.isEmpty { anyViolation += 1 }
        if hidden { fieldHidden += 1 }
        if r.unsatisfiableCount > 0 { unsatisfiable += 1 }
        coveredFrames60 += r.coveredFrames60
        coveredFrames120 += r.coveredFrames120
    }

    /// Total scenarios with any violation counted per invariant.
    public var totalViolations: Int { violations.values.reduce(0, +) }
}

/// The shootout's results.
public struct ShootoutReport: Hashable, Sendable {
    public var seed: UInt64
    /// The screens the scenarios were played on.
    public var screens: ScreenKind
    /// True when scopes were set aside (`--all-scenarios`).
    public var allScenarios: Bool
    /// Each interactive dismissal first cancelled once, iOS read as this
    /// says after the cancel (`--cancel-drags`); nil: no cancel, the
    /// scenarios as drawn.
    public var cancelledDrags: KeyboardAfterCancelledDrag?
    public var strategies: [StrategyTally]
    /// True when the run was stopped before its last scenario: the tallies
    /// hold the scenarios judged whole before the stop (``scenariosRun``).
    public var interrupted: Bool

    public init(
        seed: UInt64, screens: ScreenKind = .fields, allScenarios: Bool, cancelledDrags: KeyboardAfterCancelledDrag? = nil,
        strategies: [StrategyTally],
        interrupted: Bool = false
    ) {
        self.seed = seed
        self.screens = screens
        self.allScenarios = allScenarios
        self.cancelledDrags = cancelledDrags
        self.strategies = strategies
        self.interrupted = interrupted
    }

    /// The scenarios generated and judged (or left out of scope) by every
    /// strategy.
    public var scenariosRun: Int { strategies.map { $0.scenarios + $0.outOfScope }.max() ?? 0 }

    /// The invariants the summary counts: on screens of fields I1…I10;
    /// on chat screens those judged there (``Invariant/isJudgedOnChatScreens``:
    /// T1…T4 in place of I2, I8 and I10).
    var invariantsCounted: [Invariant] {
        switch screens {
        case .fields: Invariant.allCases.filter { !$0.isTranscriptRule }
        case .chat: Invariant.allCases.filter(\.isJudgedOnChatScreens)
        }
    }

    /// The shootout as result records keep it.
    package var summary: ShootoutSummary {
        let counted = invariantsCounted
        return ShootoutSummary(
            seed: seed, generatorVersion: ScenarioGenerator.version, chatScreens: screens == .chat, allScenarios: allScenarios,
            strategies: strategies.map { t in
                ShootoutSummary.Row(
                    name: t.name, scope: t.scope.summary, scenarios: t.scenarios, outOfScope: t.outOfScope,
                    violations: counted.map { .init($0.rawValue, t.violations[$0] ?? 0) }, fieldHidden: t.fieldHidden,
                    fieldHiddenOnlyAfterSwitch: t.fieldHiddenOnlyAfterSwitch,
                    promisesDistance: t.promisesDistance, anyViolation: t.anyViolation, anyOnlyByChoice: t.anyOnlyByChoice,
                    unsatisfiable: t.unsatisfiable,
                    coveredFrames60: t.coveredFrames60, coveredFrames120: t.coveredFrames120
                )
            })
    }

    /// `shootout --json`'s object (docs/result-record.md): the summary's
    /// JSON with `cancelledDrags` when the run cancelled them, and
    /// `interrupted`.
    package var json: JSONWriter.Value {
        guard case .object(let fields) = summary.json else { return summary.json }
        let cancels = cancelledDrags.map { [("cancelledDrags", JSONWriter.Value.string($0.rawValue))] } ?? []
        return .object(fields + cancels + [("interrupted", .bool(interrupted))])
    }
}

extension ShootoutReport {
    /// The column heads of the tables (``ShootoutSummary``'s, which the
    /// report shares).
    public var columnHeads: [String] { summary.columns }

    /// The rows of the table, as text cells, in ``columnHeads`` order.
    public var rows: [[String]] { summary.rows }

    /// The results as a Markdown table (strategy × column), as the README
    /// shows it.
    public var markdownTable: String { summary.markdownTable }

    /// The results as two tables narrow enough for a terminal: the
    /// verdicts, then the details (see ``narrowLegend``).
    package var narrowTables: [(heads: [String], rows: [[String]])] { summary.narrowTables }

    /// What the short heads of ``narrowTables`` mean.
    package var narrowLegend: String { summary.narrowLegend }

    /// Each strategy's first violating scenario of each invariant, in
    /// catalog and invariant order.
    public var counterexamples: [(strategy: String, invariant: Invariant, index: Int)] {
        strategies.flatMap { t in t.firstViolation.sorted { $0.key < $1.key }.map { (t.name, $0.key, $0.value) } }
    }

    /// The file name a counterexample is written under:
    /// `NAME-Ix-seedS-INDEX.kbtrace`.
    public static func counterexampleFile(strategy: String, invariant: Invariant, seed: UInt64, index: Int) -> String {
        "\(strategy)-\(invariant.rawValue)-seed\(seed)-\(index).kbtrace"
    }

    /// The strategy and invariant a ``counterexampleFile(strategy:invariant:seed:index:)``
    /// name stands for, given the strategies' file stems (the stem is
    /// matched whole, so `apple2013` never claims an `apple2013ContentFrame`
    /// file); nil for any other name.
    public static func counterexample(fileNamed name: String, stems: [String]) -> (strategy: String, invariant: Invariant)? {
        let parts = name.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        guard parts.count >= 4, name.hasSuffix(".kbtrace"), let i = parts.firstIndex(where: { Invariant(rawValue: $0) != nil }),
            i > 0, i + 3 == parts.count, parts[i + 1].hasPrefix("seed"), UInt64(parts[i + 1].dropFirst(4)) != nil,
            Int(parts[i + 2].dropLast(".kbtrace".count)) != nil
        else { return nil }
        let stem = parts[..<i].joined(separator: "-")
        guard stems.contains(stem), let invariant = Invariant(rawValue: parts[i]) else { return nil }
        return (stem, invariant)
    }
}
