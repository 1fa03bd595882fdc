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
import Testing

/// The external strategy's process, below the protocol: what it leaves
/// behind once it is gone.
@Suite("External process")
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
        let fd = process.fd
        let before = try #require(Self.identity(fd), "the socket is open while the process runs")
        process.kill()
        #expect(process.fd == -1)
        #expect(Self.identity(fd) != before, "descriptor \(fd) still names the process's socket after kill()")
        process.kill() // once: a second call does nothing
        #expect(process.fd == -1)
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
        ]
        for sentence in stated { #expect(page.contains(sentence), "docs/strategy-protocol.md should say: \(sentence)") }
    }
}
