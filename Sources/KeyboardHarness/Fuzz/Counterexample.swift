import KeyboardOracle
import KeyboardStrategies
import KeyboardTrace
import KeyboardWorld

/// A shrunk, replayable failure: the invariant, the strategy, and the
/// minimal trace that still violates it.
public struct Counterexample: Hashable, Sendable {
    public var invariant: Invariant
    public var strategy: String
    /// The strategy's name as file names carry it (see
    /// ``StrategyUnderTest/fileStem``).
    public var fileStem: String
    /// The scenario index it was found at (before shrinking).
    public var scenarioIndex: Int
    public var trace: Trace

    public init(invariant: Invariant, strategy: String, fileStem: String? = nil, scenarioIndex: Int, trace: Trace) {
        self.invariant = invariant
        self.strategy = strategy
        self.fileStem = fileStem ?? strategy
        self.scenarioIndex = scenarioIndex
        self.trace = trace
    }

    /// The trace as written to disk.
    public var text: String { TraceWriter.text(trace) }

    /// A stable file name: `strategy-I3-1a2b3c4d.kbtrace`, the hash (FNV-1a,
    /// 32 bits) of the trace's text, so the same failure is saved once.
    public var fileName: String {
        "\(fileStem)-\(invariant.rawValue)-\(Self.hash(text)).kbtrace"
    }

    /// The 32-bit FNV-1a hash of `text`'s UTF-8 bytes, as 8 hex digits: the
    /// stable short names of saved files.
    package static func hash(_ text: String) -> String {
        var hash: UInt32 = 0x811C_9DC5
        for byte in text.utf8 {
            hash ^= UInt32(byte)
            hash = hash &* 0x0100_0193
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 8 - hex.count) + hex
    }
}
