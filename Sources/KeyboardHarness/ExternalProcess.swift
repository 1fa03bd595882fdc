import Foundation
import SystemPackage
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
    /// The socket's descriptor; nil once the process is killed.
    private(set) var fd: FileDescriptor?
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
        let ours: FileDescriptor, theirs: FileDescriptor
        do { (ours, theirs) = try SystemCall.socketPair() } catch {
            throw ExternalStrategyError(.processFailed, line: nil, "cannot create a socket pair: \(error)")
        }

        // Its own process group, and default actions for the signals a
        // campaign handles.
        do {
            pid = try ProcessGroupSpawn.spawn(
                ["/bin/sh", "-c", command], environment: ProcessInfo.processInfo.environment,
                streams: [(.standardInput, .descriptor(theirs)), (.standardOutput, .descriptor(theirs))], defaultSignals: [SIGINT, SIGPIPE])
        } catch {
            try? theirs.close()
            try? ours.close()
            throw ExternalStrategyError(.processFailed, line: nil, "cannot start /bin/sh -c \(command): \(error)")
        }
        try? theirs.close()
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
            guard let fd else { throw died(line: line, doing: "reading its input") }
            let n: Int
            do { n = try bytes.withUnsafeBytes { b throws(Errno) in try SystemCall.send(fd, UnsafeRawBufferPointer(rebasing: b[sent...])) } } catch {
                throw died(line: line, doing: "reading its input (\(error))")
            }
            sent += n
            if n == 0 { try wait(writable: true, until: deadline, line: line, doing: "read its input") }
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
            try wait(writable: false, until: deadline, line: line, doing: "reply")
            guard let fd else { throw died(line: line, doing: "replying") }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let n: Int?
            do { n = try chunk.withUnsafeMutableBytes { c throws(Errno) in try SystemCall.receive(fd, into: c) } } catch {
                throw died(line: line, doing: "replying (\(error))")
            }
            switch n {
            case nil: continue
            case 0?: throw died(line: line, doing: buffer.isEmpty ? "replying" : "finishing its reply")
            case let n?: buffer.append(contentsOf: chunk[..<n])
            }
        }
    }

    /// Waits until the socket can be written (`writable`) or read, in
    /// slices of 100 ms so that Ctrl-C is seen on any thread; past the
    /// deadline the process is killed.
    private func wait(writable: Bool, until deadline: ContinuousClock.Instant, line: Int?, doing what: String) throws(ExternalStrategyError) {
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
            guard let fd else { return }
            // A failed wait is a closed socket: the read or write says so.
            if (try? SystemCall.wait(for: fd, writable: writable, milliseconds: ms)) != false { return }
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
        while true {
            switch SystemCall.wait(forChild: pid) {
            case .ended(let status):
                running = false
                return status
            case .unknown: return nil
            case .running: if ContinuousClock.now >= deadline { return nil }
            }
            usleep(10_000)
        }
    }

    /// Sends the end message, gives the process ``endGrace`` to exit, then
    /// kills it.
    func finish() {
        guard running, let fd else { return kill() }
        let end = Array("{\"type\":\"end\"}\n".utf8)
        _ = try? end.withUnsafeBytes { b throws(Errno) in try SystemCall.send(fd, b) }
        SystemCall.shutdownWriting(fd)
        _ = waitForExit(within: Self.endGrace)
        kill()
    }

    /// Kills the process and its process group, and reaps it; once.
    func kill() {
        guard let open = fd else { return }
        // The group goes too: whatever the shell started (once the shell is
        // reaped, its group id stays ours while any member lives).
        SystemCall.signal(group: pid, SIGKILL)
        if running {
            _ = SystemCall.wait(forChild: pid, blocking: true)
            running = false
        }
        try? open.close()
        fd = nil
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

}
