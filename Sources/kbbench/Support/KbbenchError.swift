import ArgumentParser
import KeyboardHarness
import KeyboardJSON
import SystemPackage
import ToolSupport

/// Why a command stopped at the tool's edge. Each case carries what the
/// message needs; ``description`` is the one line printed, and ``status``
/// the exit status (see ``ExitStatus``).
enum KbbenchError: Error, CustomStringConvertible {
    /// A malformed trace, record or state (names file, line and key).
    case malformed(MalformedInput)
    /// A file could not be read.
    case unreadable(FileBytes.Failure)
    /// A file could not be written.
    case unwritable(AtomicFile.Failure)
    /// A folder to read that does not exist.
    case noSuchDirectory(FilePath, hint: String)
    /// A directory with nothing of the kind asked for.
    case nothingToRead(directory: String, what: String)
    /// A usage problem found after parsing (a missing state to resume).
    case usage(String)
    /// A campaign, corpus or external strategy stopped (see
    /// ``HarnessError``).
    case harness(HarnessError)
    /// SIGINT or SIGTERM stopped the command; the text says what it had
    /// finished ("after 3 of 40 traces").
    case interrupted(String)
    /// `merge`: the summaries are not one campaign's whole set of shards.
    case notOneCampaign(ShardMerge.Refusal)
    /// A tool kbbench runs is not installed (valgrind, objcopy).
    case toolMissing(String)
    /// A tool kbbench ran failed (callgrind counting a benchmark).
    case toolFailed(String)

    var description: String {
        switch self {
        case .malformed(let e): e.description
        case .unreadable(let e): e.description
        case .unwritable(let e): e.description
        case .noSuchDirectory(let d, let hint): "\(d): no such directory\(hint.isEmpty ? "" : " (\(hint))")"
        case .nothingToRead(let d, let what): "\(d): no \(what)"
        case .usage(let message): message
        case .harness(.stopped(let what)): "\(Interrupt.receivedDescription) while \(what)"
        case .harness(let e): e.description
        case .interrupted(let finished): "\(Interrupt.receivedDescription) \(finished)"
        case .notOneCampaign(let refusal): refusal.description
        case .toolMissing(let message), .toolFailed(let message): message
        }
    }

    var status: ExitCode {
        switch self {
        case .malformed: ExitStatus.dataError
        case .unreadable, .unwritable: ExitStatus.ioError
        case .nothingToRead, .noSuchDirectory: ExitStatus.noInput
        case .usage: ExitStatus.usage
        case .interrupted: ExitStatus.stopped(by: Interrupt.received)
        case .toolMissing: ExitStatus.unavailable
        case .toolFailed: ExitStatus.strategyFailed
        case .notOneCampaign(let refusal):
            switch refusal {
            case .notOneCampaign: ExitStatus.incomparable
            case .missing: ExitStatus.shardMissing
            case .givenTwice: ExitStatus.shardTwice
            case .nothing: ExitStatus.usage
            }
        case .harness(let e):
            switch e {
            case .malformed: ExitStatus.dataError
            case .noSuchDirectory: ExitStatus.noInput
            case .unreadable, .unwritable: ExitStatus.ioError
            case .noStateToResume, .stateOfAnotherCampaign: ExitStatus.usage
            case .stopped: ExitStatus.stopped(by: Interrupt.received)
            case .strategyFailed:
                switch e.externalFailure?.kind {
                case .malformedReply?: ExitStatus.dataError
                case .interrupted?: ExitStatus.stopped(by: Interrupt.received)
                case .processFailed?, nil: ExitStatus.strategyFailed
                }
            }
        }
    }
}

extension ParsableCommand {
    /// Runs `body`; a ``KbbenchError`` is printed as one line and becomes
    /// its exit status.
    func reportingErrors(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch let error as KbbenchError {
            printError(error.description)
            throw error.status
        }
    }
}
