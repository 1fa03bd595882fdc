import Foundation

/// Every exit status kbbench's tools use (`kbbench`, `kbbench-cli-fuzz`),
/// the same in every command (after sysexits.h where one fits), as plain
/// numbers: each executable makes its own `ExitCode` of them. `kbbench
/// --help` and docs/cli.md list them.
package enum ExitStatusCode {
    /// Success: everything held.
    package static let success: Int32 = 0
    /// An invariant was violated (replay, fuzz, the standard suite).
    package static let violation: Int32 = 1
    /// A performance regression (`compare`) or a failed bench check (the
    /// standard suite, `bench` in a release build).
    package static let regression: Int32 = 2
    /// `compare`: the records are not comparable (another machine, another
    /// build type, another schema, nothing in common); `--force` overrides.
    package static let incomparable: Int32 = 3
    /// `merge`: a shard of the campaign is missing.
    package static let shardMissing: Int32 = 4
    /// `merge`: a shard was given more than once.
    package static let shardTwice: Int32 = 5
    /// `merge`: a shard was interrupted, so the totals are partial.
    package static let shardInterrupted: Int32 = 6
    /// Bad usage: a wrong option or a contradictory combination.
    package static let usage: Int32 = 64
    /// Bad input data: a malformed trace, record or fuzz state (the message
    /// names the file, line and key).
    package static let dataError: Int32 = 65
    /// No input: a directory holds nothing to read (no traces, no records).
    package static let noInput: Int32 = 66
    /// A tool kbbench needs is missing (`bench --count-instructions`
    /// without valgrind or objcopy).
    package static let unavailable: Int32 = 69
    /// An external strategy's process failed (crashed, hung, exited early),
    /// or a tool's did (callgrind counting a benchmark).
    package static let strategyFailed: Int32 = 70
    /// A file or directory could not be read or written.
    package static let ioError: Int32 = 74
    /// Interrupted (Ctrl-C); a fuzz campaign's state is saved.
    package static let interrupted: Int32 = 130
    /// Stopped by SIGTERM (`timeout`, `kill`, a CI runner ending the job); a
    /// fuzz campaign's state is saved, as on Ctrl-C.
    package static let terminated: Int32 = 143

    /// The status for a campaign stopped by `signal` (SIGINT or SIGTERM):
    /// 128 plus the signal's number, as a shell reports a process the signal
    /// killed.
    package static func stopped(by signal: Int32?) -> Int32 { signal == SIGTERM ? terminated : interrupted }

    /// What each status means, in the words `--help` and docs/cli.md use.
    package static let meanings: [(code: Int32, meaning: String)] = [
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
        (69, "a tool is missing (valgrind or objcopy, for bench --count-instructions)"),
        (70, "an external strategy's process failed (crashed, exited early, hung), or callgrind did (bench)"),
        (74, "a file could not be read or written (the path and the system's reason named)"),
        (130, "interrupted (Ctrl-C): what finished is printed, a fuzz campaign's state saved"),
        (143, "terminated (SIGTERM), handled as Ctrl-C"),
    ]

    /// The "Exit status:" paragraph of a command's `--help`: `codes` with
    /// their meanings, a command's own words replacing the common ones where
    /// given.
    package static func help(_ codes: [Int32], _ own: [Int32: String] = [:]) -> String {
        let listed = codes.map { code in "\(code) \(own[code] ?? meanings.first { $0.code == code }?.meaning ?? "")" }
        return "Exit status: " + listed.joined(separator: "; ") + "."
    }

    /// Every status, for `kbbench --help`.
    package static var summary: String { help(meanings.map(\.code)) }
}
