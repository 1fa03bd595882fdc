#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import KBTestSupport
@testable import KeyboardHarness
import SystemPackage
import ToolSupport
import Testing

/// The external strategy's process, below the protocol: what it leaves
/// behind once it is gone.
@Suite("External process", .processTimeLimit)
struct ExternalProcessTests {
    /// The socket's identity (device and inode), or nil when the
    /// descriptor is not open.
    static func identity(_ fd: Int32) -> [UInt64]? {
        var s = stat()
        guard fstat(fd, &s) == 0 else { return nil }
        return [UInt64(truncatingIfNeeded: s.st_dev), UInt64(truncatingIfNeeded: s.st_ino)]
    }

    /// A campaign starts a process per worker and a shrinker starts more:
    /// each one killed must give its socket back. The descriptor's number
    /// may be reused at once by another test's file, so the check is that
    /// it no longer names the same socket.
    @Test func killingAProcessClosesItsSocket() throws {
        let process = try ExternalProcess(command: "sleep 30")
        let fd = try #require(process.fd?.rawValue)
        let before = try #require(Self.identity(fd), "the socket is open while the process runs")
        process.kill()
        #expect(process.fd == nil)
        #expect(Self.identity(fd) != before, "descriptor \(fd) still names the process's socket after kill()")
        process.kill() // once: a second call does nothing
        #expect(process.fd == nil)
    }

    /// Killing a process reaps it (a blocking wait after SIGKILL, which
    /// is delivered asynchronously): no zombie child of ours is left in the
    /// process table, however many processes a long campaign starts. Its
    /// `/proc` entry is gone, or (the pid reused at once) names a process
    /// that is not our zombie.
    @Test func killingAProcessReapsIt() throws {
        let process = try ExternalProcess(command: "sleep 30")
        let pid = process.pid
        process.kill()
        let stat = (try? FileBytes.read(FilePath("/proc/\(pid)/stat"))).map { String(decoding: $0, as: UTF8.self) }
        let fields = stat.flatMap { $0.range(of: ")", options: .backwards) }.map { stat![$0.upperBound...].split(separator: " ") }
        let ourZombie = fields.map { $0.count > 1 && $0[0] == "Z" && $0[1] == "\(getpid())" } ?? false
        #expect(!ourZombie, "pid \(pid) is left a zombie of ours after kill(): \(stat ?? "")")
    }

    /// A zombie runs nothing: a group whose members are all zombies (killed
    /// with a shell that had forked them, waiting for init to reap them) is
    /// gone, whatever `killpg(group, 0)` says.
    @Test func aGroupOfZombiesRunsNothing() {
        #expect(ProcessGroupMembers.runs(stat: "4242 (python3) S 4241 4240 4240 0 -1", inGroup: 4240))
        #expect(!ProcessGroupMembers.runs(stat: "4242 (python3) Z 1 4240 4240 0 -1", inGroup: 4240), "a zombie")
        #expect(!ProcessGroupMembers.runs(stat: "4242 (python3) X 1 4240 4240 0 -1", inGroup: 4240), "dead")
        #expect(!ProcessGroupMembers.runs(stat: "4242 (python3) S 4241 4239 4239 0 -1", inGroup: 4240), "another group")
        #expect(ProcessGroupMembers.runs(stat: "4242 (a) b (c) R 1 4240 4240 0 -1", inGroup: 4240), "a name with spaces and parentheses")
        #expect(!ProcessGroupMembers.runs(stat: "garbage", inGroup: 4240))
        #expect(!ProcessGroupMembers.anyRunning(in: 0x7FFF_FFF0), "no such group")
    }

    /// Killing a process whose shell forked it (`/bin/sh -c` runs each
    /// command of a list in a child) leaves no member of its group running.
    /// (That kill() no longer waits for init to reap the forked child shows
    /// in the time of the tests that kill python strategies:
    /// scripts/test-times.)
    @Test func killingAShellsChildLeavesNothingRunning() throws {
        let marker = "kbbench-zombie-\(UUID().uuidString)"
        let process = try ExternalProcess(command: "sleep 30 && echo \(marker)")
        let group = process.pid
        #expect(ProcessGroupMembers.anyRunning(in: group))
        process.kill()
        #expect(!ProcessGroupMembers.anyRunning(in: group), "a member of the group still runs after kill()")
    }

