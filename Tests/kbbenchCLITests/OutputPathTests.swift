import Foundation
import KBTestSupport
import Testing

/// Outputs are written where asked, into what is there: a FIFO, a device, a
/// link to the process's own standard output are opened and written, never
/// replaced; `-` is standard output; a regular file is replaced atomically;
/// a missing folder, or a failed write, is exit 74 naming the path and the
/// reason, before any work.
@Suite("Where outputs go", .processTimeLimit)
struct OutputPathTests {
    typealias K = KbbenchProcess

    static let trace = "corpora/traces/iphone8-portrait-first-focus.kbtrace"
    /// The quickest bench that writes a whole record.
    static let quickBench = [
        "bench", "--suite", "engine", "--samples", "100", "--no-scaling", "--counterexample-repeats", "0", "--planted-bug-seeds", "0",
    ]

    /// What `lstat` says a path is (a link is not followed).
    static func kind(_ path: String) -> mode_t {
        var s = stat()
        guard lstat(path, &s) == 0 else { return 0 }
        return s.st_mode & S_IFMT
    }

    @Test func aFIFOIsWrittenNotReplaced() throws {
        let dir = try K.temporaryDirectory()
        let fifo = dir + "/storyboard.svg"
        #expect(mkfifo(fifo, 0o644) == 0)
        // A reader on the other end, as `cat FIFO` or a browser would be.
        let read = ReadToEnd(fifo)
        let r = K.kbbench("replay", "--svg", fifo, Self.trace)
        #expect(r.status == 0, "\(r.output)")
        #expect(read.text().hasPrefix("<svg"), "the reader got the storyboard")
        #expect(Self.kind(fifo) == S_IFIFO, "the FIFO is still a FIFO")
    }

    @Test func devStdoutIsTheProcesssOwnStandardOutput() throws {
        let r = K.kbbench(Self.quickBench + ["--output", "/dev/stdout"])
        #expect(r.status == 0 || r.status == 2, "\(r.output)")
        let record = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any], "only the record: \(r.stdout)")
        #expect(record["kind"] as? String == "kbbench-result")
        #expect(Self.kind("/dev/stdout") == S_IFLNK, "/dev/stdout is still a link")
        let dash = K.kbbench("replay", "--svg", "-", Self.trace)
        #expect(dash.status == 0 && dash.stdout.hasPrefix("<svg") && !dash.stdout.contains("strategy engine"), "- is standard output, alone")
    }

    @Test func aLinkToTheProcesssStandardOutputStaysALink() throws {
        let dir = try K.temporaryDirectory()
        let link = dir + "/page.html"
        #expect(symlink("/proc/self/fd/1", link) == 0)
        let r = K.kbbench("report", "--results", "results", "--output", link)
        #expect(r.status == 0, "\(r.output)")
        #expect(
            r.stdout.hasPrefix("<!doctype html>") && r.stdout.trimmingCharacters(in: .whitespacesAndNewlines).hasSuffix("</html>"),
            "the page alone on standard output")
        #expect(r.stderr.contains("report written to"), "the note goes to standard error")
        #expect(Self.kind(link) == S_IFLNK)
    }

    @Test func aLinkToARegularFileStaysALinkAndItsFileIsReplaced() throws {
        let dir = try K.temporaryDirectory()
        try "old".write(toFile: dir + "/real.svg", atomically: true, encoding: .utf8)
        #expect(symlink("real.svg", dir + "/link.svg") == 0)
        let r = K.kbbench("replay", "--svg", dir + "/link.svg", Self.trace)
        #expect(r.status == 0, "\(r.output)")
        #expect(Self.kind(dir + "/link.svg") == S_IFLNK)
        #expect(try String(contentsOfFile: dir + "/real.svg", encoding: .utf8).hasPrefix("<svg"))
    }

    @Test func aFullDeviceIsExit74AndStaysADevice() throws {
        let r = K.kbbench(Self.quickBench + ["--output", "/dev/full"])
        #expect(r.status == 74, "\(r.output)")
        #expect(r.stderr.contains("/dev/full: No space left on device") && !r.stdout.contains("record written"), "\(r.output)")
        #expect(Self.kind("/dev/full") == S_IFCHR)
    }

    /// A missing folder is named, before any measuring, and not created.
    @Test(arguments: [
        quickBench + ["--output", "/nonexistent-kbbench/x.json"],
        ["replay", "--svg", "/nonexistent-kbbench/x.svg", trace],
        ["report", "--output", "/nonexistent-kbbench/report.html"],
        ["import", "corpora/console-logs/nslog-ios11.log", "--output", "/nonexistent-kbbench/x.kbtrace"],
    ])
    func aMissingFolderIsNamed(arguments: [String]) throws {
        let r = K.kbbench(arguments)
        #expect(r.status == 74, "\(r.output)")
        #expect(r.stderr.contains("no such folder: /nonexistent-kbbench"), "\(r.stderr)")
        #expect(!r.stdout.contains("Per-notification latency"), "nothing was measured first")
        #expect(!FileManager.default.fileExists(atPath: "/nonexistent-kbbench"))
    }

    @Test func twoOutputsOnStandardOutputAreAUsageError() {
        let r = K.kbbench("replay", "--svg", "-", "--html", "/dev/stdout", Self.trace)
        #expect(r.status == 64 && r.stderr.contains("--svg and --html would both write to standard output"), "\(r.output)")
    }
}

/// Reads a FIFO to its end on a thread of its own.
final class ReadToEnd: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var data = Data()

    init(_ path: String) {
        Thread.detachNewThread { [self] in
            if let handle = FileHandle(forReadingAtPath: path) {
                data = handle.readDataToEndOfFile()
                try? handle.close()
            }
            done.signal()
        }
    }

    /// What was read, once the writer closed its end (at most 60 s).
    func text() -> String {
        _ = done.wait(timeout: .now() + 60)
        return String(decoding: data, as: UTF8.self)
    }
}
