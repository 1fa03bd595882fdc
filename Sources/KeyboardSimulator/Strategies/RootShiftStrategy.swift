import KeyboardAvoidance
import KeyboardGeometry
import KeyboardTrace

/// A peer modelled, in our own words, on the documented behaviour of the
/// most popular keyboard library: it moves the whole root view up so that the
/// active field sits 10 pt above the keyboard, and leaves undocked keyboards
/// alone.
///
/// On WillShow and WillChangeFrame (and on focus changes, with the last
/// keyboard): take the keyboard's frame in the window (converted correctly,
/// including the fixed space before iOS 8); if it is not docked at the
/// screen's bottom, do nothing; otherwise shift the root view up by how far
/// the field's bottom plus 10 pt reaches below the keyboard's top, never so
/// far that the field's top leaves the window. On WillHide: put the root view
/// back. Changes animate with the keyboard's duration and curve.
///
/// The scroll view's insets are never touched, so content below the field
/// stays unreachable while the keyboard is up, and a field taller than the
/// room above the keyboard cannot be helped.
public struct RootShiftStrategy: AvoidanceStrategy {
    public static let name = "rootShift"
    public static let distance: Double = 10
    private var keyboard: Rect?
    private var animation = StrategyAnimation(duration: 0.25, curve: .keyboard)

    public init(world: SimulatedWorld) {}

    public mutating func handle(_ event: TraceEvent, world: SimulatedWorld, scrollView: inout ScrollViewModel) -> StepOutcome {
        switch event {
        case .keyboard(let n):
            switch n.name {
            case .willShow, .willChangeFrame:
                guard let frame = world.reportedFrame(of: n) else { return .ignored("noFrame") }
                animation = StrategyAnimation(duration: n.duration ?? 0.25, curve: AnimationCurve(rawCurve: n.curve ?? 7))
                let onScreen = frame.intersection(Rect(origin: .zero, size: world.screen))
                if frame.isEmpty || onScreen.isEmpty {
                    keyboard = nil
                    return restore(world: world, scrollView: &scrollView)
                }
                guard frame.maxY >= world.screen.height - 0.5 else { return .ignored("undockedKeyboardIgnored") }
                keyboard = frame
                return shift(world: world, scrollView: &scrollView)
            case .willHide:
                keyboard = nil
                return restore(world: world, scrollView: &scrollView)
            case .didShow, .didHide, .didChangeFrame:
                return .ignored("notObserved")
            }
        case .focus:
            return keyboard == nil ? .ignored("noKeyboard") : shift(world: world, scrollView: &scrollView)
        case .blur, .layout, .appear, .disappear:
            return .ignored("notObserved")
        }
    }

    private func shift(world: SimulatedWorld, scrollView: inout ScrollViewModel) -> StepOutcome {
        guard let keyboard, let field = world.focusedField else { return .ignored("noField") }
        let keyboardTop = keyboard.minY - world.window.minY
        let fieldTop = world.scrollViewFrame.minY + field.frame.minY - scrollView.contentOffset.y
        let fieldBottom = fieldTop + field.frame.height
        let shift = Swift.min(Swift.max(0, fieldBottom + Self.distance - keyboardTop), Swift.max(0, fieldTop))
        scrollView.frame.origin.y = world.scrollViewFrame.minY - shift
        return StepOutcome(action: .apply, animation: animation)
    }

    private func restore(world: SimulatedWorld, scrollView: inout ScrollViewModel) -> StepOutcome {
        scrollView.frame.origin.y = world.scrollViewFrame.minY
        return StepOutcome(action: .restore, animation: animation)
    }
}
