import ArgumentParser

/// `--status-interval SECONDS`: how often a long command reports where it
/// is when standard error is not a terminal (a CI log, a file). On a
/// terminal a progress line is redrawn in place instead.
struct StatusOptions: ParsableArguments {
    /// The interval when none is given.
    static let defaultInterval = 10.0

    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp(
            "Where standard error is not a terminal (CI, a log file), print a status line every SECONDS: elapsed time, scenarios, notifications, violations, rate. 0 prints none.",
            valueName: "SECONDS"))
    var statusInterval = StatusOptions.defaultInterval

    func validate() throws {
        try OptionRange.check(statusInterval, "--status-interval", in: 0...86_400, unit: "seconds")
    }

    /// A display for a run called `label`.
    func display(_ label: String, quiet: Bool = false) -> ProgressDisplay {
        ProgressDisplay(label, interval: statusInterval, quiet: quiet)
    }
}
