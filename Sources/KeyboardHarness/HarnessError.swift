import KeyboardGeneration
import KeyboardJSON
import KeyboardOracle
import KeyboardWorld
import SystemPackage

/// Why a campaign, a corpus replay or an external strategy stopped. Each
/// case names what a person needs to find the problem: the file, line and
/// key of a malformed input, the path of a file that could not be read or
/// written, the scenario or trace and the line a strategy failed on.
public enum HarnessError: Error, CustomStringConvertible {
    /// A malformed trace or campaign state (names file, line and key).
    case malformed(MalformedInput)
    /// A file could not be read.
    case unreadable(path: FilePath, reason: String)
    /// A file could not be written.
    case unwritable(path: FilePath, reason: String)
    /// A corpus directory that does not exist.
    case noSuchDirectory(FilePath)
    /// `resume` found no state at the path (nil: the campaign names no
    /// place for a state, neither a failures folder nor a state path).
    case noStateToResume(path: FilePath?)
    /// The state at the path belongs to another campaign.
    case stateOfAnotherCampaign(path: FilePath, campaign: String)
    /// The strategy failed (only an external one can) while the harness
    /// replayed `context`: a generated scenario or a trace file.
    case strategyFailed(context: String, underlying: any Error)
    /// A stop (SIGINT, SIGTERM, a ``StopRequest``) ended a read that
    /// waited (a FIFO no one writes) or a listing that went on (a corpus
    /// folder as large as a disk); the text says which ("listing the
    /// traces under /").
    case stopped(while: String)

    public var description: String {
        switch self {
        case .malformed(let e): e.description
        case .unreadable(let path, let reason): "\(path): \(reason)"
        case .unwritable(let path, let reason): "\(path): \(reason)"
        case .noSuchDirectory(let d): "\(d): no such directory"
        case .noStateToResume(let path?):
            "\(path): no fuzz state to resume (the campaign finished, or never ran: run it without resuming)"
        case .noStateToResume(nil): "no fuzz state to resume: the campaign has no failures folder or state path"
        case .stateOfAnotherCampaign(let path, let campaign): "\(path): the state is for another campaign (\(campaign))"
        case .strategyFailed(let context, let underlying): "\(context): \(underlying)"
        case .stopped(let what): "stopped while \(what)"
        }
    }

    /// The external strategy's own error, when this is a strategy failure.
    public var externalFailure: ExternalStrategyError? {
        guard case .strategyFailed(_, let underlying) = self else { return nil }
        if let e = underlying as? ExternalStrategyError { return e }
        if let s = underlying as? ScenarioFailure { return s.underlying as? ExternalStrategyError }
        return nil
    }

    /// A strategy failure in a generated scenario.
    static func failed(_ f: ScenarioFailure) -> HarnessError {
        .strategyFailed(context: "scenario \(f.scenario) (\(f.stage))", underlying: f.underlying)
    }
}
