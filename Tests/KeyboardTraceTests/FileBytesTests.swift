import Foundation
import KeyboardJSON
import KeyboardTrace
import Testing

@Suite("Reading files as bytes") struct FileBytesTests {
    private static func temporaryDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "filebytes-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func anEmptyFileIsNoBytes() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(FileManager.default.createFile(atPath: dir + "/empty", contents: Data()))
        #expect(try FileBytes.read(dir + "/empty") == [])
    }

    @Test("a file larger than one read chunk comes back whole", arguments: [1, 65_535, 65_536, 65_537, 200_003])
    func largeFilesRoundTrip(size: Int) throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        #expect(FileManager.default.createFile(atPath: dir + "/f", contents: Data(bytes)))
        #expect(try FileBytes.read(dir + "/f") == bytes)
    }

    @Test func missingFilesAndDirectoriesAreNamed() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(throws: FileBytes.Failure.self) { try FileBytes.read(dir + "/nope") }
        do { _ = try FileBytes.read(dir + "/nope") } catch { #expect(error.description == dir + "/nope: no such file") }
        do { _ = try FileBytes.read(dir) } catch { #expect(error.description == dir + ": is a directory") }
        #expect(throws: FileBytes.Failure.self) { try FileBytes.read(dir) }
    }
}
