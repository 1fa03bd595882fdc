import Foundation
import KBTestSupport
import Testing

import SystemPackage
@testable import ToolSupport

/// Where `OutputFile` writes: `-` and the standard streams by their
/// descriptors (through any chain of links), what exists and is not a
/// regular file in place, a regular file (or nothing yet) atomically at the
/// end of its links; a folder, a missing folder or a loop of links is a
/// failure naming the path.
@Suite(.processTimeLimit) struct OutputFileTests {
    static func directory() throws -> String {
        let path = NSTemporaryDirectory() + "kbbench-output-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func theStandardStreamsAreTheirDescriptors() throws {
        #expect(try OutputFile.destination(of: "-") == .descriptor(FileDescriptor(rawValue: 1)))
        #expect(try OutputFile.destination(of: "/dev/stdout") == .descriptor(FileDescriptor(rawValue: 1)))
        #expect(try OutputFile.destination(of: "/dev/stderr") == .descriptor(FileDescriptor(rawValue: 2)))
        #expect(try OutputFile.destination(of: "/proc/self/fd/1") == .descriptor(FileDescriptor(rawValue: 1)))
        #expect(try OutputFile.destination(of: "/dev/fd/7") == .descriptor(FileDescriptor(rawValue: 7)))
        // Descriptors count from 0, whichever name says so.
        for zero in ["/dev/stdin", "/dev/fd/0", "/proc/self/fd/0"] {
            #expect(try OutputFile.destination(of: zero) == .descriptor(FileDescriptor(rawValue: 0)), "\(zero)")
        }
        #expect(OutputFile.writesToStandardOutput("-") && OutputFile.writesToStandardOutput("/dev/stdout"))
        #expect(!OutputFile.writesToStandardOutput("/dev/stderr"))
    }

    @Test func linksAreFollowedOneAtATime() throws {
        let dir = try Self.directory()
        #expect(symlink("/proc/self/fd/1", dir + "/out") == 0)
        #expect(symlink("out", dir + "/relative") == 0)
        #expect(try OutputFile.destination(of: dir + "/relative") == .descriptor(FileDescriptor(rawValue: 1)), "a relative link to a link to fd 1")
        try "x".write(toFile: dir + "/file", atomically: true, encoding: .utf8)
        #expect(symlink("file", dir + "/to-file") == 0)
        #expect(try OutputFile.destination(of: dir + "/to-file") == .file(dir + "/file"), "the file at the link's end is replaced")
        #expect(symlink("nothing-yet", dir + "/dangling") == 0)
        #expect(try OutputFile.destination(of: dir + "/dangling") == .file(dir + "/nothing-yet"))
        #expect(symlink("loop-b", dir + "/loop-a") == 0 && symlink("loop-a", dir + "/loop-b") == 0)
        #expect(throws: OutputFile.Failure.self) { try OutputFile.destination(of: dir + "/loop-a") }
    }

    @Test func whatIsNotARegularFileIsWrittenInPlace() throws {
        #expect(try OutputFile.destination(of: "/dev/null") == .device("/dev/null"))
        let dir = try Self.directory()
        #expect(mkfifo(dir + "/fifo", 0o644) == 0)
        #expect(try OutputFile.destination(of: dir + "/fifo") == .device(dir + "/fifo"))
        try OutputFile.write("gone\n", to: "/dev/null")
        #expect { try OutputFile.write("x", to: "/dev/full") } throws: { error in
            (error as? OutputFile.Failure).map { $0.path == "/dev/full" && $0.reason == "No space left on device" } ?? false
        }
    }

    @Test func aFolderOrAMissingFolderIsAFailureNamingIt() throws {
        let dir = try Self.directory()
        #expect { try OutputFile.write("x", to: dir) } throws: { error in
            (error as? OutputFile.Failure)?.reason == "is a folder; give a file's path"
        }
        #expect { try OutputFile.write("x", to: dir + "/a/b.json") } throws: { error in
            (error as? OutputFile.Failure)?.reason == "no such folder: \(dir)/a (create it first)"
        }
        #expect(!FileManager.default.fileExists(atPath: dir + "/a"))
        #expect(throws: OutputFile.Failure.self) { try OutputFile.checkWritable("") }
    }

    @Test func aRegularFileIsReplacedWholeAndAFolderIsMadeOneLevelDeep() throws {
        let dir = try Self.directory()
        try OutputFile.write("first", to: dir + "/out.json")
        try OutputFile.write("second", to: dir + "/out.json")
        #expect(try String(contentsOfFile: dir + "/out.json", encoding: .utf8) == "second")
        try OutputFile.makeFolder(FilePath(dir + "/made"))
        try OutputFile.makeFolder(FilePath(dir + "/made"))
        #expect(FileManager.default.fileExists(atPath: dir + "/made"))
        #expect(throws: OutputFile.Failure.self) { try OutputFile.makeFolder(FilePath(dir + "/x/y")) }
        #expect(throws: OutputFile.Failure.self) { try OutputFile.makeFolder(FilePath(dir + "/out.json")) }
    }
}
