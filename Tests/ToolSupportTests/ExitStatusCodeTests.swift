import Foundation
import Testing
import ToolSupport

/// The exit statuses every tool shares: a status for a signal is 128 plus
/// the signal's number, as a shell reports a process the signal killed, and
/// every status has its meaning, once.
@Suite("Exit statuses")
struct ExitStatusCodeTests {
    @Test func aStopBySignalIs128PlusItsNumber() {
        #expect(ExitStatusCode.interrupted == 128 + SIGINT)
        #expect(ExitStatusCode.terminated == 128 + SIGTERM)
        #expect(ExitStatusCode.stopped(by: SIGINT) == 128 + SIGINT)
        #expect(ExitStatusCode.stopped(by: SIGTERM) == 128 + SIGTERM)
        #expect(ExitStatusCode.stopped(by: nil) == ExitStatusCode.interrupted, "a stop with no signal named reads as Ctrl-C")
    }

    @Test func everyStatusHasOneMeaning() {
        let statuses: [Int32] = [
            ExitStatusCode.success, ExitStatusCode.violation, ExitStatusCode.regression, ExitStatusCode.incomparable,
            ExitStatusCode.shardMissing, ExitStatusCode.shardTwice, ExitStatusCode.shardInterrupted, ExitStatusCode.usage,
            ExitStatusCode.dataError, ExitStatusCode.noInput, ExitStatusCode.unavailable, ExitStatusCode.strategyFailed,
            ExitStatusCode.ioError, ExitStatusCode.interrupted, ExitStatusCode.terminated,
        ]
        #expect(ExitStatusCode.meanings.map(\.code) == statuses, "the meanings list each status once, in order")
        #expect(Set(statuses).count == statuses.count)
    }

    /// A command's "Exit status:" paragraph gives each of its codes with its
    /// meaning, in the order given, its own words where it has them.
    @Test func aCommandsHelpListsEachCodeWithItsMeaning() {
        let usage = ExitStatusCode.meanings.first { $0.code == ExitStatusCode.usage }?.meaning ?? ""
        #expect(!usage.isEmpty)
        #expect(
            ExitStatusCode.help([ExitStatusCode.success, ExitStatusCode.usage], [ExitStatusCode.success: "every trace judged"])
                == "Exit status: 0 every trace judged; 64 \(usage).")
    }
}
