/// How fast one process checked notifications: the figure a campaign
/// reports, by the wall clock and by the CPU time it used.
///
/// The CPU figure counts the process's CPU time on all threads, so with
/// `--jobs n` it is the speed of one core, and on a shared machine it leaves
/// out the time the process waited for a core (the wall figure's main noise
/// here). Edge cases: a zero duration gives a rate of 0, never a division
/// by zero; only this process's work counts (a resumed campaign's earlier
/// runs are in its totals, not in its throughput).
public struct FuzzThroughput: Hashable, Sendable {
    /// Notifications (events of every kind, each judged) checked by this
    /// process.
    public var notifications: Int
    /// Wall-clock seconds this process spent on the campaign.
    public var seconds: Double
    /// CPU seconds this process used on all its threads.
    public var cpuSeconds: Double

    public init(notifications: Int, seconds: Double, cpuSeconds: Double) {
        self.notifications = notifications
        self.seconds = seconds
        self.cpuSeconds = cpuSeconds
    }

    /// Notifications per wall-clock second.
    public var perSecond: Double { Self.rate(notifications, seconds) }

    /// Notifications per CPU second: the speed of one core.
    public var perCPUSecond: Double { Self.rate(notifications, cpuSeconds) }

    static func rate(_ count: Int, _ seconds: Double) -> Double {
        seconds > 0 ? Double(count) / seconds : 0
    }
}
