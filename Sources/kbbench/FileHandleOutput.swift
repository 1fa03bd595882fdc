import Foundation

/// Writing to the standard streams without buffering surprises.
enum FileHandleOutput {
    static func writeToStandardError(_ s: String) {
        FileHandle.standardError.write(Data(s.utf8))
    }

    /// True when standard output is a terminal (progress is shown only then).
    static var isTerminal: Bool { isatty(STDOUT_FILENO) != 0 && ProcessInfo.processInfo.environment["CI"] == nil }
}
