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

    /// The world the trace starts in, until the first event is handled.
    private var start: SimulatedWorld?

    /// The modifier, on a view that appears in `start` (the world a trace
    /// starts in).
    package init(_ modifier: Modifier, order: SwiftUIReportOrder, start: SimulatedWorld) {
        self.modifier = modifier
        reporter = SwiftUIReporter(order: order)
        self.start = start
    }

    /// Reports `event` (applied to `world` and `scrollView` already) and
    /// performs what the modifier asks: everything it asked for, merged.
    /// The layout the event brought (a focus's own scroll, a rotation) is
    /// reported and settled first, then the event's own reports; the
    /// user's scroll of a chat screen's transcript is reported inside the
    /// scroll phase the user drives
    /// (``SwiftUIReporter/reportsBeginning(_:world:)``).
    ///
    /// Before the first event the view appears and has its first layout
    /// in the trace's start, as an app's view does before anything
    /// happens to it: the modifier hears that layout and acts on the
    /// scroll view as it was then, and the event then does to that scroll
    /// view what it did to `scrollView` (the world's own changes,
    /// ``SimulatedWorld/applySystemChanges(of:to:)``), which it replaces.
    /// A chat screen's transcript that starts at its end is followed from
    /// there, whatever the first event moves.
    package mutating func handle(_ event: TraceEvent, world: SimulatedWorld, scrollView: inout ScrollViewModel) -> SwiftUISessionStep {
        var first = SwiftUISessionStep()
        if let start {
            self.start = nil
            var view = ScrollViewModel(start.ownScrollView, pullsOffsetOnInsetChange: scrollView.pullsOffsetOnInsetChange)
            first = run(reporter.prelude(world: start, scrollView: view), world: start, scrollView: &view)
            world.applySystemChanges(of: event, to: &view)
            scrollView = view
        }
        holdMargins(world: world, scrollView: &scrollView)
        let beginning = run(reporter.reportsBeginning(event, world: world), world: world, scrollView: &scrollView)
        let reports = reporter.reports(for: event, world: world, scrollView: scrollView)
        return first.then(beginning).then(run(reports, world: world, scrollView: &scrollView))
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
