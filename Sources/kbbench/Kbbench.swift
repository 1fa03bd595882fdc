import ArgumentParser
import ToolSupport

/// `kbbench`: the keyboard-avoidance engine's harness.
@main
struct Kbbench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kbbench",
        abstract: "Verify and measure keyboard avoidance for iOS scroll views, on Linux.",
        discussion: """
            With no subcommand, runs the standard suite (kbbench suite --help): every trace under corpora/ \
            replayed with the engine and judged against the invariants, the shootout of the engine and the \
            recipes it replaces (10,000 scenarios), a 2,000-scenario fuzz campaign against the engine, and a \
            short bench. It prints a table for each and names everything that failed on its last line; it \
            writes nothing unless --results DIR asks for the result record.

            Where kbbench writes: only where an option names a path (- is standard output; a terminal, a \
            pipe or a device is written in place, never replaced), and in its own git-ignored folder \
            .kbbench/ (fuzz counterexamples and states in .kbbench/failures, bench records in \
            .kbbench/results). It never writes into corpora/ or results/ unless told to.

            Long commands stop on Ctrl-C (SIGINT) or SIGTERM within a second, print what they finished, \
            and exit 130 or 143; where standard error is not a terminal they print a status line every \
            10 s (--status-interval).

            \(ExitStatus.summary)
            """,
        version: KbbenchVersion.description,
        subcommands: [
            SuiteCommand.self, ReplayCommand.self, ShootoutCommand.self, FuzzCommand.self, BenchCommand.self, CompareCommand.self, ExportCommand.self,
            ReportCommand.self, ImportCommand.self, AuditCommand.self, MergeCommand.self,
        ],
        defaultSubcommand: SuiteCommand.self
    )
}

extension Kbbench {
    /// Parses, then runs the command. A signal that comes while the command
    /// line is parsed (thousands of trace paths take seconds) is noted and
    /// ends the run before it starts, as the command would have stopped at
    /// its first step; a command then installs its own handling for its
    /// run.
    static func main() {
        let parsed = Interrupt.catching { Result { try parseAsRoot() } }
        if Interrupt.isPending {
            printError("\(Interrupt.receivedDescription) before the command started; nothing done")
            exit(withError: ExitStatus.stopped(by: Interrupt.received))
        }
        do {
            var command = try parsed.get()
            try command.run()
        } catch {
            exit(withError: error)
        }
    }
}

/// The tool's version, written into every result record.
enum KbbenchVersion {
    static let current = "0.1.0"

    /// What `--version` prints: the version, the commit the binary was
    /// built from, and whether its tree had uncommitted changes.
    static var description: String {
        let changes: String
        switch BuildProvenance.uncommittedChanges {
        case true?: changes = ", with uncommitted changes"
        case false?: changes = ""
        case nil: changes = ", tree state unknown"
        }
        return "\(current) (commit \(BuildProvenance.commit)\(changes))"
    }
}
