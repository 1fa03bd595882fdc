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

    /// The start of `trace`.
    public init(_ trace: Trace) {
        world = SimulatedWorld(trace: trace)
        scrollView = ScrollViewModel(world.ownScrollView)
        lines = trace.events
    }

    /// The next line, not yet applied; nil at the end.
    public var upcoming: TraceLine? { position < lines.count ? lines[position] : nil }

    /// Applies the next line to the world and the scroll view and returns
    /// it; nil, changing nothing, at the end.
    public mutating func advance() -> TraceLine? {
        guard position < lines.count else { return nil }
        let line = lines[position]
        position += 1
        world.apply(line, scrollView: &scrollView)
        return line
    }
}
