#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import ToolSupport

/// One external strategy's process: `/bin/sh -c COMMAND`, its stdin and
/// stdout one end of a socket pair (so a write to a dead process fails with
/// EPIPE instead of killing us with SIGPIPE), its stderr ours.
///
/// The process gets its own process group, so Ctrl-C at a terminal reaches
/// kbbench only, and ``kill()`` ends the shell and everything it started.
/// Every wait has a deadline and checks for Ctrl-C at least every 100 ms.
/// A process is used by one thread at a time.
final class ExternalProcess {
    let command: String
    let pid: pid_t
    /// The socket's descriptor; -1 once the process is killed.
    private(set) var fd: Int32
    private var buffer: [UInt8] = []
    private var running = true
    /// The longest reply line accepted.
    static let maximumLineBytes = 1 << 20
    /// How long a process that closed its output is waited for, so that the
    /// error can say how it ended (its exit status or signal).
    static let exitWait: Duration = .seconds(2)
    /// After `end`: how long the process has to exit before it is killed.
    static let endGrace: Duration = .seconds(5)
    /// How long ``kill()`` waits for the rest of the process group to go.
    static let groupWait: Duration = .seconds(1)

    /// Starts `command`.
    init(command: String) throws(ExternalStrategyError) {
        self.command = command
        var pair: [Int32] = [-1, -1]
        #if canImport(Darwin)
        let made = socketpair(AF_UNIX, SOCK_STREAM, 0, &pair)
        #else
        let made = socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair)
        #endif
        guard made == 0 else { throw ExternalStrategyError(.processFailed, line: nil, "cannot create a socket pair: \(Self.errorText(errno))") }
        let ours = pair[0], theirs = pair[1]
        #if canImport(Darwin)
        _ = fcntl(ours, F_SETFD, FD_CLOEXEC)
        _ = fcntl(theirs, F_SETFD, FD_CLOEXEC)
        var one: Int32 = 1
        _ = setsockopt(ours, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
        _ = fcntl(ours, F_SETFL, fcntl(ours, F_GETFL) | O_NONBLOCK)

        // Its own process group, and default actions for the signals a
        // campaign handles.
        do {
            pid = try ProcessGroupSpawn.spawn(
                ["/bin/sh", "-c", command], environment: ProcessInfo.processInfo.environment,
                streams: [(0, .descriptor(theirs)), (1, .descriptor(theirs))], defaultSignals: [SIGINT, SIGPIPE])
        } catch {
            close(theirs)
            close(ours)
            throw ExternalStrategyError(.processFailed, line: nil, "cannot start /bin/sh -c \(command): \(error)")
        }
        close(theirs)
        fd = ours
    }

    deinit { kill() }

    /// Sends one line (a newline is added) and waits for one reply line,
    /// at most `timeout` seconds in all (``stepDuration(_:)``).
    /// `line` is the trace line the message is about, for errors.
    func exchange(_ message: String, timeout: Double, line: Int?) throws(ExternalStrategyError) -> [UInt8] {
        let deadline = ContinuousClock.now + Self.stepDuration(timeout)
        try send(Array((message + "\n").utf8), until: deadline, line: line)
        return try receiveLine(until: deadline, line: line)
    }

