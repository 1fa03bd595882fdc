import Foundation
import KeyboardHarness

/// Where a long run is, told on standard error: on a terminal, one line
/// redrawn in place; elsewhere (a CI log, a file, `CI` set), one status line
/// every `interval` seconds, so an hour-long campaign is never silent:
///
///     fuzz: 2m10s, 53248 scenarios, 2210432 notifications, 0 violations, 17003 notifications/s
///
/// Nothing is printed for a run that ends before the first interval, nor
/// with an interval of 0 (`--status-interval 0`).
struct ProgressDisplay {
    let label: String
    private let interval: Double
    private let onTerminal: Bool
    private let clock = ContinuousClock()
    private let start: ContinuousClock.Instant
    private var lastLine: Double = 0
    private var lastShown = ""

    init(_ label: String, interval: Double, quiet: Bool = false) {
        self.label = label
        self.interval = quiet ? 0 : interval
        onTerminal = !quiet && isatty(STDERR_FILENO) != 0 && ProcessInfo.processInfo.environment["CI"] == nil
        start = clock.now
    }

    /// Seconds since the run started.
    var elapsed: Double {
        let d = clock.now - start
        return Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
    }

    /// A run of scenarios (or traces) has come this far; `problem` names
    /// what ``RunProgress/violations`` counts.
    mutating func update(_ p: RunProgress, unit: String = "scenarios", problem: String = "violation") {
        let done = p.target.map { "\(p.scenarios)/\($0) \(unit)" } ?? "\(p.scenarios) \(unit)"
        let rate = elapsed > 0 ? Int((Double(p.notifications) / elapsed).rounded()) : 0
        show(
            done,
            "\(done), \(p.notifications) notifications, \(Plural.count(p.violations, problem)), \(rate) notifications/s")
    }

    /// A run of steps (bench rounds) has come this far.
    mutating func update(step: Int, of total: Int, _ what: String) {
        let text = "\(what) \(step) of \(total)"
        show(text, text)
    }

    /// Clears the terminal's line once the run is over.
    func finish() {
        if onTerminal && !lastShown.isEmpty { FileHandleOutput.writeToStandardError("\r\u{1B}[K") }
    }

    private mutating func show(_ short: String, _ long: String) {
        if onTerminal {
            guard short != lastShown else { return }
            lastShown = short
            FileHandleOutput.writeToStandardError("\r\u{1B}[K\(label): \(short)")
            return
        }
        let now = elapsed
        guard interval > 0, now - lastLine >= interval else { return }
        lastLine = now
        FileHandleOutput.writeToStandardError("\(label): \(Self.duration(now)), \(long)\n")
    }

    /// "42s", "2m10s", "1h02m": elapsed time as a status line prints it.
    static func duration(_ seconds: Double) -> String {
        let s = Int(seconds)
        if s < 60 { return "\(s)s" }
        if s < 3600 { return "\(s / 60)m\(String(format: "%02d", s % 60))s" }
        return "\(s / 3600)h\(String(format: "%02d", s / 60 % 60))m"
    }
}
