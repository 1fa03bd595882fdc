#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import KBTestSupport
import Synchronization
import SystemPackage
import Testing
import ToolSupport

/// A wait that a signal interrupts (EINTR) is not an error: `SystemCall.wait`
/// returns "not ready", so the caller's loop asks whether to stop and waits
/// again (a Ctrl-C while reading a FIFO must end as exit 130, not as an
/// unreadable file).
@Suite("An interrupted wait", .processTimeLimit)
struct InterruptedWaitTests {
    @Test func aWaitInterruptedByASignalIsNotAnError() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer {
            close(fds[0])
            close(fds[1])
        }
        // A handler that does nothing: the signal only interrupts the wait
        // (poll is never restarted, whatever SA_RESTART says).
        signal(SIGUSR1) { _ in }
        defer { signal(SIGUSR1, SIG_DFL) }
        let waiter = Mutex<pthread_t?>(nil)
        let outcome = Mutex<String?>(nil)
        let reader = FileDescriptor(rawValue: fds[0])
        let thread = Thread {
            // The thread may have started with the signal blocked.
            var set = sigset_t()
            sigemptyset(&set)
            sigaddset(&set, SIGUSR1)
            pthread_sigmask(SIG_UNBLOCK, &set, nil)
            waiter.withLock { $0 = pthread_self() }
            let text: String
            do {
                // Nothing is ever written: only a signal ends this early.
                text = try SystemCall.wait(for: reader, milliseconds: 20_000) ? "ready" : "not ready"
            } catch {
                text = "threw \(error)"
            }
            outcome.withLock { $0 = text }
        }
        thread.start()
        // Signal the waiting thread until its wait has ended.
        var sent = 0
        while outcome.withLock({ $0 }) == nil && sent < 2_000 {
            usleep(10_000)
            if let t = waiter.withLock({ $0 }) {
                pthread_kill(t, SIGUSR1)
                sent += 1
            }
        }
        #expect(outcome.withLock { $0 } == "not ready", "after \(sent) signals")
        #expect(sent < 1_000, "a signal ended the wait (\(sent) sent), not its time limit")
    }

    /// Only a call that failed is retried: a success leaves errno as it
    /// was, and an EINTR left over from an earlier call must not send a
    /// call that succeeded (0, a FIFO made) round again, where it would
    /// fail (EEXIST).
    @Test func aCallThatSucceededIsNotRetriedWhateverErrnoHolds() throws {
        let folder = try Repository.temporaryDirectory("interrupted")
        let fifo = FilePath(folder).appending("fifo")
        errno = EINTR
        #expect(throws: Never.self) { try SystemCall.makeFIFO(fifo) }
        #expect(try SystemCall.kind(of: fifo) == .other, "a FIFO")
    }
}
