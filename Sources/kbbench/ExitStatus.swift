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

    /// The lines `--help` shows.
    static let summary = """
        Exit status: 0 success; 1 an invariant was violated; 2 a performance regression or a failed \
        bench check; 3 records not comparable (compare); 64 bad usage; 65 malformed input or an external \
        strategy's malformed reply (the message \
        names file, line and key); 66 nothing to read in a directory; 70 an external strategy failed; \
        74 a file could not be read or written; 130 interrupted (Ctrl-C), 143 terminated (SIGTERM), a fuzz \
        campaign's state saved either way.
        """
}
