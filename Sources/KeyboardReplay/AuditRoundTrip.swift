import KeyboardJSON
import KeyboardOracle
import KeyboardTrace

/// The audit's round trip, as a user runs it: a trace replayed with a
/// strategy, the states it left written as an observed trace (`replay
/// --write-observed`, through the trace writer and reader), and that trace
/// audited by the promise it states. The audit must report what the replay
/// reported, step by step: the same scroll views, violations (I7 aside,
/// which needs a second run), unsatisfiable steps and hidden fields, and
/// the same covered frames with no animation left uncounted. The harness
/// runs it with a strategy under test (`difference(_:strategy:worker:)`).
package enum AuditRoundTrip {
    /// Where the audit and the replay part.
    package enum Difference: Hashable, Sendable, CustomStringConvertible {
        /// `--write-observed` refused a state (a value no device reports).
        case unwritable(MalformedInput)
        /// The written trace did not read back, or the audit refused it.
        case unreadable(MalformedInput)
        /// A step's state, violations, unsatisfiable flag or hidden field differ.
        case step(line: Int, what: String, replay: String, audit: String)
        /// The covered frames differ, or an animation went uncounted.
        case coveredFrames(replay: String, audit: String)

        package var description: String {
            switch self {
            case .unwritable(let e): "the replay's states cannot be written: \(e)"
            case .unreadable(let e): "the observed trace cannot be audited: \(e)"
            case .step(let line, let what, let replay, let audit): "line \(line): \(what): replay \(replay), audit \(audit)"
            case .coveredFrames(let replay, let audit): "covered frames: replay \(replay), audit \(audit)"
            }
        }
    }

    /// The observed trace `replay --write-observed` writes for `report`, a
    /// replay of `trace` by a strategy that promised `promise`, as text.
    package static func observedText(_ report: ReplayReport, of trace: Trace, promise: VisibilityPromise, file: String) throws(MalformedInput)
        -> String
    {
        TraceWriter.text(try TraceAudit.observing(report, in: trace, promise: promise, file: file))
    }

    /// The first difference between a replay and the audit of its states.
    ///
    /// States are compared by `sameState`: equality where the audited states
    /// are the replay's own, written and read back (the round trip users
    /// run, where any difference is a writer or reader losing something);
    /// a looser rule where they were read off views through conversions
    /// while the replay computes them from the recorded inputs (the UIKit
    /// stand-in's recordings, which agree within a millionth of a point).
    package static func difference(
        replay: ReplayReport, audit: ReplayReport,
        sameState: (ObservedScrollView, ObservedScrollView) -> Bool = { $0 == $1 }
    ) -> Difference? {
        for (r, a) in zip(replay.steps, audit.steps) {
            func differ<T: Equatable>(_ what: String, _ x: T, _ y: T) -> Difference? {
                x == y ? nil : .step(line: r.line, what: what, replay: "\(x)", audit: "\(y)")
            }
            if !sameState(r.after, a.after) { return .step(line: r.line, what: "state", replay: "\(r.after)", audit: "\(a.after)") }
            if let d = differ("violations", r.violations.filter { $0 != .determinism }.map(\.rawValue), a.violations.map(\.rawValue)) { return d }
            if let d = differ("unsatisfiable", r.unsatisfiable, a.unsatisfiable) { return d }
            if let d = differ("field hidden", r.fieldHidden, a.fieldHidden) { return d }
        }
        let replayFrames = "\(replay.coveredFrames60) at 60 Hz, \(replay.coveredFrames120) at 120 Hz"
        let auditFrames = "\(audit.coveredFrames60) at 60 Hz, \(audit.coveredFrames120) at 120 Hz, \(audit.unjudgedBursts) uncounted"
        if replay.coveredFrames60 != audit.coveredFrames60 || replay.coveredFrames120 != audit.coveredFrames120 || audit.unjudgedBursts != 0 {
            return .coveredFrames(replay: replayFrames, audit: auditFrames)
        }
        return nil
    }
}