    /// Finishing closes the process's input after the end message: one
    /// that reads to the end of its input, whatever it says, sees the end
    /// and exits on its own, before the grace runs out and it is killed.
    @Test func finishingEndsTheProcesssInput() throws {
        let folder = try Repository.temporaryDirectory("eof")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let marker = folder + "/eof"
        let process = try ExternalProcess(command: "cat > /dev/null; echo eof > \(marker)")
        process.finish()
        #expect(FileManager.default.fileExists(atPath: marker), "the process never saw its input end, and was killed")
    }

    /// A message larger than the socket holds waits for the process to read
    /// it, within the step's deadline: a process that never reads is killed
    /// when the deadline passes, not spun on or taken for dead at once.
    @Test func aProcessThatNeverReadsALargeMessageTimesOut() throws {
        let process = try ExternalProcess(command: "sleep 30")
        let message = String(repeating: "x", count: 4 << 20)
        #expect {
            _ = try process.exchange(message, timeout: 0.3, line: 7)
        } throws: { error in
            guard let error = error as? ExternalStrategyError else { return false }
            return error.kind == .processFailed && error.line == 7
                && error.message == "the strategy's process did not read its input within the step timeout; it was killed"
        }
        #expect(process.fd == nil, "killed")
    }

    /// A command that cannot start (one argument longer than Linux lets a
    /// program have: exec fails with E2BIG) is named, and leaves no socket
    /// open: 40 failed starts add far fewer sockets to the process than
    /// the 80 their pairs would.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/fd"), "Linux: its /proc, and its 128 KiB argument limit"))
    func aCommandThatCannotStartLeavesNoSocketOpen() throws {
        func sockets() -> Int {
            let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
            return fds.filter { (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + $0))?.hasPrefix("socket:") == true }
                .count
        }
        let tooLong = "echo " + String(repeating: "a", count: 200_000)
        let before = sockets()
        for _ in 0..<40 {
            #expect {
                _ = try ExternalProcess(command: tooLong)
            } throws: { error in
                (error as? ExternalStrategyError).map { $0.kind == .processFailed && $0.message.hasPrefix("cannot start /bin/sh -c") } ?? false
            }
        }
        #expect(sockets() - before < 20, "sockets before \(before), after \(sockets())")
    }

    /// A process already gone when a message is sent is named as gone, with
    /// how it ended, at once: not waited on until the step's deadline.
    @Test func aProcessGoneBeforeAMessageIsNamedAsGone() throws {
        let process = try ExternalProcess(command: "exec 0<&- 1>&-; exit 3")
        Thread.sleep(forTimeInterval: 0.3)
        let start = ContinuousClock.now
        #expect {
            _ = try process.exchange(String(repeating: "x", count: 1 << 20), timeout: 30, line: nil)
        } throws: { error in
            guard let error = error as? ExternalStrategyError else { return false }
            return error.kind == .processFailed && error.message.hasPrefix("the strategy's process exited with status 3 before reading its input")
        }
        #expect(ContinuousClock.now - start < .seconds(20), "named at once, not after the 30 s step timeout")
    }

    /// The CPU time of the calling thread (CLOCK_THREAD_CPUTIME_ID), which
    /// other tests' threads do not move.
    static func threadCPUSeconds() -> Double {
        var t = timespec()
        _ = clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    /// A reply that is slow to come is waited for, not polled for: the
    /// thread that waits a second for it spends next to no CPU time (its
    /// own clock, CLOCK_THREAD_CPUTIME_ID, which the other tests' threads
    /// do not move). A wait for the socket to be writable instead, which it
    /// always is, would spin for the whole second.
    @Test func aSlowReplyIsWaitedForWithoutSpinning() throws {
        let process = try ExternalProcess(command: "read line; sleep 1; echo done; sleep 30")
        defer { process.kill() }
        let before = Self.threadCPUSeconds(), start = ContinuousClock.now
        let reply = try process.exchange("start", timeout: 10, line: nil)
        let spent = Self.threadCPUSeconds() - before
        #expect(reply == Array("done".utf8))
        #expect(ContinuousClock.now - start >= .milliseconds(900), "the reply took its second")
        #expect(spent < 0.2, "CPU seconds spent waiting a second: \(spent)")
    }

    /// A long message to a process that is slow to read it is waited on,
    /// not polled: sending a megabyte (far past what a socket holds) to a
    /// process that starts reading a second later spends next to no CPU
    /// time on the sending thread. Sending again at once whenever nothing
    /// went out would spin for the whole second.
    @Test func aSlowReaderIsWaitedForWithoutSpinning() throws {
        let process = try ExternalProcess(command: "sleep 1; head -n 1 > /dev/null; echo done; sleep 30")
        defer { process.kill() }
        let message = String(repeating: "a", count: 1 << 20)
        let before = Self.threadCPUSeconds(), start = ContinuousClock.now
        let reply = try process.exchange(message, timeout: 10, line: nil)
        let spent = Self.threadCPUSeconds() - before
        #expect(reply == Array("done".utf8))
        #expect(ContinuousClock.now - start >= .milliseconds(900), "the process read after its second")
        #expect(spent < 0.3, "CPU seconds spent sending for a second: \(spent)")
    }

    /// A message that the socket takes whole is sent, and the reply read,
    /// even when the process has not read the message yet: 120 kB (more
    /// than a quarter of what the socket holds, so it is not writable
    /// again until the process reads) to a process that replies at once and
    /// never reads. Waiting for room after a send that went out would wait
    /// out the timeout. (Linux's sockets hold about 208 kB; macOS's 8 kB,
    /// where the message would not go out whole.)
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/fd"), "Linux: its sockets' size"))
    func aReplyBeforeTheMessageIsReadIsRead() throws {
        let process = try ExternalProcess(command: "echo done; sleep 30")
        defer { process.kill() }
        let start = ContinuousClock.now
        let reply = try process.exchange(String(repeating: "a", count: 120_000), timeout: 5, line: nil)
        #expect(reply == Array("done".utf8))
        #expect(ContinuousClock.now - start < .seconds(3), "read at once, not after the timeout")
    }

    /// A reply line of the longest length the protocol reads is read whole.
    @Test func aReplyLineOfTheLongestLengthIsRead() throws {
        let process = try ExternalProcess(command: "head -c \(ExternalProcess.maximumLineBytes) /dev/zero | tr '\\0' a; echo; sleep 30")
        defer { process.kill() }
        let reply = try process.exchange("start", timeout: 10, line: nil)
        #expect(reply.count == ExternalProcess.maximumLineBytes && reply.allSatisfy { $0 == UInt8(ascii: "a") })
    }

    /// A reply line past the longest the protocol reads is malformed, and
    /// its process is killed at once.
    @Test func aReplyLineTooLongIsMalformedAndItsProcessKilled() throws {
        let process = try ExternalProcess(command: "head -c \(ExternalProcess.maximumLineBytes + 70_000) /dev/zero | tr '\\0' a; sleep 30")
        #expect {
            _ = try process.exchange("start", timeout: 10, line: nil)
        } throws: { error in
            (error as? ExternalStrategyError)?.kind == .malformedReply
        }
        #expect(process.fd == nil, "killed")
    }

    /// A step timeout as a duration: nothing to wait for below zero or for
    /// NaN, an hour at most (infinity included), the value in between.
    @Test func aStepTimeoutBecomesADurationWithinItsBounds() {
        for nothing in [Double.nan, -Double.infinity, -1, 0] { #expect(ExternalProcess.stepDuration(nothing) == .zero, "\(nothing)") }
        #expect(ExternalProcess.stepDuration(0.0015) == .microseconds(1500))
        #expect(ExternalProcess.stepDuration(ExternalStrategy.defaultStepTimeout) == .seconds(10))
        #expect(ExternalProcess.stepDuration(3600) == .seconds(3600))
        for beyond in [3600.5, 1e300, Double.infinity] { #expect(ExternalProcess.stepDuration(beyond) == .seconds(3600), "\(beyond)") }
    }

    /// Strategy authors read the waits in docs/strategy-protocol.md: the
    /// page states the ones the process keeps.
    @Test func theProtocolPageStatesTheWaits() throws {
        let page = try Repository.text("docs/strategy-protocol.md").replacingOccurrences(of: "\n", with: " ")
        func seconds(_ d: Duration) -> String {
            let s = d.components
            return s.attoseconds == 0 ? "\(s.seconds)" : "\(Double(s.seconds) + Double(s.attoseconds) / 1e18)"
        }
        let stated = [
            "It has \(seconds(ExternalProcess.endGrace)) seconds to exit",
            "waits up to \(seconds(ExternalProcess.exitWait)) seconds for it to exit",
            "waits up to \(seconds(ExternalProcess.groupWait)) second for all of them to be gone",
            "(default \(Int(ExternalStrategy.defaultStepTimeout)), at most \(Int(ExternalStrategy.longestStepTimeout)))",
            "one line of at most \(ExternalProcess.maximumLineBytes) bytes",
        ]
        for sentence in stated { #expect(page.contains(sentence), "docs/strategy-protocol.md should say: \(sentence)") }
    }
}
