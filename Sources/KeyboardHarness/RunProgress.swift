/// How far a long run (a campaign, a shootout, a replay of many traces) has
/// come: what a progress bar or a CI status line shows.
public struct RunProgress: Hashable, Sendable {
    /// Scenarios (or traces) done.
    public var scenarios: Int
    /// How many there are to do, when the run is bounded by a count.
    public var target: Int?
    /// Notifications checked so far.
    public var notifications: Int
    /// Scenarios (or traces) with at least one violation so far.
    public var violations: Int

    public init(scenarios: Int, target: Int?, notifications: Int, violations: Int) {
        self.scenarios = scenarios
        self.target = target
        self.notifications = notifications
        self.violations = violations
    }
}
