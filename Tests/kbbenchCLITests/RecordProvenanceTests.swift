import Foundation
import KBTestSupport
import Testing

/// A record names the commit the binary was built from, and whether that
/// tree had uncommitted changes, wherever the binary runs; `--version`
/// says the same.
@Suite("What a record says it measured", .enabled(if: Repository.isGitCheckout, "needs a git checkout of its own"), .processTimeLimit)
struct RecordProvenanceTests {
    typealias K = KbbenchProcess

    static func git(_ arguments: [String], in directory: String) -> String {
        K.run("/usr/bin/env", ["git"] + arguments, in: directory).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func theRecordNamesTheBinarysCommitNotTheCheckoutItRunsIn() throws {
        // The binary was built from this tree. The provenance is written by
        // a prebuild command, which SwiftPM runs when it plans a build (the
        // first build, a changed manifest or set of files), not before every
        // build (swiftlang/swift-package-manager#5476): after a commit that
        // changed no file set, the binary still names the commit before
        // until `touch Package.swift && swift build`. A clean clone (CI)
        // plans afresh.
        let head = Self.git(["rev-parse", "HEAD"], in: Repository.root)
        let changed = !Self.git(["status", "--porcelain"], in: Repository.root).isEmpty
        let version = K.kbbench("--version")
        let stale = " (after a commit: touch Package.swift && swift build; SwiftPM runs the provenance's prebuild command only when it plans a build)"
        #expect(version.stdout.hasPrefix("0.1.0 (commit \(head)"), "\(version.stdout)\(stale)")
        #expect(version.stdout.contains("with uncommitted changes") == changed, "\(version.stdout)\(stale)")

        // Another repository, at another commit: the record still names the
        // binary's.
        let other = try K.temporaryDirectory()
        _ = Self.git(["init", "-q"], in: other)
        _ = Self.git(["-c", "user.email=t@t", "-c", "user.name=t", "commit", "-q", "--allow-empty", "-m", "another"], in: other)
        let otherHead = Self.git(["rev-parse", "HEAD"], in: other)
        #expect(otherHead.count == 40 && otherHead != head)
        let r = K.run(
            K.binary,
            [
                "bench", "--suite", "engine", "--samples", "100", "--no-scaling", "--counterexample-repeats", "0", "--planted-bug-seeds", "0",
                "--output", "r.json",
            ],
            in: other)
        #expect(r.status == 0 || r.status == 2, "\(r.output)")
        let record = try #require(
            try JSONSerialization.jsonObject(with: try Data(contentsOf: URL(fileURLWithPath: other + "/r.json"))) as? [String: Any])
        #expect(record["gitCommit"] as? String == head)
        #expect(record["uncommittedChanges"] as? Bool == changed)
    }
}
