import KeyboardGeneration
import KeyboardOracle
import KeyboardWorld

/// Why an external strategy's process could not go on: it failed (crashed,
/// exited, hung past the step timeout, could not be started), replied with
/// something that is not a protocol-v1 reply, or the run was interrupted
/// while waiting for it.
public struct ExternalStrategyError: Error, CustomStringConvertible, Sendable {
    public enum Kind: Hashable, Sendable {
        /// The process crashed, exited early, hung, or could not be started
        /// (`kbbench` exits 70).
        case processFailed
        /// A reply that is not protocol v1, or holds a non-finite number
        /// (`kbbench` exits 65).
        case malformedReply
        /// Ctrl-C or SIGTERM while waiting for the process (`kbbench` exits
        /// 130 or 143).
        case interrupted
    }

    public var kind: Kind
    /// The trace line of the event being handled; nil at a scenario's
    /// start (the header).
    public var line: Int?
    /// What was wrong, in words.
    public var message: String

    public init(_ kind: Kind, line: Int?, _ message: String) {
        self.kind = kind
        self.line = line
        self.message = message
    }

    public var description: String {
        (line.map { "trace line \($0)" } ?? "the scenario's start") + ": " + message
    }
}
