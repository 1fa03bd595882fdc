import Foundation
import KBTestSupport
import SystemPackage
import Testing
import ToolSupport

@Suite("Reading files as bytes", .processTimeLimit) struct FileBytesTests {
    private static func temporaryDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "filebytes-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func anEmptyFileIsNoBytes() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(FileManager.default.createFile(atPath: dir + "/empty", contents: Data()))
        #expect(try FileBytes.read(FilePath(dir + "/empty")) == [])
    }

    @Test("a file larger than one read chunk comes back whole", arguments: [1, 65_535, 65_536, 65_537, 200_003])
    func largeFilesRoundTrip(size: Int) throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        #expect(FileManager.default.createFile(atPath: dir + "/f", contents: Data(bytes)))
        #expect(try FileBytes.read(FilePath(dir + "/f")) == bytes)
    }

    @Test func missingFilesAndDirectoriesAreNamed() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(throws: FileBytes.Failure.self) { try FileBytes.read(FilePath(dir + "/nope")) }
        do { _ = try FileBytes.read(FilePath(dir + "/nope")) } catch { #expect(error.description == dir + "/nope: no such file") }
        do { _ = try FileBytes.read(FilePath(dir)) } catch { #expect(error.description == dir + ": is a directory") }
        #expect(throws: FileBytes.Failure.self) { try FileBytes.read(FilePath(dir)) }
    }

    /// A file longer than `limit` is refused once the limit is passed (a
    /// device that never ends is refused the same way, at 256 MiB).
    @Test func aFileBeyondTheLimitIsRefused() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(FileManager.default.createFile(atPath: dir + "/f", contents: Data(count: 1_001)))
        #expect(try FileBytes.read(FilePath(dir + "/f"), limit: 1_001).count == 1_001)
        do {
            _ = try FileBytes.read(FilePath(dir + "/f"), limit: 1_000)
            Issue.record("read past the limit")
        } catch {
            #expect(error.description == dir + "/f: is larger than 1000 bytes: a device, or not a kbbench file" && !error.isStopped)
        }
        do {
            _ = try FileBytes.read(FilePath("/dev/zero"), limit: 1 << 20)
            Issue.record("/dev/zero read to its end")
        } catch {
            #expect(error.description == "/dev/zero: is larger than 1 MiB: a device, or not a kbbench file")
        }
    }

    /// A read that fails is named with the system's reason, not tried
    /// again: /proc/self/mem opens, and reading its first bytes (an address
    /// nothing maps) fails with EIO. `stop` ends a read that would retry
    /// forever, after five seconds.
    @Test(.enabled(if: FileManager.default.isReadableFile(atPath: "/proc/self/mem"), "Linux's /proc"))
    func aReadThatFailsIsNamedNotRetried() throws {
        let start = ContinuousClock.now
        do {
            let bytes = try FileBytes.read(FilePath("/proc/self/mem"), stop: { ContinuousClock.now - start > .seconds(5) })
            Issue.record("read \(bytes.count) bytes of /proc/self/mem")
        } catch {
            #expect(!error.isStopped && error.description == "/proc/self/mem: Input/output error", "\(error)")
        }
    }

    /// A FIFO no one writes waits, asking `stop`; its `true` ends the read
    /// as stopped. Without O_NONBLOCK the open itself would wait, and no
    /// one would ask.
    @Test func aReadThatWaitsEndsWhenStopSaysSo() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(mkfifo(dir + "/fifo", 0o644) == 0)
        let asked = Counter()
        let path = dir + "/fifo"
        let outcome = try #require(
            Deadline.within(60) { try FileBytes.read(FilePath(path), stop: { asked.add() >= 3 }) },
            "reading a FIFO no one writes blocked for 60 s: stop was never asked")
        switch outcome {
        case .success: Issue.record("a FIFO no one wrote was read")
        case .failure(let error):
            let failure = try #require(error as? FileBytes.Failure, "\(error)")
            #expect(failure.isStopped && failure.description == path + ": stopped")
        }
        #expect(asked.value == 3, "asked while it waited, and stopped at the first yes")
    }

    /// A FIFO whose writer comes later is read to the writer's close.
    @Test func aFIFOIsReadOnceWritten() async throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(mkfifo(dir + "/fifo", 0o644) == 0)
        let bytes = (0..<100_000).map { UInt8(truncatingIfNeeded: $0) }
        let writer = Thread {
            Thread.sleep(forTimeInterval: 0.3)
            let handle = FileHandle(forWritingAtPath: dir + "/fifo")
            handle?.write(Data(bytes))
            try? handle?.close()
        }
        writer.start()
        let path = dir + "/fifo"
        let outcome = try #require(
            Deadline.within(60) { try FileBytes.read(FilePath(path)) }, "reading a FIFO blocked for 60 s after its writer closed")
        #expect(try outcome.get() == bytes)
    }
}

/// A count a closure adds to.
private final class Counter: @unchecked Sendable {
    private(set) var value = 0
    func add() -> Int {
        value += 1
        return value
    }
}
