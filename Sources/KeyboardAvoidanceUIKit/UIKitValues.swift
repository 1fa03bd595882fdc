import KeyboardAvoidance
import KeyboardGeometry

/// UIKit's raw values, mapped to the engine's types: the part of the UIKit
/// adapter that needs no UIKit, so it is compiled and tested everywhere.
enum UIKitValues {
    /// `UIView.AnimationOptions.beginFromCurrentState`: a second keyboard
    /// change starts from where the first one's animation has got to.
    static let beginFromCurrentState: UInt = 1 << 2

    /// The `UIView.AnimationOptions` raw value that runs a change with the
    /// keyboard's curve: the curve shifted into bits 16–19
    /// (`UIViewAnimationCurve << 16`, which is how the undocumented curve 7
    /// reaches an animation), plus ``beginFromCurrentState``. A curve outside
    /// 0…15 cannot be expressed there and falls back to 0 (ease in-out).
    static func animationOptions(curve: Int) -> UInt {
        let c = (0...15).contains(curve) ? UInt(curve) : 0
        return c << 16 | beginFromCurrentState
    }

    /// `UIScrollView.ContentInsetAdjustmentBehavior`'s raw value as an
    /// ``InsetAdjustment``: 1 scrollableAxes, 2 never, 3 always, and 0
    /// automatic, whose vertical rule depends on where the view is (inside a
    /// navigation controller its top and bottom always take the safe area;
    /// elsewhere it behaves as scrollableAxes). Rather than guess from the
    /// view controller hierarchy, the adapter reads what UIKit did:
    /// `systemAddsVerticalSafeArea` is whether `adjustedContentInset` holds
    /// the safe area's top or bottom beyond `contentInset` now. It decides
    /// only when the view does not scroll vertically and the safe area has a
    /// top or bottom; otherwise both readings agree. An unknown future value
    /// reads as automatic.
    static func insetAdjustment(rawValue: Int, systemAddsVerticalSafeArea: Bool) -> InsetAdjustment {
        switch rawValue {
        case 1: .scrollableAxes
        case 2: .never
        case 3: .always
        default: systemAddsVerticalSafeArea ? .automatic : .scrollableAxes
        }
    }
}
