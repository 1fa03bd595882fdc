import KeyboardAvoidance
import KeyboardAvoidanceSwiftUI
import KeyboardGeometry
import KeyboardTrace
import KeyboardWorld

/// SwiftUI around the kbbench modifier, on the simulator's world and
/// scroll view model: it reports the world to the modifier
/// (``SwiftUIReporter``) and performs what the modifier asks, as SwiftUI
/// would, until the layout is quiet.
///
/// - **Margins** add to the app's own inset: the model's content inset is
///   the app's plus the content margin, its indicator insets the app's plus
///   the indicators' margin. They stay until the modifier sets others,
///   whatever the app's own inset does meanwhile.
/// - **A scroll** (`ScrollPosition.scrollTo(x:y:)`) sets the offset.
/// - **Rounds.** The reports of one event are delivered; then, round after
///   round, the main queue runs (a pass's end) and the changes the
///   modifier's own margin and scroll made are reported, until a round
///   brings nothing; at most ``maximumRounds`` (a modifier still busy then
///   is left as it is, for the oracle to judge).
package struct SwiftUIModifierHost<Modifier: SwiftUIModifierUnderTest> {
    package private(set) var modifier: Modifier
    private var reporter: SwiftUIReporter
    private var margins = SwiftUISessionStep.Margins(content: 0, indicators: 0)

    /// The most rounds one event is given to settle in.
    package static var maximumRounds: Int { 8 }

    package init(_ modifier: Modifier, order: SwiftUIReportOrder) {
        self.modifier = modifier
        reporter = SwiftUIReporter(order: order)
    }

    /// Reports `event` (applied to `world` and `scrollView` already, and,
    /// before the first, the view's first layout) and performs what the
    /// modifier asks: everything it asked for, merged.
    package mutating func handle(_ event: TraceEvent, world: SimulatedWorld, scrollView: inout ScrollViewModel) -> SwiftUISessionStep {
        holdMargins(world: world, scrollView: &scrollView)
        let prelude = reporter.prelude(world: world, scrollView: scrollView)
        let first = run(prelude, world: world, scrollView: &scrollView)
        let reports = reporter.reports(for: event, world: world, scrollView: scrollView)
        return first.then(run(reports, world: world, scrollView: &scrollView))
    }

    /// Delivers `reports`, then settles round after round.
    private mutating func run(_ reports: [SwiftUIReport<Int>], world: SimulatedWorld, scrollView: inout ScrollViewModel) -> SwiftUISessionStep {
        var step = deliver(reports, world: world, scrollView: &scrollView)
        for _ in 0..<Self.maximumRounds {
            let settled = modifier.settle()
            if let settled { step = step.then(perform(settled, world: world, scrollView: &scrollView)) }
            let next = reporter.layoutReports(world: world, scrollView: scrollView)
            if settled == nil && next.isEmpty { break }
            step = step.then(deliver(next, world: world, scrollView: &scrollView))
        }
        return step
    }

    private mutating func deliver(_ reports: [SwiftUIReport<Int>], world: SimulatedWorld, scrollView: inout ScrollViewModel) -> SwiftUISessionStep {
        var step = SwiftUISessionStep()
        for report in reports {
            step = step.then(perform(modifier.receive(report), world: world, scrollView: &scrollView))
        }
        return step
    }

    /// Performs `step` on `scrollView` as SwiftUI does; returns it.
    private mutating func perform(_ step: SwiftUISessionStep, world: SimulatedWorld, scrollView: inout ScrollViewModel) -> SwiftUISessionStep {
        if let m = step.margins {
            margins = m
            holdMargins(world: world, scrollView: &scrollView)
        }
        if let offset = step.scroll { scrollView.contentOffset = offset }
        return step
    }

    /// The app's own insets plus our margins.
    private func holdMargins(world: SimulatedWorld, scrollView: inout ScrollViewModel) {
        let own = world.ownScrollView.contentInset
        scrollView.contentInset = own.withBottom(own.bottom + margins.content)
        scrollView.indicatorInsets = own.withBottom(own.bottom + margins.indicators)
    }
}

extension SwiftUIModifierHost: Sendable where Modifier: Sendable {}
