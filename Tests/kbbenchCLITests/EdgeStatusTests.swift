import Foundation
import KBTestSupport
import Testing

/// What the command line answers at its edges, as a user sees it: the exit
/// status and a message naming the file, the line and the key.
@Suite("The command line at its edges", .processTimeLimit, .tags(.heavyTier))
struct EdgeStatusTests {
    typealias K = KbbenchProcess

    /// `shootout --inset-pulls-offset` judges under the other reading of
    /// the unsettled inset rule, says so, and moves I4 (the cookbook's and
    /// apple2013's restores leave the offset past the end only under the
    /// default reading); it refuses to write the corpus's exemplars.
    @Test func theOtherReadingOfTheInsetRuleMovesI4() throws {
        func i4(_ extra: [String]) throws -> (counts: [String: Int], stderr: String) {
            let r = K.kbbench(["shootout", "--all-scenarios", "--scenarios", "100", "--json"] + extra)
            #expect(r.status == 0, "\(r.output)")
            let json = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
            let rows = try #require(json["strategies"] as? [[String: Any]])
            var counts: [String: Int] = [:]
            for row in rows {
                counts[row["name"] as? String ?? ""] = (row["violations"] as? [String: Any])?["I4"] as? Int ?? 0
            }
            return (counts, r.stderr)
        }
        let kept = try i4([]), pulled = try i4(["--inset-pulls-offset"])
        #expect(pulled.stderr.contains("judged under the other reading") && !kept.stderr.contains("other reading"))
        for name in ["apple2013", "cookbook"] {
            #expect(kept.counts[name, default: 0] > 0 && pulled.counts[name] == 0, "\(name): \(kept.counts) → \(pulled.counts)")
        }
        #expect(kept.counts["engine"] == 0 && pulled.counts["engine"] == 0)
        let refused = K.kbbench("shootout", "--inset-pulls-offset", "--write-counterexamples", try K.temporaryDirectory())
        #expect(refused.status == 64 && refused.stderr.contains("--write-counterexamples"), "\(refused.output)")
    }

