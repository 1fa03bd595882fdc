import KeyboardOracle
import KeyboardReplay
import KeyboardTrace

extension AuditRoundTrip {
    /// Replays `trace` with `strategy` (an external one's process
    /// `worker`), audits what it wrote, and returns the first difference,
    /// or nil when the two agree (always for a trace of no event). Only an
    /// external strategy throws (its process failed).
    package static func difference(_ trace: Trace, strategy: StrategyUnderTest, worker: Int = 0) throws -> Difference? {
        // A trace of no event has no state to write, and nothing to differ on.
        guard !trace.events.isEmpty else { return nil }
        let replay = try strategy.runner.replay(trace, worker: worker, readings: .standard)
        let text: String
        do { text = try observedText(replay, of: trace, promise: strategy.promise(for: trace.header), file: "observed.kbtrace") } catch {
            return .unwritable(error)
        }
        let audit: ReplayReport
        do {
            let observed = try TraceReader.read(text, file: "observed.kbtrace")
            audit = try TraceAudit.audit(observed, file: "observed.kbtrace", promise: TraceAudit.promise(of: observed).promise)
        } catch {
            return .unreadable(error)
        }
        return difference(replay: replay, audit: audit)
    }
}