    /// Writes all of `bytes`, waiting for room until the deadline.
    private func send(_ bytes: [UInt8], until deadline: ContinuousClock.Instant, line: Int?) throws(ExternalStrategyError) {
        var sent = 0
        while sent < bytes.count {
            #if canImport(Darwin)
            let n = bytes.withUnsafeBytes { Darwin.send(fd, $0.baseAddress! + sent, bytes.count - sent, 0) }
            #else
            let n = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL)) }
            #endif
            if n > 0 { sent += n; continue }
            let e = errno
            if e == EINTR { continue }
            if e == EAGAIN || e == EWOULDBLOCK {
                try wait(for: Int16(POLLOUT), until: deadline, line: line, doing: "read its input")
                continue
            }
            throw died(line: line, doing: "reading its input (\(Self.errorText(e)))")
        }
    }

    /// Reads up to the next newline; the line without it.
    private func receiveLine(until deadline: ContinuousClock.Instant, line: Int?) throws(ExternalStrategyError) -> [UInt8] {
        var scanned = 0
        while true {
            if let newline = buffer[scanned...].firstIndex(of: UInt8(ascii: "\n")) {
                let reply = Array(buffer[..<newline])
                buffer.removeSubrange(...newline)
                return reply
            }
            scanned = buffer.count
            if buffer.count > Self.maximumLineBytes {
                kill()
                throw ExternalStrategyError(.malformedReply, line: line, "a reply line longer than \(Self.maximumLineBytes) bytes")
            }
            try wait(for: Int16(POLLIN), until: deadline, line: line, doing: "reply")
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n > 0 {
                buffer.append(contentsOf: chunk[..<n])
            } else if n == 0 {
                throw died(line: line, doing: buffer.isEmpty ? "replying" : "finishing its reply")
            } else if errno != EINTR && errno != EAGAIN && errno != EWOULDBLOCK {
                throw died(line: line, doing: "replying (\(Self.errorText(errno)))")
            }
        }
    }

    /// Waits until the socket is ready for `events`, in slices of 100 ms so
    /// that Ctrl-C is seen on any thread; past the deadline the process is
    /// killed.
    private func wait(for events: Int16, until deadline: ContinuousClock.Instant, line: Int?, doing what: String) throws(ExternalStrategyError) {
        while true {
            if Interrupt.isPending {
                kill()
                throw ExternalStrategyError(.interrupted, line: line, "interrupted while waiting for the strategy's process")
            }
            let left = deadline - ContinuousClock.now
            if left <= .zero {
                kill()
                throw ExternalStrategyError(
                    .processFailed, line: line, "the strategy's process did not \(what) within the step timeout; it was killed")
            }
            // A slice of at most 100 ms (so Ctrl-C is seen), rounded up to
            // poll's milliseconds (so it never wakes before the deadline).
            let ms = Int32((Swift.min(left, .milliseconds(100)) / .milliseconds(1)).rounded(.up))
            var p = pollfd(fd: fd, events: events, revents: 0)
            let r = poll(&p, 1, ms)
            if r > 0 { return }
        }
    }

    /// A step timeout in seconds as a duration: NaN and anything at most 0
    /// are zero (no wait beyond what is ready at once), anything above
    /// ``ExternalStrategy/longestStepTimeout`` (infinity included) is that.
    static func stepDuration(_ seconds: Double) -> Duration {
        guard seconds > 0 else { return .zero }
        return .seconds(Swift.min(seconds, ExternalStrategy.longestStepTimeout))
    }

    /// The error for a process that stopped talking: how it ended, if it did.
    private func died(line: Int?, doing what: String) -> ExternalStrategyError {
        // It closed the socket, most likely by exiting: give it a moment.
        let how = waitForExit(within: Self.exitWait).map(Self.describe(status:)) ?? "closed its output"
        kill()
        return ExternalStrategyError(.processFailed, line: line, "the strategy's process \(how) before \(what)")
    }

    /// Waits up to `limit` for the process to exit, checking every 10 ms;
    /// its wait status once it has, nil if it has not (or cannot be waited
    /// for).
    private func waitForExit(within limit: Duration) -> Int32? {
        let deadline = ContinuousClock.now + limit
        var status: Int32 = 0
        while true {
            let r = waitpid(pid, &status, WNOHANG)
            if r == pid {
                running = false
                return status
            }
            if r < 0 || ContinuousClock.now >= deadline { return nil }
            usleep(10_000)
        }
    }

    /// Sends the end message, gives the process ``endGrace`` to exit, then
    /// kills it.
    func finish() {
        guard running, fd >= 0 else { return kill() }
        let end = Array("{\"type\":\"end\"}\n".utf8)
        _ = end.withUnsafeBytes { bytes in
            #if canImport(Darwin)
            Darwin.send(fd, bytes.baseAddress, bytes.count, 0)
            #else
            Glibc.send(fd, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL))
            #endif
        }
        shutdown(fd, Int32(SHUT_WR))
        _ = waitForExit(within: Self.endGrace)
        kill()
    }

    /// Kills the process and its process group, and reaps it; once.
    func kill() {
        guard fd >= 0 else { return }
        // The group goes too: whatever the shell started (once the shell is
        // reaped, its group id stays ours while any member lives).
        _ = killpg(pid, SIGKILL)
        if running {
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            running = false
        }
        close(fd)
        fd = -1
        // SIGKILL is delivered asynchronously: wait (up to groupWait) until
        // no member of the group runs, so that nothing it started is still
        // running when this returns (a zombie left for init to reap runs
        // nothing: ProcessGroupMembers).
        let deadline = ContinuousClock.now + Self.groupWait
        while ProcessGroupMembers.anyRunning(in: pid) && ContinuousClock.now < deadline { usleep(1000) }
    }

    /// "exited with status N" or "was killed by signal N (NAME)".
    static func describe(status: Int32) -> String {
        let signal = status & 0x7F
        if signal == 0 { return "exited with status \((status >> 8) & 0xFF)" }
        let name = [
            SIGSEGV: "SIGSEGV", SIGABRT: "SIGABRT", SIGKILL: "SIGKILL", SIGTERM: "SIGTERM", SIGBUS: "SIGBUS", SIGILL: "SIGILL",
            SIGINT: "SIGINT", SIGPIPE: "SIGPIPE", SIGFPE: "SIGFPE", SIGTRAP: "SIGTRAP",
        ][signal]
        return "was killed by signal \(signal)\(name.map { " (\($0))" } ?? "")"
    }

    static func errorText(_ code: Int32) -> String { String(cString: strerror(code)) }
}
