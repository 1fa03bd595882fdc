import Foundation

/// SIGINT (Ctrl-C) or SIGTERM (what `timeout`, `kill` and CI runners send
/// to stop a job) while a long run is inside ``catching(_:)``: the handler
/// only records the signal (all a signal handler may do); the run's loops,
/// and an external strategy waiting for its process, read it between units
/// of work and stop. Either signal stops a run the same way; the caller
/// learns which it was, to exit 130 or 143 as a shell reports a process the
/// signal killed.
package enum Interrupt {
    /// The signals a run stops on.
    package static let signals: [Int32] = [SIGINT, SIGTERM]

    /// The number of the signal received, 0 while none was. Set by the
    /// handler.
    nonisolated(unsafe) static var flag: sig_atomic_t = 0

    /// True once SIGINT or SIGTERM arrived while the handler was installed.
    package static var isPending: Bool { flag != 0 }

    /// The signal that arrived (SIGINT or SIGTERM), or nil.
    package static var received: Int32? { flag != 0 ? Int32(flag) : nil }

    /// How a shell names the signal received: "interrupted (SIGINT)" or
    /// "terminated (SIGTERM)".
    package static var receivedDescription: String { received == SIGTERM ? "terminated (SIGTERM)" : "interrupted (SIGINT)" }

    /// Installs the handler for the duration of `body`, then puts back the
    /// ones that were there. The flag is cleared first, unless `body` is
    /// nested inside another `catching`, which keeps a signal already
    /// received. The two signals are also unblocked on the calling thread
    /// (and so on the workers it starts) for that time: a process started
    /// from a thread that blocks them (a libdispatch worker, which blocks
    /// nearly every signal, spawning it; some runners) inherits the mask,
    /// and its run would otherwise go to its end however often it is asked
    /// to stop.
    package static func catching<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        depthLock.withLock {
            if depth == 0 { flag = 0 }
            depth += 1
        }
        defer { depthLock.withLock { depth -= 1 } }
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

    /// How many `catching` calls are running, guarded by ``depthLock``.
    nonisolated(unsafe) private static var depth = 0
    private static let depthLock = NSLock()
}
