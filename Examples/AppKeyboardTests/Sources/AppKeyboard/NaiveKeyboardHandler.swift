import KeyboardHarness

/// The keyboard code most apps start with, deliberately naive: on WillShow
/// the bottom content inset becomes the keyboard frame's height, as if the
/// scroll view reached the screen's bottom, in portrait, with no safe area
/// and no window offset; on WillHide it goes back to zero. Nothing scrolls the
/// field into view.
///
/// Conforming to `AvoidanceStrategy` is all it takes for kbbench's harness
/// to fuzz it: the harness hands it each event and the world an app sees,
/// and judges the scroll view it leaves behind.
public struct NaiveKeyboardHandler: AvoidanceStrategy {
    public static let name = "naiveApp"
    public static let summary = "inset = keyboard height on WillShow, zero on WillHide"

    public init(world: SimulatedWorld) {}

    public mutating func handle(_ event: TraceEvent, world: SimulatedWorld, scrollView: inout ScrollViewModel) -> StepOutcome {
        guard case .keyboard(let n) = event else { return .ignored(.notObserved) }
        switch n.name {
        case .willShow:
            guard let frame = n.frameEnd else { return .ignored(.own("noFrame")) }
            scrollView.contentInset.bottom = frame.height
            return StepOutcome(action: .apply)
        case .willHide:
            scrollView.contentInset.bottom = 0
            return StepOutcome(action: .restore)
        default:
            return .ignored(.notObserved)
        }
    }
}
