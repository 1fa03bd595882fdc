import KeyboardGeometry
import KeyboardOracle
import KeyboardReplay
import KeyboardTrace

/// Where the glue, run on the stand-in, parted from what it is held to.
package enum GlueDisagreement: Hashable, Sendable, CustomStringConvertible {
    /// After the event on `line`, the scroll view's insets or offset differ
    /// from the reference's (``AdapterReference``).
    case state(line: Int, reference: ObservedScrollView, glue: ObservedScrollView)
    /// The oracle judged the glue's state after `line` otherwise than the
    /// reference's (I7 aside, which one run cannot show).
    case judgement(line: Int, reference: [Invariant], glue: [Invariant])
    /// Detaching did not put back the app's own insets, or left something
    /// of the glue behind.
    case detach(String)
    /// The recorder's trace of the session: its audit and its replay part.
    case recording(AuditRoundTrip.Difference)

    /// Which kind it is: `state`, `judgement`, `detach` or `recording`.
    package var kind: String {
        switch self {
        case .state: "state"
        case .judgement: "judgement"
        case .detach: "detach"
        case .recording: "recording"
        }
    }

    package var description: String {
        func state(_ s: ObservedScrollView) -> String {
            "inset \(s.contentInset), indicators \(s.indicatorInsets), offset (\(s.contentOffset.x), \(s.contentOffset.y))"
        }
        switch self {
        case .state(let line, let r, let g): return "line \(line): the reference left \(state(r)); the glue \(state(g))"
        case .judgement(let line, let r, let g):
            return "line \(line): the oracle found \(g.map(\.rawValue)) in the glue's state, \(r.map(\.rawValue)) in the reference's"
        case .detach(let what): return "detach: \(what)"
        case .recording(let d): return "the recorder's trace: \(d)"
        }
    }

    /// Whether two states agree on what the glue sets: the content inset,
    /// the indicator insets and the offset, each within a millionth of a
    /// point (the glue reads its geometry back through conversions, the
    /// replay from the trace).
    static func agree(_ a: ObservedScrollView, _ b: ObservedScrollView) -> Bool {
        func close(_ x: Double, _ y: Double) -> Bool { x == y || abs(x - y) <= Rounding.betweenReadings }
        func close(_ x: KBEdgeInsets, _ y: KBEdgeInsets) -> Bool {
            close(x.top, y.top) && close(x.left, y.left) && close(x.bottom, y.bottom) && close(x.right, y.right)
        }
        return close(a.contentInset, b.contentInset) && close(a.indicatorInsets, b.indicatorInsets)
            && close(a.contentOffset.x, b.contentOffset.x) && close(a.contentOffset.y, b.contentOffset.y)
    }
}
