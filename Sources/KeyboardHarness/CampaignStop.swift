import Foundation
import KeyboardOracle

/// A request to stop a campaign between batches: from another thread (a
/// test, a UI) with ``request()``, or from Ctrl-C when the campaign runs with
/// `stopOnInterrupt`.
///
/// A stopped campaign finishes no further batch, saves its state and
/// returns a result marked ``CampaignResult/interrupted``; resuming it gives
/// the totals an uninterrupted run would have had.
public final class CampaignStop: @unchecked Sendable {
    private let lock = NSLock()
    private var requested = false

    public init() {}

    /// Asks the campaign to stop after the batch it is running.
    public func request() { lock.withLock { requested = true } }

    /// True once ``request()`` was called.
    public var isRequested: Bool { lock.withLock { requested } }
}

/// SIGINT while a campaign runs with `stopOnInterrupt`: the handler only
/// sets a flag (all a signal handler may do); the campaign, and an external
/// strategy waiting for its process, read it.
package enum Interrupt {
    /// Set by the SIGINT handler.
    nonisolated(unsafe) static var flag: sig_atomic_t = 0

    /// True once Ctrl-C was pressed while the handler was installed.
    package static var isPending: Bool { flag != 0 }

    /// Installs the handler for the duration of `body`, then puts back the
    /// one that was there.
    package static func catching<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        flag = 0
        var action = sigaction()
        var previous = sigaction()
        #if canImport(Darwin)
        action.__sigaction_u.__sa_handler = { _ in Interrupt.flag = 1 }
        #else
        action.__sigaction_handler.sa_handler = { _ in Interrupt.flag = 1 }
        #endif
        sigemptyset(&action.sa_mask)
        // Restart file reads and writes; poll(2), which an external
        // strategy waits in, returns EINTR anyway and checks the flag.
        action.sa_flags = SA_RESTART
        sigaction(SIGINT, &action, &previous)
        defer { sigaction(SIGINT, &previous, nil) }
        return try body()
    }
}
