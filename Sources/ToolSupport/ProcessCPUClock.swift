import Foundation

/// The CPU time this process has used on all its threads
/// (`CLOCK_PROCESS_CPUTIME_ID`), for throughput per core.
package enum ProcessCPUClock {
    /// Seconds of CPU time since the process started.
    package static func seconds() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) * 1e-9
    }
}
