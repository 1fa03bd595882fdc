import KeyboardJSON
import KeyboardOracle
import KeyboardStrategies
import SystemPackage

/// What a ``Campaign`` found: the totals (a resumed campaign's include the
/// earlier processes' runs), the counterexamples, the corpus replay, and
/// this process's speed.
public struct CampaignResult: Sendable {
    /// What replaying the corpus found.
    public struct CorpusReplay: Hashable, Sendable {
        /// Traces in scope, replayed.
        public var traces = 0
        /// The traces that violate an invariant, and which.
        public var failing: [Failure] = []

        /// A corpus trace that violates invariants.
        public struct Failure: Hashable, Sendable {
            public var path: FilePath
            public var invariants: [Invariant]

            public init(path: FilePath, invariants: [Invariant]) {
                self.path = path
                self.invariants = invariants
            }
        }

        public init() {}
    }

    public var strategy: String
    /// The seed, generator version, screens and shard.
    public var identity: CampaignIdentity
    public var seed: UInt64 { identity.seed }
    public var shard: Shard { identity.shard }
    /// The campaign's bound, as its state holds it (a resumed campaign's
    /// own, unless the resume gave another).
    public var bound: Campaign.Bound
    /// Whether scenarios outside the strategy's scope were judged too.
    public var allScenarios: Bool
    public var totals: FuzzTotals
    /// Runs completed, in shard order.
    public var runsDone: Int
    /// The counterexamples this process shrank, with their traces, in the
    /// order found (at most one per invariant).
    public var counterexamples: [Counterexample]
    /// Every counterexample of the campaign, earlier processes' included,
    /// as the state lists them (`trace` is the saved file's path, empty when
    /// the campaign has no corpus).
    public var savedCounterexamples: [CounterexampleRecord]
    public var corpus: CorpusReplay
    /// This process's speed.
    public var throughput: FuzzThroughput
    /// The campaign stopped early (``StopRequest``, Ctrl-C or SIGTERM); its state
    /// is saved at ``statePath``.
    public var interrupted: Bool
    /// Where the state is saved when the campaign can be resumed; nil once
    /// it finished.
    public var statePath: FilePath?

    /// Scenarios in which each invariant was violated (absent: none).
    public var violations: [Invariant: Int] { totals.violations }

    /// True when no scenario and no corpus trace violated anything.
    public var passed: Bool { totals.totalViolations == 0 && corpus.failing.isEmpty }

    /// The campaign's summary: `kbbench fuzz --json`, and what
    /// `kbbench merge` puts together.
    public var summary: FuzzSummary {
        FuzzSummary(
            strategy: strategy, identity: identity, bound: bound, allScenarios: allScenarios, totals: totals,
            corpus: corpus,
            throughput: throughput, counterexamples: savedCounterexamples, interrupted: interrupted)
    }
}
