import ArgumentParser

/// The exit statuses kbbench uses, after sysexits.h.
enum ExitStatus {
    /// An invariant was violated (or a regression found).
    static let violation = ExitCode(1)
    /// Bad usage: a wrong option or a contradictory combination.
    static let usage = ExitCode(64)
    /// Bad input data: a malformed trace or record.
    static let dataError = ExitCode(65)
    /// A file could not be read or written.
    static let ioError = ExitCode(74)
}

/// An error at the tool's edge: printed as one line, then the process exits
/// with ``status``.
struct ToolError: Error, CustomStringConvertible {
    var message: String
    var status: ExitCode

    var description: String { message }
}
