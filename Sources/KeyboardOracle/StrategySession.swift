import KeyboardTrace
import KeyboardWorld

/// One instance of a strategy replaying one trace, as the replayer drives
/// it: a built-in or a team's own ``AvoidanceStrategy`` (which cannot fail),
/// or a strategy in another process (which can: it may crash, hang or reply
/// with nonsense, and the replay then stops with its `Failure`).
package protocol StrategySession {
    associatedtype Failure: Error
    /// Handles the event on trace line `line` (the world already reflects
    /// it), changing only `scrollView`, and says what it did.
    mutating func handle(
        _ event: TraceEvent, line: Int, world: SimulatedWorld, scrollView: inout ScrollViewModel
    ) throws(Failure) -> StepOutcome
}
