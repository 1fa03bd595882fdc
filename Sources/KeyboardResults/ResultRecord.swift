/// The versioned record every `kbbench bench` (and the standard suite)
/// writes under `results/`: what ran, where, on which commit, and the
/// figures. docs/result-record.md specifies the file.
///
/// Reading is strict (see `ResultRecord+Reading.swift`): every number is
/// range-checked where it is read, so a hand-edited record fails with a
/// message naming the file, line and key, never a crash.
package struct ResultRecord: Hashable, Sendable {
    /// The version this code writes; it reads 1 to 3. Version 3 names its
    /// checks for what they measure, with their limits beside them
    /// (``limits``); earlier records keep the names their checks had.
    package static let schemaVersion = 3
    /// The oldest schema whose benchmarks measure what this code's do:
    /// records from it on compare with each other whatever their schema
    /// (schema 3 renamed checks, not what a benchmark measures); an older
    /// record compares only with its own schema.
    package static let measuresAlikeSince = 2
    /// The `kind` of a record file.
    package static let kind = "kbbench-result"

    package var toolVersion: String
    /// The commit the measuring binary was built from ("unknown" outside
    /// git).
    package var gitCommit: String
    /// Whether the tree that binary was built from held changes its commit
    /// lacks; nil when not known (outside git, older records).
    package var uncommittedChanges: Bool?
    /// UTC, ISO 8601 (`2026-11-22T01:15:46Z`).
    package var date: String
    package var machine: Machine
    package var build: Build
    /// The cost of one clock read, in ns (included in p90…max).
    package var clockNanoseconds: Double
    package var benchmarks: [BenchmarkFigures]
    package var scaling: [ScalingCurve]
    package var checks: [Check]
    /// Each check's limit when the record was made (``Gate``), by name;
    /// empty in records older than schema 3.
    package var limits: [String: Double] = [:]
    /// The checks that were targets, not gates, when the record was made: a
    /// miss is "target not met", not a failure. Kept in the record, so a
    /// check retired or promoted later is still shown as it counted then;
    /// no check is a target today.
    package var targets: [String]
    package var shootout: ShootoutSummary?
    /// The scenario generator's version (the benchmarks replay the
    /// notifications of its reference seed, and the counterexample times
    /// start from its seed 1); nil in records made before versions. Two
    /// records of different versions measured different notifications.
    package var generatorVersion: Int?
    /// Per recipe, the time to a shrunk counterexample (see
    /// ``CounterexampleTime``); empty in older records and when not
    /// measured.
    package var counterexampleTimes: [CounterexampleTime] = []
    /// Instructions a fuzz campaign spends per checked notification, one
    /// entry per seed counted (see ``FuzzCost``); empty in older records and
    /// when not counted.
    package var fuzzCosts: [FuzzCost] = []
    /// Per planted bug, how soon campaigns found it (see
    /// ``PlantedBugFigures``); empty in older records and when not run.
    package var plantedBugs: [PlantedBugFigures] = []
    /// The planted-slowdown benchmark's trials (see
    /// ``PlantedSlowdownTrial``); empty in older records and when not run.
    package var plantedSlowdowns: [PlantedSlowdownTrial] = []
    /// Ratios between benchmarks measured round by round in this run (see
    /// ``BenchmarkRatio``); empty in older records.
    package var ratios: [BenchmarkRatio]
    /// The schema version the record was read in; ``schemaVersion`` for a
    /// record made by this code. Records of two schemas compare only when
    /// both are at least ``measuresAlikeSince``.
    package var schema: Int

    package init(
        toolVersion: String, gitCommit: String, date: String, machine: Machine, build: Build, clockNanoseconds: Double,
        benchmarks: [BenchmarkFigures], scaling: [ScalingCurve] = [], checks: [Check] = [], targets: [String] = [],
        shootout: ShootoutSummary? = nil, ratios: [BenchmarkRatio] = [], schema: Int = ResultRecord.schemaVersion
    ) {
        self.toolVersion = toolVersion
        self.gitCommit = gitCommit
        self.date = date
        self.machine = machine
        self.build = build
        self.clockNanoseconds = clockNanoseconds
        self.benchmarks = benchmarks
        self.scaling = scaling
        self.checks = checks
        self.targets = targets
        self.shootout = shootout
        self.ratios = ratios
        self.schema = schema
    }

    /// The benchmark called `name`, if the record has it.
    package func benchmark(_ name: String) -> BenchmarkFigures? { benchmarks.first { $0.name == name } }
}

