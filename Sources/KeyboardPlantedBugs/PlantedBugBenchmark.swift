import KeyboardHarness
import KeyboardResults

/// The fuzzer measured the way FuzzBench and Magma measure fuzzers: realistic
/// bugs planted in an app's keyboard glue (``PlantedGlue``), each fuzzed as
/// a user would fuzz their own code, with ``Campaign``'s defaults and the
/// campaign stopped at its first failure; its figure of merit is the runs
/// to that failure, and a bug never found within the budget is reported as
/// such.
package enum PlantedBugBenchmark {
    /// Every planted bug, in the order reports list them.
    package static let bugs: [StrategyUnderTest] = [
        StrategyUnderTest(PlantedGlue<IgnoresCaret>.self),
        StrategyUnderTest(PlantedGlue<IgnoresCaretMoves>.self),
        StrategyUnderTest(PlantedGlue<IgnoresOtherAppsKeyboard>.self),
        StrategyUnderTest(PlantedGlue<CountsSafeAreaTwice>.self),
        StrategyUnderTest(PlantedGlue<ReadsFrameBegin>.self),
        StrategyUnderTest(PlantedGlue<AssumesWindowAtOrigin>.self),
        StrategyUnderTest(PlantedGlue<IgnoresFrameChanges>.self),
        StrategyUnderTest(PlantedGlue<IgnoresFocusWhileKeyboardUp>.self),
        StrategyUnderTest(PlantedGlue<ObservesOnlyWhileEditing>.self),
        StrategyUnderTest(PlantedGlue<SavesInsetWhenKeyboardShows>.self),
        StrategyUnderTest(PlantedGlue<IgnoresAppearance>.self),
        StrategyUnderTest(PlantedGlue<IgnoresLayoutChanges>.self),
        StrategyUnderTest(PlantedGlue<HearsOnlyWillNotifications>.self),
        StrategyUnderTest(PlantedGlue<RequiresFrameEndKey>.self),
        StrategyUnderTest(PlantedGlue<ForgetsDistance>.self),
        StrategyUnderTest(PlantedGlue<ForgetsTallFieldPolicy>.self),
        StrategyUnderTest(PlantedGlue<ReadsFramesAsOriented>.self),
        StrategyUnderTest(PlantedGlue<ReadsUndockedAsDocked>.self),
        StrategyUnderTest(PlantedGlue<AssumesScrollViewAtTop>.self),
        StrategyUnderTest(PlantedGlue<ReadsHidesByTheirFrame>.self),
        StrategyUnderTest(PlantedGlue<AssumesAutomaticInsetAdjustment>.self),
        StrategyUnderTest(PlantedGlue<CachesWindowUntilRotation>.self),
        StrategyUnderTest(PlantedGlue<SavesOwnInsetOnce>.self),
        StrategyUnderTest(PlantedGlue<ActsOnlyWhenTheHeightChanges>.self),
        StrategyUnderTest(PlantedGlue<MeasuresFromTheScreensBottom>.self),
    ]

    /// The planted bugs of chat screens' glue (`ChatGlueMistakes.swift`):
    /// each breaks a transcript rule, so each is fuzzed on chat screens
    /// (`Campaign.screens`), as a team fuzzes its chat screen's glue.
    package static let chatBugs: [StrategyUnderTest] = [
        StrategyUnderTest(PlantedGlue<LeavesTranscriptOffset>.self),
        StrategyUnderTest(PlantedGlue<IgnoresComposerHeight>.self),
        StrategyUnderTest(PlantedGlue<FollowsOnlyTheKeyboard>.self),
        StrategyUnderTest(PlantedGlue<ReservesComposerTwice>.self),
        StrategyUnderTest(PlantedGlue<JumpsToTheNewestMessage>.self),
    ]

    /// Every planted bug with the screens it is fuzzed on: the bugs of a
    /// screen of fields', then the chat screens'.
    package static let all: [(bug: StrategyUnderTest, screens: ScreenKind)] =
        bugs.map { ($0, .fields) } + chatBugs.map { ($0, .chat) }

    /// What one campaign against one planted bug found.
    package struct Trial: Hashable, Sendable {
        package var bug: String
        package var seed: UInt64
        /// Scenarios run up to and including the first that failed, or the
        /// whole budget when none did.
        package var runs: Int
        /// The first failing scenario's first invariant (its lowest), nil
        /// when the bug was not found.
        package var invariant: String?
        /// Events in that counterexample once shrunk.
        package var shrunkEvents: Int?

        package var found: Bool { invariant != nil }
    }

    /// Fuzzes `bug` on `seed` until its first failure or `budget` runs, as
    /// `Campaign(bug, seed:, runs: budget, screens:)` with the campaign
    /// stopped at its first failure.
    package static func trial(
        _ bug: StrategyUnderTest, seed: UInt64, budget: Int = Campaign.defaultRuns, screens: ScreenKind = .fields
    ) throws -> Trial {
        var campaign = Campaign(strategy: bug, seed: seed, bound: .runs(budget), screens: screens)
        campaign.stopsAtFirstFailure = true
        let result = try campaign.run()
        let first = result.counterexamples.first
        return Trial(
            bug: bug.name, seed: seed, runs: result.runsDone, invariant: first?.invariant.rawValue, shrunkEvents: first?.trace.events.count)
    }
}

extension PlantedBugBenchmark {
    /// `bug`'s trials on `seeds` seeds from `firstSeed` on (on `screens`), summed up as a
    /// record keeps them; nil when `stopRequested` said yes between two
    /// trials.
    package static func figures(
        _ bug: StrategyUnderTest, firstSeed: UInt64, seeds: Int, budget: Int = Campaign.defaultRuns, screens: ScreenKind = .fields,
        stopRequested: () -> Bool = { false }
    ) throws -> PlantedBugFigures? {
        var trials: [Trial] = []
        for s in 0..<seeds {
            if stopRequested() { return nil }
            trials.append(try trial(bug, seed: firstSeed &+ UInt64(s), budget: budget, screens: screens))
        }
        let found = trials.filter(\.found)
        return PlantedBugFigures(
            bug: bug.name, firstSeed: firstSeed, seeds: seeds, budget: budget, found: found.count,
            medianRuns: PlantedBugFigures.median(trials.map { Double($0.runs) }) ?? 0, maxRuns: trials.map(\.runs).max() ?? 0,
            medianShrunkEvents: PlantedBugFigures.median(found.compactMap { $0.shrunkEvents.map(Double.init) }))
    }
}
