import Foundation
import KeyboardOracle

/// A request to stop a campaign between batches: from another thread (a
/// test, a UI) with ``request()``, or from Ctrl-C or SIGTERM when the campaign runs
/// with `stopOnInterrupt`.
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

/// SIGINT (Ctrl-C) or SIGTERM (what `timeout`, `kill` and CI runners send
/// to stop a job) while a campaign runs with `stopOnInterrupt`: the handler
/// only records the signal (all a signal handler may do); the campaign, and
/// an external strategy waiting for its process, read it. Either signal
/// stops the campaign the same way: the batch at hand ends, the state is
/// saved, and the caller learns which signal it was.
package enum Interrupt {
    /// The signals a campaign stops on.
    package static let signals: [Int32] = [SIGINT, SIGTERM]

    /// The number of the signal received, 0 while none was. Set by the
    /// handler.
    nonisolated(unsafe) static var flag: sig_atomic_t = 0

    /// True once SIGINT or SIGTERM arrived while the handler was installed.
    package static var isPending: Bool { flag != 0 }

    /// The signal that arrived (SIGINT or SIGTERM), or nil.
    package static var received: Int32? { flag != 0 ? Int32(flag) : nil }

    /// Installs the handler for the duration of `body`, then puts back the
    /// ones that were there. The two signals are also unblocked on the
    /// calling thread (and so on the workers it starts) for that time: a
    /// process started from a thread that blocks them (a libdispatch worker,
    /// which blocks nearly every signal, spawning it; some runners) inherits
    /// the mask, and its campaign would otherwise run to its end however
    /// often it is asked to stop.
    package static func catching<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        flag = 0
        var action = sigaction()
        #if canImport(Darwin)
        action.__sigaction_u.__sa_handler = { Interrupt.flag = sig_atomic_t($0) }
        #else
        action.__sigaction_handler.sa_handler = { Interrupt.flag = sig_atomic_t($0) }
        #endif
        sigemptyset(&action.sa_mask)
        // Restart file reads and writes; poll(2), which an external
        // strategy waits in, returns EINTR anyway and checks the flag.
        action.sa_flags = SA_RESTART
        var previous = Array(repeating: sigaction(), count: signals.count)
        for (i, signal) in signals.enumerated() { sigaction(signal, &action, &previous[i]) }
        defer { for (i, signal) in signals.enumerated() { sigaction(signal, &previous[i], nil) } }
        var unblocked = sigset_t(), previousMask = sigset_t()
        sigemptyset(&unblocked)
        for signal in signals { sigaddset(&unblocked, signal) }
        pthread_sigmask(SIG_UNBLOCK, &unblocked, &previousMask)
        defer { pthread_sigmask(SIG_SETMASK, &previousMask, nil) }
        return try body()
    }
}
