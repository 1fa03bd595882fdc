import Foundation
import KBTestSupport
import Testing

/// The command lines the command-line fuzzer (`kbbench-cli-fuzz`) found
/// failing, one pin each, as a user would type them: each now ends with a
/// status its `--help` documents, and stops when interrupted. The fuzzer's
/// seed and vector are named where it found them.
@Suite("Command lines the fuzzer found", .processTimeLimit)
struct FuzzedCommandLineTests {
    typealias K = KbbenchProcess

    /// Seed 2026112701, vectors 36 and 507: a trace argument that is a FIFO
    /// no one writes. Opening it waited for a writer and SIGINT could not
    /// end the wait; now the read waits interruptibly, and Ctrl-C stops
    /// the command as it stops any other (130, saying what it was doing).
    @Test func aTraceNoOneWritesStopsOnSIGINT() throws {
        let dir = try K.temporaryDirectory()
        #expect(mkfifo(dir + "/fifo", 0o644) == 0)
        let run = try RunningKbbench(["replay", "--json", dir + "/fifo"], environment: ["CI": "true"])
        Thread.sleep(forTimeInterval: 1.5)
        #expect(run.process.isRunning, "it waits for a writer, as cat does")
        run.send(SIGINT)
        let (r, seconds) = run.finish()
        #expect(r.status == 130, "\(r.output)")
        #expect((seconds ?? .infinity) < StoppingTests.stopLimit)
        #expect(r.stderr.contains("interrupted (SIGINT) while reading the traces"), "\(r.stderr)")
        #expect(r.stdout.contains("\"kind\":\"kbbench-interrupted\""), "--json's closing line: \(r.stdout)")
    }

    /// Seed 2026112702, vector 4968: `suite --corpus //` walked the whole
    /// disk for traces and SIGINT could not end the walk. The walk now asks
    /// at every entry, in the suite and in a fuzz campaign's corpus pass.
    @Test(arguments: [["suite", "--corpus", "//", "--status-interval", "0"], ["fuzz", "--corpus", "/", "--runs", "10"]])
    func aCorpusAsLargeAsTheDiskStopsOnSIGINT(arguments: [String]) throws {
        let run = try RunningKbbench(arguments, in: try K.temporaryDirectory(), environment: ["CI": "true"])
        Thread.sleep(forTimeInterval: 1.5)
        #expect(run.process.isRunning, "still listing")
        run.send(SIGINT)
        let (r, seconds) = run.finish()
        #expect(r.status == 130, "\(r.output)")
        #expect((seconds ?? .infinity) < StoppingTests.stopLimit)
        #expect(r.stderr.contains("interrupted (SIGINT) while listing the traces under /"), "\(r.stderr)")
    }

    /// A FIFO written after the command started is read as a file is.
    @Test func aTraceWrittenToAFIFOIsRead() throws {
        let dir = try K.temporaryDirectory()
        #expect(mkfifo(dir + "/fifo", 0o644) == 0)
        let run = try RunningKbbench(["replay", dir + "/fifo"], environment: ["CI": "true"])
        Thread.sleep(forTimeInterval: 0.5)
        let trace = try Data(contentsOf: URL(fileURLWithPath: Repository.path("corpora/traces/ipad-slide-over.kbtrace")))
        let writer = try #require(FileHandle(forWritingAtPath: dir + "/fifo"))
        writer.write(trace)
        try writer.close()
        let (r, _) = run.finish()
        #expect(r.status == 0 || r.status == 1, "judged: \(r.output)")
        #expect(r.stdout.contains("fifo"), "\(r.stdout)")
    }

    /// Seed 2026112701, vector 513: `/dev/full` (and `/dev/zero`) as a
    /// trace never ends; the read was unbounded and deaf to SIGINT. Past
    /// 256 MiB a file is refused: exit 74, naming it.
    @Test(arguments: ["/dev/zero", "/dev/full"])
    func aFileThatNeverEndsIsRefused(path: String) {
        let r = K.kbbench("replay", path)
        #expect(r.status == 74, "\(r.output)")
        #expect(r.stderr.contains("\(path): is larger than 256 MiB"), "\(r.stderr)")
    }

    /// Seed 2026112701, vector 905: `bench --count-passes` with a count
    /// whose product with a workload's length overflows trapped (SIGILL).
    /// Now its range is checked as every other count's is: 64.
    @Test func aPassCountBeyondItsRangeIsAUsageError() {
        let r = K.kbbench("bench", "--count-passes", "9223372036854775807")
        #expect(r.status == 64, "\(r.output)")
        #expect(r.stderr.contains("--count-passes must be between 1 and 1000"), "\(r.stderr)")
    }
}
