import KeyboardOracle
import KeyboardStrategies
import KeyboardTrace
import KeyboardWorld

/// One workload per strategy (`apple2009`, `apple2013`, …): the strategy
/// handles the same notifications on the simulator's scroll-view model, as
/// the replay drives it. The scroll view is reset to the trace's start when
/// a trace begins again.
public final class StrategyWorkload<S: AvoidanceStrategy>: Workload {
    public let name: String
    let stream: NotificationStream
    private var instances: [S]
    private var scrollViews: [ScrollViewModel]
    private var position: [Int]

    /// `name` defaults to the strategy's.
    public init(stream: NotificationStream, name: String? = nil) {
        self.name = name ?? S.name
        self.stream = stream
        instances = []
        scrollViews = []
        position = []
        reset()
    }

    public var count: Int { stream.notifications.count }

    public func reset() {
        let starts = stream.traces.map(Self.start)
        instances = starts.map(\.strategy)
        scrollViews = starts.map(\.scrollView)
        position = Array(repeating: 0, count: stream.traces.count)
    }

    /// A fresh strategy and the scroll view as `trace` starts, from one
    /// world.
    private static func start(_ trace: Trace) -> (strategy: S, scrollView: ScrollViewModel) {
        let replay = WorldReplay(trace)
        return (S(world: replay.world), replay.scrollView)
    }

    public func run(_ i: Int) -> Int {
        let (t, s) = stream.notifications[i % count]
        if position[t] > s {
            (instances[t], scrollViews[t]) = Self.start(stream.traces[t])
            position[t] = 0
        }
        return Self.advance(&instances[t], &scrollViews[t], &position[t], to: s, in: stream.steps[t])
    }

    /// The notification on copies of its trace's strategy and scroll view
    /// (a strategy is a value): the same steps, nothing kept.
    public func rehearse(_ i: Int) -> Int {
        let (t, s) = stream.notifications[i % count]
        // Where `run` would start its trace again, so does the rehearsal.
        var (strategy, scrollView) = position[t] > s ? Self.start(stream.traces[t]) : (instances[t], scrollViews[t])
        var at = position[t] > s ? 0 : position[t]
        return Self.advance(&strategy, &scrollView, &at, to: s, in: stream.steps[t])
    }

    /// Handles the steps from `position` through `s`; the checksum.
    private static func advance(
        _ strategy: inout S, _ scrollView: inout ScrollViewModel, _ position: inout Int, to s: Int, in steps: [NotificationStream.Step]
    ) -> Int {
        var checksum = 0
        while position <= s {
            let step = steps[position]
            let outcome = strategy.handle(step.event, world: step.world, scrollView: &scrollView)
            checksum &+= outcome.action == .apply ? 1 : 0
            position += 1
        }
        return checksum
    }
}
