import KeyboardTrace

/// A trace played through the simulated world, one line at a time: the one
/// sequence every replay, judge, storyboard, workload and test walks.
///
/// It starts with the world at the trace's start and the scroll view as the
/// app set it up (``SimulatedWorld/ownScrollView``, its offset the header's).
/// ``advance()`` applies the next line's event and truth to both, as iOS
/// and the app would (``SimulatedWorld/apply(_:scrollView:)``); what a
/// strategy does in reply is the caller's, on ``scrollView``, between two
/// calls.
///
///     var replay = WorldReplay(trace)
///     while let line = replay.advance() {
///         strategy.handle(line.event, world: replay.world, scrollView: &replay.scrollView)
///     }
public struct WorldReplay: Sendable {
    /// The world after the lines applied so far.
    public private(set) var world: SimulatedWorld
    /// The scroll view: the app's, changed by the lines applied so far and
    /// by whatever the caller did to it.
    public var scrollView: ScrollViewModel
    /// The trace's lines.
    public let lines: [TraceLine]
    /// The index in ``lines`` of the next line to apply (`lines.count` at
    /// the end).
    public private(set) var position = 0

    /// The start of `trace`, unsettled rules read as `readings` says.
    public init(_ trace: Trace, readings: WorldReadings = .standard) {
        world = SimulatedWorld(trace: trace, readings: readings)
        scrollView = ScrollViewModel(world.ownScrollView, pullsOffsetOnInsetChange: readings.insetChangesPullOffsetIntoRange)
        lines = trace.events
    }

    /// True when every line has been applied.
    public var isAtEnd: Bool { position == lines.count }

    /// Applies the next line to the world and the scroll view and returns
    /// it; nil, changing nothing, at the end.
    public mutating func advance() -> TraceLine? {
        guard !isAtEnd else { return nil }
        applyNext()
        return lines[position - 1]
    }

    /// Applies the next line without handing it back, for a caller that
    /// reads it from ``lines`` at ``position`` itself (a trace line is a
    /// large value: the judge's hot loop does not copy it twice). There
    /// must be a next line (``isAtEnd`` false).
    public mutating func applyNext() {
        precondition(!isAtEnd, "no line left to apply")
        world.apply(lines[position], scrollView: &scrollView)
        position += 1
    }
}
