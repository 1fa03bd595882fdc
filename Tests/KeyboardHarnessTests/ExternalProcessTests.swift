#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
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
        process.kill()  // once: a second call does nothing
        #expect(process.fd == -1)
    }
}