/// Where a record was made.
package struct Machine: Hashable, Sendable {
    package var os: String
    package var cpu: String
    package var cores: Int
    package var host: String

    package init(os: String, cpu: String, cores: Int, host: String) {
        self.os = os
        self.cpu = cpu
        self.cores = cores
        self.host = host
    }
}

/// How kbbench was compiled: a debug build's times are not representative.
package enum Build: String, Hashable, Sendable, CaseIterable {
    case release
    case debug
    /// Records of schema 1 before the key existed.
    case unknown
}

/// One benchmark's figures, in nanoseconds per notification.
package struct BenchmarkFigures: Hashable, Sendable {
    package var name: String
    package var p50: Double
    package var p90: Double
    package var p99: Double
    package var p999: Double
    package var max: Double
    package var samples: Int
    package var allocationsPerNotification: Double
    /// Instructions per notification counted by callgrind
    /// (`scripts/bench-instructions`); nil when not counted. Unlike time,
    /// the same on every run of the same binary.
    package var instructionsPerNotification: Double?
    /// Whether the benchmark's instruction count can move between two
    /// builds of the same code (Foundation and the runtime's casts probe
    /// hash tables keyed by addresses), so that only time compares it
    /// across builds; false in records older than the key.
    package var instructionsVaryWithBuild: Bool
    /// The benchmark its time is measured against, round by round
    /// (``CalibratedTime``); nil for a calibrator itself and in records
    /// older than the key.
    package var calibrator: String?
    /// Per interleaved round, the median batch mean in ns (what ``p50`` is
    /// over all rounds); empty in records older than the key.
    package var roundMedians: [Double]

    package init(
        name: String, p50: Double, p90: Double, p99: Double, p999: Double, max: Double, samples: Int, allocationsPerNotification: Double,
        instructionsPerNotification: Double? = nil, instructionsVaryWithBuild: Bool = false, calibrator: String? = nil, roundMedians: [Double] = []
    ) {
        self.name = name
        self.p50 = p50
        self.p90 = p90
        self.p99 = p99
        self.p999 = p999
        self.max = max
        self.samples = samples
        self.allocationsPerNotification = allocationsPerNotification
        self.instructionsPerNotification = instructionsPerNotification
        self.instructionsVaryWithBuild = instructionsVaryWithBuild
        self.calibrator = calibrator
        self.roundMedians = roundMedians
    }

    /// The 60 Hz frame budget, 1/60 s, in ns.
    package static let budget60 = 16_666_667.0
    /// The 120 Hz frame budget, 1/120 s, in ns.
    package static let budget120 = 8_333_333.0

    package var budgetFraction60: Double { p99 / Self.budget60 }
    package var budgetFraction120: Double { p99 / Self.budget120 }
    package var headroom60: Double { Self.budget60 / Swift.max(p99, 1) }
    package var headroom120: Double { Self.budget120 / Swift.max(p99, 1) }
}

/// The engine's cost per notification as something grows (fields, burst
/// length), as p50 per point.
package struct ScalingCurve: Hashable, Sendable {
    package var name: String
    package var points: [Point]

    package struct Point: Hashable, Sendable {
        package var n: Int
        package var p50: Double
        package init(n: Int, p50: Double) {
            self.n = n
            self.p50 = p50
        }
    }

    package init(name: String, points: [Point]) {
        self.name = name
        self.points = points
    }

    /// Each point's p50 over the first point's: 1 for the first, 1.1 for
    /// 110 ns after 100 ns; none for a curve of no points. A first p50 of
    /// 0 (a run too fast for the clock) counts as 10⁻⁹ ns, so a ratio is
    /// always finite.
    package var ratios: [Double] {
        guard let base = points.first?.p50 else { return [] }
        return points.map { $0.p50 / Swift.max(base, 1e-9) }
    }
}

