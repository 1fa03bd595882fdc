import KeyboardGeneration
import KeyboardScenarios
import KeyboardStrategies
import KeyboardTrace

/// The generated scenarios of one seed that a strategy's scope admits, in
/// the generator's order: the walk every check of a strategy on its own
/// scenarios makes: the mixed stream on `screens`
/// (``DrawnScenario/init(mixedSeed:index:screens:)``: the shootout's plain
/// draws and a campaign's adversarial ones, alike).
///
/// At most `limit` indices are walked: a scope that admits far fewer
/// scenarios than the caller takes ends the walk, and the caller's count
/// of what it checked shows it, instead of the walk going on for ever.
/// ``walked`` is how many indices were walked so far.
package struct ScenariosInScope: Sequence, IteratorProtocol {
    package let scope: StrategyScope
    package let seed: UInt64
    package let screens: ScreenKind
    package let limit: Int
    /// The next index to draw: how many were walked.
    package private(set) var walked = 0

    package init(_ scope: StrategyScope, seed: UInt64, screens: ScreenKind, limit: Int) {
        self.scope = scope
        self.seed = seed
        self.screens = screens
        self.limit = limit
    }

    /// The next scenario in scope, with its generator index; nil once
    /// `limit` indices are walked.
    package mutating func next() -> (index: Int, trace: Trace)? {
        while walked < limit {
            let index = walked
            walked += 1
            let trace = DrawnScenario(mixedSeed: seed, index: index, screens: screens).trace
            if scope.admits(trace) { return (index, trace) }
        }
        return nil
    }
}
