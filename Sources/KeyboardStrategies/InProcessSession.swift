import KeyboardOracle
import KeyboardTrace
import KeyboardWorld

/// An ``AvoidanceStrategy`` value as a session: it never fails.
package struct InProcessSession<S: AvoidanceStrategy>: StrategySession {
    package var strategy: S

    package init(_ world: SimulatedWorld) { strategy = S(world: world) }

    @inline(__always)
    package mutating func handle(
        _ event: TraceEvent, line: Int, world: SimulatedWorld, scrollView: inout ScrollViewModel
    ) -> StepOutcome {
        strategy.handle(event, world: world, scrollView: &scrollView)
    }
}
