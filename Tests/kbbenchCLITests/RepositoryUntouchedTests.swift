import Foundation
import KBTestSupport
import Testing

/// Running kbbench leaves the repository as it was: fuzzing saves into
/// `.kbbench/failures` (git ignores it), the suite writes no record unless
/// asked, and a corpus folder that does not exist is an error, never an
/// empty corpus.
@Suite("The repository is left alone", .enabled(if: Repository.isGitCheckout, "needs a git checkout of its own"), .processTimeLimit)
struct RepositoryUntouchedTests {
    typealias K = KbbenchProcess

    /// A clone of this repository's HEAD, where kbbench runs as a new user
    /// would run it.
    static func clone() throws -> String {
        let dir = try K.temporaryDirectory() + "/clone"
        let r = K.run("/usr/bin/env", ["git", "clone", "-q", Repository.root, dir], in: Repository.root)
        try #require(r.status == 0, "\(r.output)")
        return dir
    }

    /// A suite short enough for a test: its bench without the time to a
    /// counterexample and the planted bugs (most of a debug build's bench).
    static let shortSuite = [
        "--scenarios", "50", "--chat-screens", "50", "--fuzz-runs", "50", "--bench-samples", "100", "--counterexample-repeats", "0",
        "--planted-bug-seeds", "0",
    ]

    static func status(_ clone: String) -> String {
        K.run("/usr/bin/env", ["git", "status", "--porcelain", "--untracked-files=all"], in: clone).stdout
    }

    @Test func fuzzingAndTheSuiteLeaveACleanCloneClean() throws {
        let clone = try Self.clone()
        let fuzz = K.run(K.binary, ["fuzz", "--strategy", "cookbook", "--seed", "7", "--runs", "500"], in: clone)
        #expect(fuzz.status == 1, "cookbook fails: \(fuzz.output)")
        #expect(fuzz.stdout.contains(".kbbench/failures/cookbook-"), "counterexamples are saved in kbbench's folder: \(fuzz.stdout)")
        let saved = try FileManager.default.contentsOfDirectory(atPath: clone + "/.kbbench/failures")
        #expect(saved.contains { $0.hasSuffix(".kbtrace") } && saved.contains { $0.hasSuffix(".svg") }, "\(saved)")
        if Repository.hasPython {
            // An external strategy's process leaves nothing either; the
            // first counterexample, shrunk through it, is enough to see.
            let exec = K.run(
                K.binary, ["fuzz", "--strategy", "exec:python3 Examples/exec-strategy/naive.py", "--seed", "7", "--runs", "200", "--stop-at-first"],
                in: clone)
            #expect(exec.status == 1, "\(exec.output)")
        }
        let suite = K.run(K.binary, ["suite"] + Self.shortSuite, in: clone)
        #expect(suite.status == 0 || suite.status == 2, "\(suite.output)")
        #expect(Self.status(clone).isEmpty, "git status after fuzzing and the suite:\n\(Self.status(clone))")
    }

    @Test func theSuiteKeepsItsRecordOnlyWhereAsked() throws {
        let results = try K.temporaryDirectory()
        let r = K.kbbench(["suite"] + Self.shortSuite + ["--results", results])
        #expect(r.status == 0 || r.status == 2, "\(r.output)")
        let records = try FileManager.default.contentsOfDirectory(atPath: results)
        #expect(records.count == 1 && records[0].hasPrefix("bench-") && records[0].hasSuffix(".json"), "\(records)")
        // The suite's bench takes the bench's options: what was skipped is not in the record.
        let record = try String(contentsOfFile: results + "/" + records[0], encoding: .utf8)
        #expect(record.contains("\"shootout\"") && !record.contains("\"plantedBugs\"") && !record.contains("\"counterexampleTimes\""))
        let missing = K.kbbench("suite", "--scenarios", "50", "--results", results + "/not-there")
        #expect(missing.status == 66 && missing.stderr.contains("not-there"), "\(missing.output)")
    }

    @Test func aCorpusThatDoesNotExistIsExit66() {
        let fuzz = K.kbbench("fuzz", "--corpus", "/nonexistent-kbbench/dir", "--runs", "10")
        #expect(fuzz.status == 66 && fuzz.stderr.contains("/nonexistent-kbbench/dir: no such directory"), "\(fuzz.output)")
        let suite = K.kbbench("suite", "--corpus", "/nonexistent-kbbench/dir")
        #expect(suite.status == 66 && suite.stderr.contains("/nonexistent-kbbench/dir"), "\(suite.output)")
    }
}
