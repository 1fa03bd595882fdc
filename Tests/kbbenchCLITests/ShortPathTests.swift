import Foundation
import KBTestSupport
import Testing

/// The command lines a new user typed that killed kbbench with SIGILL
/// (swift-corelibs-foundation's path methods trap on a one-character path),
/// each run as typed in a folder of its own: every one now ends with a
/// status its `--help` documents and writes only where it was asked.
@Suite("Short paths, as a user types them", .processTimeLimit)
struct ShortPathTests {
    typealias K = KbbenchProcess

    /// A fresh folder with `corpora` and `results` linked in, as in a clone.
    static func folder() throws -> String {
        let dir = try K.temporaryDirectory()
        for name in ["corpora", "results"] {
            try FileManager.default.createSymbolicLink(atPath: dir + "/" + name, withDestinationPath: Repository.path(name))
        }
        return dir
    }

    static func run(_ arguments: [String], in dir: String) -> ChildProcess.Result { K.run(K.binary, arguments, in: dir) }

    @Test func aBenchRecordToAOneLetterFile() throws {
        let dir = try Self.folder()
        let r = Self.run(
            [
                "bench", "--suite", "engine", "--samples", "100", "--no-scaling", "--counterexample-repeats", "0", "--planted-bug-seeds", "0",
                "--output", "x",
            ], in: dir)
        #expect(r.status == 0 || r.status == 2, "exit \(r.status): \(r.output)")
        #expect(try String(contentsOfFile: dir + "/x", encoding: .utf8).contains("\"schemaVersion\""))
    }

    @Test func aStoryboardToAOneLetterFile() throws {
        let dir = try Self.folder()
        let r = Self.run(["replay", "--svg", "y", "corpora/traces/ipad-slide-over.kbtrace"], in: dir)
        #expect(r.status == 0 || r.status == 1, "exit \(r.status): \(r.output)")
        #expect(try String(contentsOfFile: dir + "/y", encoding: .utf8).hasPrefix("<svg"))
    }

    @Test func counterexamplesIntoAOneLetterFolder() throws {
        let dir = try Self.folder()
        let r = Self.run(["fuzz", "--strategy", "engine", "--seed", "7", "--runs", "10", "--failures", "g"], in: dir)
        #expect(r.status == 0, "exit \(r.status): \(r.output)")
        #expect(FileManager.default.fileExists(atPath: dir + "/g"), "the folder named is made")
    }

    /// A path that ends with `/` names a folder: the report is a file, so
    /// this is exit 74, naming the path, before any work.
    @Test func aReportToAPathEndingInASlash() throws {
        let dir = try Self.folder()
        let r = Self.run(["report", "--results", "results", "--output", "y/"], in: dir)
        #expect(r.status == 74, "exit \(r.status): \(r.output)")
        #expect(r.stderr.contains("y/") && r.stderr.contains("names a folder"), "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["corpora", "results"], "nothing written")
    }

    @Test func anImportToAOneLetterFile() throws {
        let dir = try Self.folder()
        try FileManager.default.copyItem(atPath: Repository.path("corpora/console-logs/swift-print.log"), toPath: dir + "/some.log")
        let r = Self.run(["import", "some.log", "--output", "q"], in: dir)
        #expect(r.status == 0, "exit \(r.status): \(r.output)")
        #expect(try String(contentsOfFile: dir + "/q", encoding: .utf8).contains("\"kind\":\"kbtrace\""))
    }
}
