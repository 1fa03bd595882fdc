import ArgumentParser
import Foundation

/// Every exit status kbbench uses, the same in every command (after
/// sysexits.h where one fits). `kbbench --help` and docs/cli.md list them.
enum ExitStatus {
    /// Success: everything held.
    static let success = ExitCode(0)
    /// An invariant was violated (replay, fuzz, the standard suite).
    static let violation = ExitCode(1)
    /// A performance regression (`compare`) or a failed bench check (the
    /// standard suite, `bench` in a release build).
    static let regression = ExitCode(2)
    /// `compare`: the records are not comparable (another machine, another
    /// build type, another schema, nothing in common); `--force` overrides.
    static let incomparable = ExitCode(3)
    /// `merge`: a shard of the campaign is missing.
    static let shardMissing = ExitCode(4)
    /// `merge`: a shard was given more than once.
    static let shardTwice = ExitCode(5)
    /// `merge`: a shard was interrupted, so the totals are partial.
    static let shardInterrupted = ExitCode(6)
    /// Bad usage: a wrong option or a contradictory combination.
    static let usage = ExitCode(64)
    /// Bad input data: a malformed trace, record or fuzz state (the message
    /// names the file, line and key).
    static let dataError = ExitCode(65)
    /// No input: a directory holds nothing to read (no traces, no records).
    static let noInput = ExitCode(66)
    /// An external strategy's process failed (crashed, hung, exited early).
    static let strategyFailed = ExitCode(70)
    /// A file or directory could not be read or written.
    static let ioError = ExitCode(74)
    /// Interrupted (Ctrl-C); a fuzz campaign's state is saved.
    static let interrupted = ExitCode(130)
    /// Stopped by SIGTERM (`timeout`, `kill`, a CI runner ending the job); a
    /// fuzz campaign's state is saved, as on Ctrl-C.
    static let terminated = ExitCode(143)

    /// The status for a campaign stopped by `signal` (SIGINT or SIGTERM):
    /// 128 plus the signal's number, as a shell reports a process the signal
    /// killed.
    static func stopped(by signal: Int32?) -> ExitCode { signal == SIGTERM ? terminated : interrupted }

    /// What each status means, in the words `--help` and docs/cli.md use.
    static let meanings: [(code: Int32, meaning: String)] = [
        (0, "success"),
        (1, "an invariant was violated"),
        (2, "a performance regression (compare) or a failed bench check (bench, the suite)"),
        (3, "records not comparable, or no baseline found (compare); summaries not of one campaign (merge)"),
        (4, "a shard is missing (merge)"),
        (5, "a shard was given more than once (merge)"),
        (6, "a shard was interrupted: the totals are partial (merge)"),
        (64, "bad usage"),
        (65, "malformed input, or an external strategy's malformed reply (file, line and key named)"),
        (66, "an input folder is missing or holds nothing to read"),
        (70, "an external strategy's process failed (crashed, exited early, hung)"),
        (74, "a file could not be read or written (the path and the system's reason named)"),
        (130, "interrupted (Ctrl-C): what finished is printed, a fuzz campaign's state saved"),
        (143, "terminated (SIGTERM), handled as Ctrl-C"),
    ]

    /// The "Exit status:" paragraph of a command's `--help`: `codes` with
    /// their meanings, a command's own words replacing the common ones where
    /// given.
    static func help(_ codes: [Int32], _ own: [Int32: String] = [:]) -> String {
        let listed = codes.map { code in "\(code) \(own[code] ?? meanings.first { $0.code == code }?.meaning ?? "")" }
        return "Exit status: " + listed.joined(separator: "; ") + "."
    }

    /// Every status, for `kbbench --help`.
    static var summary: String { help(meanings.map(\.code)) }
}