    /// `shootout --iq-own-top-bars` judges iqKeyboardManager with the top
    /// bars as the app's own views, says so, and hides more fields under
    /// them (IQ's top guide is then the status bar's); no other strategy
    /// moves, and the corpus's exemplars are refused.
    @Test func theOtherReadingOfTheTopBarsMovesOnlyIQsI2() throws {
        func hidden(_ extra: [String]) throws -> (counts: [String: Int], stderr: String) {
            let r = K.kbbench(["shootout", "--scenarios", "300", "--json"] + extra)
            #expect(r.status == 0, "\(r.output)")
            let json = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
            let rows = try #require(json["strategies"] as? [[String: Any]])
            var counts: [String: Int] = [:]
            for row in rows { counts[row["name"] as? String ?? ""] = row["fieldHidden"] as? Int ?? -1 }
            return (counts, r.stderr)
        }
        let navigation = try hidden([]), own = try hidden(["--iq-own-top-bars"])
        #expect(
            own.stderr.contains("judged under the other reading: the bars above the content are the app's own views")
                && !navigation.stderr.contains("other reading"))
        #expect(
            own.counts["iqKeyboardManager", default: 0] > navigation.counts["iqKeyboardManager", default: 0], "\(navigation.counts) → \(own.counts)")
        for (name, n) in navigation.counts where name != "iqKeyboardManager" { #expect(own.counts[name] == n, "\(name)") }
        let refused = K.kbbench("shootout", "--iq-own-top-bars", "--write-counterexamples", try K.temporaryDirectory())
        #expect(refused.status == 64 && refused.stderr.contains("drop --iq-own-top-bars"), "\(refused.output)")
    }

    /// Run with its standard input closed (a daemon, a CI step), kbbench's
    /// socket to an external strategy may be descriptor 0; the strategy is
    /// still told the run ended, and given time to tidy up.
    @Test(.enabled(if: Repository.hasPython, "needs python3"))
    func anExternalStrategyIsToldTheEndWithStandardInputClosed() throws {
        let marker = try K.temporaryDirectory() + "/ended"
        let strategy = "exec:python3 Tests/KeyboardHarnessTests/Children/tidy.py " + marker
        let r = K.run("/bin/sh", ["-c", #"exec 0<&-; exec "$0" shootout --scenarios 1 --with "$1""#, K.binary, strategy], in: Repository.root)
        #expect(r.status == 0, "\(r.output)")
        #expect(FileManager.default.contents(atPath: marker) == Data("ended".utf8))
    }

    /// A malformed trace: exit 65, naming the file's line and the key.
    @Test func aMalformedTraceNamesItsLineAndKey() throws {
        let dir = try K.temporaryDirectory()
        let bad = dir + "/bad.kbtrace"
        try """
        {"schemaVersion":1,"kind":"kbtrace","screen":[320,480],"scrollView":{"frame":[0,0,320,480],"contentSize":[320,480]},"fields":[]}
        {"event":"tap"}

        """.write(toFile: bad, atomically: true, encoding: .utf8)
        let r = K.kbbench("replay", bad)
        #expect(r.status == 65 && r.stderr.contains("bad.kbtrace:2: key 'event'"), "\(r.status): \(r.output)")
    }

    /// The `ext` files of `folder`; none is a failure of the calling test.
    static func files(_ folder: String, _ ext: String, sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
        let found = ((try? FileManager.default.contentsOfDirectory(atPath: Repository.path(folder))) ?? []).filter { $0.hasSuffix(ext) }
            .sorted().map { folder + "/" + $0 }
        if found.isEmpty { Issue.record("\(folder) holds no \(ext) file: the walk found nothing to check", sourceLocation: sourceLocation) }
        return found
    }

    // Each malformed file's status and message from its first reader
    // (replay, export, fuzz --resume) are pinned whole below; these are the
    // other commands that read it. The fast tier runs every third file of
    // each folder, the heavy tier all (``TestTier``).

    /// Every third malformed file of `folder` in the fast tier, all in the
    /// heavy one.
    static func sample(_ folder: String, _ ext: String) -> [String] {
        let all = files(folder, ext)
        return TestTier.heavy ? all : all.enumerated().filter { $0.offset % 3 == 0 }.map(\.element)
    }

    /// Every malformed trace in the corpus is refused by audit with exit
    /// 65, naming it.
    @Test(arguments: sample("corpora/malformed/traces", ".kbtrace"))
    func everyMalformedTraceExits65(_ file: String) {
        let r = K.kbbench("audit", file)
        #expect(r.status == 65 && r.stderr.contains(file + ":"), "audit: \(r.status): \(r.output)")
    }

    /// Every malformed record, wherever else a record is read: compare (on
    /// either side) and report.
    @Test(arguments: sample("corpora/malformed/records", ".json"))
    func everyMalformedRecordExits65WhereverItIsRead(_ file: String) throws {
        let good = "results/bench-20261122-011545-a6d4346.json"
        for arguments in [["compare", good, file], ["compare", file, good]] {
            let r = K.kbbench(arguments)
            #expect(r.status == 65 && r.stderr.contains(file + ":"), "\(arguments): \(r.status): \(r.output)")
        }
        let dir = try K.temporaryDirectory()
        let copy = dir + "/" + URL(fileURLWithPath: file).lastPathComponent
        try FileManager.default.copyItem(atPath: Repository.path(file), toPath: copy)
        let r = K.kbbench("report", "--results", dir, "--output", dir + "/report.html")
        #expect(r.status == 65 && r.stderr.contains(copy + ":"), "report: \(r.status): \(r.output)")
    }

    /// What a user reads for each malformed file, pinned in
    /// `Golden/malformed.txt`: the exit status and the whole of standard
    /// error of `replay` for a trace, `export` for a record and
    /// `fuzz --resume` for a state, so that a change to a line, a column, a
    /// key or a sentence of any message is a diff to read (see `GoldenFile`).
    @Test func everyMalformedFilesMessageIsTheReviewedOne() throws {
        let corpus = try K.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: corpus) }
        let commands: [(folder: String, ext: String, arguments: (String) -> [String])] = [
            ("corpora/malformed/traces", ".kbtrace", { ["replay", $0] }),
            ("corpora/malformed/records", ".json", { ["export", "--format", "influx", $0] }),
            (
                "corpora/malformed/states", ".json",
                { ["fuzz", "--strategy", "cookbook", "--seed", "11", "--runs", "10", "--failures", corpus, "--state", $0, "--resume"] }
            ),
        ]
        var lines: [String] = []
        for (folder, ext, arguments) in commands {
            for file in Self.files(folder, ext) {
                let r = K.kbbench(arguments(file))
                let message = r.stderr.replacingOccurrences(of: corpus, with: "CORPUS").split(separator: "\n").joined(separator: " | ")
                lines.append("\(file) \(r.status): \(message)")
                // Each is refused (65), naming the file.
                #expect(r.status == 65 && r.stderr.contains(file + ":"), "\(arguments(file)): \(r.status): \(r.output)")
            }
        }
        let difference = try GoldenFile.difference(
            lines.joined(separator: "\n") + "\n", from: GoldenFile.url("Golden/malformed.txt", besideTestFile: #filePath))
        #expect(difference == nil, "\(difference ?? "")")
    }

    /// Every command's `--help` is text as written: no interpolation left
    /// unexpanded (a `\\(` in the source prints the Swift literally), and
    /// every command lists its exit statuses.
    @Test(arguments: ["replay", "audit", "shootout", "fuzz", "bench", "compare", "export", "report", "import"])
    func helpIsExpandedText(command: String) {
        let r = K.kbbench(command, "--help")
        #expect(r.status == 0, "\(r.output)")
        #expect(!r.stdout.contains("\\("), "\(command) --help: \(r.stdout)")
        #expect(r.stdout.contains("Exit status: 0 "), "\(command) --help")
    }

    /// A write that fails (here at the file-size limit, as on a full disk)
    /// exits 74 naming the file and the system's reason, and leaves neither
    /// the file nor its temporary one behind.
    @Test func aFailedWriteExits74AndLeavesNothingBehind() throws {
        let dir = try K.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let page = dir + "/report.html"
        // 512-byte blocks in dash, 1,024 in bash: either way far below the
        // page, and room for the message on standard error.
        let r = K.run(
            "/bin/sh", ["-c", #"ulimit -f 1 && trap '' XFSZ && exec "$0" "$@""#, K.binary, "report", "--results", "results", "--output", page],
            in: Repository.root)
        #expect(r.status == 74, "\(r.status): \(r.output)")
        #expect(r.stderr.contains(page) && r.stderr.contains("cannot write: File too large"), "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty, "no page and no temporary file")
    }

    /// Usage errors exit 64, a missing or an empty folder to read 66.
    @Test func exitStatusesAtTheEdges() throws {
        #expect(K.kbbench("fuzz", "--shard", "0/2", "--runs", "1").status == 64, "--shard without --seed")
        #expect(K.kbbench("replay", "--corpus-does-not-exist").status == 64, "an unknown option")
        let missing = K.kbbench("report", "--results", "/nonexistent-kbbench-dir", "--output", try K.temporaryDirectory() + "/r.html")
        #expect(missing.status == 66, "a missing directory: \(missing.output)")
        let empty = try K.temporaryDirectory()
        #expect(K.kbbench("report", "--results", empty, "--output", empty + "/r.html").status == 66, "an empty directory")
    }
}
