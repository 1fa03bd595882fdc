import ArgumentParser

/// `kbbench`: the keyboard-avoidance engine's harness.
@main
struct Kbbench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kbbench",
        abstract: "Verify and measure keyboard avoidance for iOS scroll views, on Linux.",
        discussion: """
            With no subcommand, runs the standard suite: every trace under corpora/ is replayed \
            with the engine and judged against the invariants, and a table is printed.

            Exit status: 0 success; 1 an invariant was violated; 64 bad usage; 65 bad input data \
            (a malformed trace names its file, line and key).
            """,
        version: KbbenchVersion.current,
        subcommands: [
            SuiteCommand.self, ReplayCommand.self, ShootoutCommand.self, FuzzCommand.self, BenchCommand.self, CompareCommand.self, ExportCommand.self,
            ReportCommand.self, ImportCommand.self, AuditCommand.self,
        ],
        defaultSubcommand: SuiteCommand.self
    )
}

/// The tool's version, written into every result record.
enum KbbenchVersion {
    static let current = "0.1.0"
}
