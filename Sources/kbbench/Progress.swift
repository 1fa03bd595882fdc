import Foundation

/// A one-line progress indicator on a terminal's standard error; silent
/// when standard error is not a terminal or under CI.
struct Progress {
    let label: String
    let total: Int
    let enabled: Bool
    private var lastShown = -1

    init(_ label: String, total: Int) {
        self.label = label
        self.total = total
        self.enabled = isatty(STDERR_FILENO) != 0 && ProcessInfo.processInfo.environment["CI"] == nil
    }

    mutating func update(_ done: Int) {
        guard enabled, total > 0 else { return }
        let percent = done * 100 / total
        guard percent != lastShown else { return }
        lastShown = percent
        FileHandleOutput.writeToStandardError("\r\(label): \(done)/\(total) (\(percent)%)")
        if done == total { FileHandleOutput.writeToStandardError("\r\u{1B}[K") }
    }
}
