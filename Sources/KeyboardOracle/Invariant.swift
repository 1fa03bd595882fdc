import KeyboardWorld

/// The invariants the oracle checks (docs/invariants.md). Raw values are the codes
/// reports use: I1…I10 for every screen, T1…T4 for a chat screen's
/// transcript (judged only in traces with a composer).
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
    /// A chat screen's transcript at its end stays there through every
    /// change: its newest message right above the composer
    /// (``TranscriptRule/newestMessageAboveComposer``).
    case newestMessageAboveComposer = "T1"
    /// A transcript scrolled up keeps the rows its user reads in place on
    /// screen (``TranscriptRule/rowsReadStayInPlace``).
    case rowsReadStayInPlace = "T2"
    /// At rest, a transcript's end can be scrolled above the composer
    /// (``TranscriptRule/endReachable``).
    case transcriptEndReachable = "T3"
    /// At rest, a transcript scrolled to its end leaves no blank band above
    /// the composer (``TranscriptRule/noBlankBand``).
    case noBlankBandAboveComposer = "T4"

    public static func < (a: Invariant, b: Invariant) -> Bool {
        a.index < b.index
    }

    private var index: Int { Invariant.allCases.firstIndex(of: self) ?? 0 }

    /// True for T1…T4, the rules of a chat screen's transcript, judged only
    /// in traces with a composer.
    public var isTranscriptRule: Bool {
        switch self {
        case .newestMessageAboveComposer, .rowsReadStayInPlace, .transcriptEndReachable, .noBlankBandAboveComposer: true
        default: false
        }
    }

    /// False for I2, I8 and I10, which a chat screen's transcript rules
    /// take the place of (docs/invariants.md, "Chat screens"): the
    /// invariants a report of chat screens counts are those with this true.
    public var isJudgedOnChatScreens: Bool {
        switch self {
        case .fieldVisible, .noNeedlessScroll, .contentReachable: false
        default: true
        }
    }

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
        case .newestMessageAboveComposer: "a transcript at its end keeps its newest message right above the composer"
        case .rowsReadStayInPlace: "a transcript scrolled up keeps the rows read in place on screen"
        case .transcriptEndReachable: "the transcript's end can be scrolled above the composer"
        case .noBlankBandAboveComposer: "scrolled to its end, a transcript leaves no blank band above the composer"
        }
    }
}
