import Foundation

/// Code under test that may block in a system call (a FIFO opened for
/// reading with no writer, a read with no end), run where a hang cannot
/// hold the test: on a thread of its own, waited for up to a deadline.
/// Swift Testing's time limit records a hang but cannot end a call blocked
/// in the kernel, so such a test would still hold the run; with this, the
/// test records the hang by name and returns, and the blocked thread ends
/// with the process.
package enum Deadline {
    /// What `body` returned or threw, or nil when it had not returned after
    /// `seconds` (it is left running).
    package static func within<T: Sendable>(_ seconds: Double, _ body: @escaping @Sendable () throws -> T) -> Result<T, any Error>? {
        let outcome = Outcome<T>()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            outcome.set(Result { try body() })
            done.signal()
        }
        thread.start()
        return done.wait(timeout: .now() + seconds) == .success ? outcome.value : nil
    }
}

/// The result a deadline's thread hands back.
private final class Outcome<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Result<T, any Error>?
    var value: Result<T, any Error>? { lock.withLock { stored } }
    func set(_ r: Result<T, any Error>) { lock.withLock { stored = r } }
}
