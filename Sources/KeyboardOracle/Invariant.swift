import KeyboardWorld

/// The invariants the oracle checks (docs/invariants.md). Raw values are the codes
/// reports use.
public enum Invariant: String, Hashable, Sendable, CaseIterable, Comparable {
    /// The inset a strategy adds is ≥ 0 and never exceeds the scroll view's
    /// height (for frame-shrinking strategies: the height taken away); at
    /// rest it leaves no blank band: below the content's end, scrolled to
    /// its end, at most what the keyboard covers and the promised distance.
    case insetBounds = "I1"
    /// At rest, the focused field lies in the visible region (with the
    /// policy's distance where room allows).
    case fieldVisible = "I2"
    /// Once the keyboard is gone, the insets and frame are the app's own and
    /// the offset is in range.
    case restoration = "I3"
    /// The content offset is in the valid range.
    case offsetRange = "I4"
    /// Every output is finite.
    case finiteOutputs = "I5"
    /// A repeated notification changes nothing.
    case idempotence = "I6"
    /// The same trace gives the same steps.
    case determinism = "I7"
    /// A field that is already visible is not scrolled.
    case noNeedlessScroll = "I8"
    /// A view that is off screen is not touched.
    case offScreenUntouched = "I9"
    /// At rest, while a docked keyboard covers the scroll view, the content's
    /// end can be scrolled above it, whether a field is focused or not.
    case contentReachable = "I10"

    public static func < (a: Invariant, b: Invariant) -> Bool {
        a.index < b.index
    }

    private var index: Int { Invariant.allCases.firstIndex(of: self) ?? 0 }

    /// A one-line statement of the invariant.
    public var summary: String {
        switch self {
        case .insetBounds: "the inset added is at most the view's height, and at rest leaves no blank band above the keyboard"
        case .fieldVisible: "the active field is visible at rest"
        case .restoration: "the app's own layout survives, and hiding restores it"
        case .offsetRange: "the content offset is in range"
        case .finiteOutputs: "every output is finite"
        case .idempotence: "a repeated notification changes nothing"
        case .determinism: "the same trace gives the same steps"
        case .noNeedlessScroll: "a visible field is not scrolled, nor anything with no field focused"
        case .offScreenUntouched: "an off-screen view is not touched"
        case .contentReachable: "the content's end can be scrolled above the keyboard"
        }
    }
}
