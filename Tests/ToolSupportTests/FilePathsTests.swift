import Foundation
import SystemPackage
import Testing

@testable import ToolSupport

/// Paths taken apart and joined in one place (``FilePaths``, on
/// swift-system's `FilePath`), for every shape a user can type: one
/// character, a trailing `/`, `.`, `..`, `//`, spaces, non-ASCII, names past
/// the system's longest, `-`. None traps (Foundation's string-path methods
/// did, on any one-character path), and each writes, or fails naming the
/// path and the reason.
@Suite struct FilePathsTests {
    struct Shape: Sendable, CustomStringConvertible {
        var path: String
        var folder: String
        var name: String
        var description: String { "'\(path)'" }
    }

    static let shapes: [Shape] = [
        Shape(path: "g", folder: "", name: "g"),
        Shape(path: "g/", folder: "", name: "g"),
        Shape(path: "a/b/", folder: "a", name: "b"),
        Shape(path: "a//b", folder: "a", name: "b"),
        Shape(path: "/x", folder: "/", name: "x"),
        Shape(path: "/", folder: "/", name: ""),
        Shape(path: "//", folder: "/", name: ""),
        Shape(path: ".", folder: "", name: "."),
        Shape(path: "..", folder: "", name: ".."),
        Shape(path: "a/..", folder: "a", name: ".."),
        Shape(path: "my report.html", folder: "", name: "my report.html"),
        Shape(path: "résultats/été.json", folder: "résultats", name: "été.json"),
        Shape(path: "-", folder: "", name: "-"),
        Shape(path: "", folder: "", name: ""),
    ]

    @Test(arguments: shapes)
    func everyShapeHasAFolderAndAName(_ shape: Shape) {
        #expect(FilePaths.folder(of: shape.path) == shape.folder)
        #expect(FilePaths.name(of: shape.path) == shape.name)
    }

    @Test func aLinksTargetIsTakenFromTheLinksFolder() {
        #expect(FilePaths.resolve("target", fromLinkAt: "dir/link") == "dir/target")
        #expect(FilePaths.resolve("target", fromLinkAt: "link") == "target")
        #expect(FilePaths.resolve("/abs/target", fromLinkAt: "dir/link") == "/abs/target")
        #expect(FilePaths.resolve("../up", fromLinkAt: "a/b/link") == "a/b/../up")
    }

    @Test func twoSpellingsOfOneLocationAreTheSameAbsolutePath() {
        #expect(FilePaths.absolute("a/./b/../c") == FilePaths.absolute("a/c"))
        #expect(FilePaths.absolute("/x//y/") == "/x/y")
        #expect(FilePaths.absolute("r").string.hasPrefix("/") && FilePaths.absolute("r").string.hasSuffix("/r"))
    }

    /// Each shape of an output path, in a fresh folder: written, or a
    /// failure naming the path and why, never a trap. (The shapes relative
    /// to the current folder, `g` alone, are written by the command-line
    /// tests, which can give a child process a folder of its own.)
    @Test func everyShapeOfAnOutputIsWrittenOrRefusedByName() throws {
        let dir = try OutputFileTests.directory()
        for written in ["g", "my report.html", "été.json", "a"] {
            try OutputFile.write("x", to: dir + "/" + written)
            #expect(try String(contentsOfFile: dir + "/" + written, encoding: .utf8) == "x", "\(written)")
        }
        let long = String(repeating: "n", count: 300)
        for (relative, reason) in [
            ("y/", "ends with '/'"), (".", "is a folder"), ("..", "is a folder"), ("/", "ends with '/'"), ("missing/x", "no such folder"),
            ("g/x", "Not a directory"), (long, "too long"),
        ] {
            let path = dir + "/" + relative
            do {
                try OutputFile.write("x", to: path)
                Issue.record("\(relative) was written")
            } catch {
                #expect(error.description.contains(reason), "\(relative): \(error)")
                #expect(error.path == path, "the failure names the path as given")
            }
        }
        #expect(throws: OutputFile.Failure.self) { try OutputFile.write("x", to: "") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["a", "g", "my report.html", "été.json"], "nothing else")
    }

    /// A name one short of the system's longest still writes: the temporary
    /// file beside it has a short name of its own.
    @Test func aNameAsLongAsTheSystemAllowsIsWritten() throws {
        let dir = try OutputFileTests.directory()
        let name = String(repeating: "m", count: Int(NAME_MAX))
        try AtomicFile.write("x", to: FilePath(dir + "/" + name))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == [name])
    }
}
