import Foundation

/// A request to stop a long run (a ``Campaign``, a ``Shootout``) at its next
/// unit of work: from another thread (a test, a UI) with ``request()``. The
/// same runs stop on Ctrl-C or SIGTERM when asked to (`stopOnInterrupt`).
///
/// A stopped campaign finishes no further scenario, saves its state and
/// returns a result marked ``CampaignResult/interrupted``; resuming it gives
/// the totals an uninterrupted run would have had. A stopped shootout
/// returns the scenarios it judged, marked ``ShootoutReport/interrupted``.
public final class StopRequest: @unchecked Sendable {
    private let lock = NSLock()
    private var requested = false

    public init() {}

    /// Asks the run to stop.
    public func request() { lock.withLock { requested = true } }

    /// True once ``request()`` was called.
    public var isRequested: Bool { lock.withLock { requested } }
}
