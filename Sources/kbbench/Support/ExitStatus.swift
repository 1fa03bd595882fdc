import ArgumentParser
import Foundation
import ToolSupport

/// kbbench's exit statuses as ArgumentParser's `ExitCode`s: the numbers and
/// their meanings are ToolSupport's ``ExitStatusCode``, which
/// `kbbench-cli-fuzz` uses too.
enum ExitStatus {
    static let success = ExitCode(ExitStatusCode.success)
    static let violation = ExitCode(ExitStatusCode.violation)
    static let regression = ExitCode(ExitStatusCode.regression)
    static let incomparable = ExitCode(ExitStatusCode.incomparable)
    static let shardMissing = ExitCode(ExitStatusCode.shardMissing)
    static let shardTwice = ExitCode(ExitStatusCode.shardTwice)
    static let shardInterrupted = ExitCode(ExitStatusCode.shardInterrupted)
    static let usage = ExitCode(ExitStatusCode.usage)
    static let dataError = ExitCode(ExitStatusCode.dataError)
    static let noInput = ExitCode(ExitStatusCode.noInput)
    static let strategyFailed = ExitCode(ExitStatusCode.strategyFailed)
    static let unavailable = ExitCode(ExitStatusCode.unavailable)
    static let ioError = ExitCode(ExitStatusCode.ioError)
    static let interrupted = ExitCode(ExitStatusCode.interrupted)
    static let terminated = ExitCode(ExitStatusCode.terminated)

    /// The status for a campaign stopped by `signal` (SIGINT or SIGTERM).
    static func stopped(by signal: Int32?) -> ExitCode { ExitCode(ExitStatusCode.stopped(by: signal)) }

    /// The "Exit status:" paragraph of a command's `--help`
    /// (``ExitStatusCode/help(_:_:)``).
    static func help(_ codes: [Int32], _ own: [Int32: String] = [:]) -> String { ExitStatusCode.help(codes, own) }

    /// Every status, for `kbbench --help`.
    static var summary: String { ExitStatusCode.summary }

    /// What each status means.
    static var meanings: [(code: Int32, meaning: String)] { ExitStatusCode.meanings }
}