/// A named check of the figures (`engineAllocations`, see ``Gate``): passed, failed,
/// or not evaluated (a debug build's times say nothing).
package struct Check: Hashable, Sendable {
    package enum Outcome: String, Hashable, Sendable {
        case passed
        case failed
        case notEvaluated
    }

    package var name: String
    package var outcome: Outcome

    package init(name: String, outcome: Outcome) {
        self.name = name
        self.outcome = outcome
    }
}

/// The shootout as a record keeps it: per strategy, the scenarios judged and
/// the counts the table shows.
package struct ShootoutSummary: Hashable, Sendable {
    /// How many scenarios violated one invariant: its code (`I1`…, as
    /// records spell it) and the count.
    package struct InvariantCount: Hashable, Sendable {
        package var code: String
        package var scenarios: Int

        package init(_ code: String, _ scenarios: Int) {
            self.code = code
            self.scenarios = scenarios
        }
    }

    package var seed: UInt64
    /// The generator version the seed was drawn with; nil in records made
    /// before versions.
    package var generatorVersion: Int?
    /// True when every strategy was judged on every scenario, scopes aside.
    package var allScenarios: Bool
    /// True when the scenarios were played on chat screens (`"screens":
    /// "chat"`): the counts are of I1, I3…I7, I9 and T1…T4, and no field
    /// was there to hide or cover.
    package var chatScreens: Bool
    package var strategies: [Row]

    package struct Row: Hashable, Sendable {
        package var name: String
        /// Where the strategy is meant to run, in words; nil in records
        /// older than scopes.
        package var scope: String?
        /// Scenarios judged (those in scope, or all with `allScenarios`).
        package var scenarios: Int
        /// Scenarios left out as outside the strategy's scope.
        package var outOfScope: Int
        /// Scenarios violating each invariant, in I1…I10 order (then T1…T4
        /// where chat screens were judged); I2 by the strategy's own promise.
        package var violations: [InvariantCount]
        /// Scenarios where the field was not even visible (no distance);
        /// nil in records older than promises.
        package var fieldHidden: Int?
        /// Of those, hidden only after a switch between fields with the
        /// keyboard up; nil in older records.
        package var fieldHiddenOnlyAfterSwitch: Int?
        /// Whether the strategy promised a distance from the keyboard in any
        /// judged scenario (else its I2 is the same as `fieldHidden`).
        package var promisesDistance: Bool
        /// Scenarios with any violation; nil in older records.
        package var anyViolation: Int?
        /// Of those, the scenarios whose every violation fell where a
        /// behaviour the strategy documents as chosen applies; nil for a
        /// strategy that documents none, and in older records.
        package var anyOnlyByChoice: Int?
        package var unsatisfiable: Int
        package var coveredFrames60: Int
        package var coveredFrames120: Int

        package init(
            name: String, scope: String? = nil, scenarios: Int, outOfScope: Int = 0, violations: [InvariantCount], fieldHidden: Int? = nil,
            fieldHiddenOnlyAfterSwitch: Int? = nil, promisesDistance: Bool = false, anyViolation: Int? = nil, anyOnlyByChoice: Int? = nil,
            unsatisfiable: Int, coveredFrames60: Int, coveredFrames120: Int
        ) {
            self.name = name
            self.scope = scope
            self.scenarios = scenarios
            self.outOfScope = outOfScope
            self.violations = violations
            self.fieldHidden = fieldHidden
            self.fieldHiddenOnlyAfterSwitch = fieldHiddenOnlyAfterSwitch
            self.promisesDistance = promisesDistance
            self.anyViolation = anyViolation
            self.anyOnlyByChoice = anyOnlyByChoice
            self.unsatisfiable = unsatisfiable
            self.coveredFrames60 = coveredFrames60
            self.coveredFrames120 = coveredFrames120
        }
    }

    package init(seed: UInt64, generatorVersion: Int? = nil, chatScreens: Bool = false, allScenarios: Bool = false, strategies: [Row]) {
        self.seed = seed
        self.generatorVersion = generatorVersion
        self.chatScreens = chatScreens
        self.allScenarios = allScenarios
        self.strategies = strategies
    }
}
