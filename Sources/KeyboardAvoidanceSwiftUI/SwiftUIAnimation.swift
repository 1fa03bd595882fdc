import KeyboardAvoidance

/// The SwiftUI animation a change is made in: the keyboard's duration, and
/// the public timing curve nearest its UIKit curve.
///
/// UIKit's curves 0–3 have SwiftUI twins (`easeInOut`, `easeIn`,
/// `easeOut`, `linear`). The keyboard's own curve, 7, is private to UIKit,
/// and SwiftUI can name no curve by its number: ease-out, fast at first and
/// slow to land, is the nearest public one, so the margin and the scroll
/// keep pace with the keyboard without matching it frame for frame. Any
/// other number reads the same way. A zero duration (a change that is not
/// a Will notification's) is no animation.
package struct SwiftUIAnimation: Hashable, Sendable {
    package enum Curve: Hashable, Sendable {
        case easeInOut, easeIn, easeOut, linear
    }

    package var duration: Double
    package var curve: Curve

    package init(duration: Double, curve: Curve) {
        self.duration = duration
        self.curve = curve
    }

    /// The animation for `animation`, or nil for none.
    package init?(_ animation: KeyboardAnimation) {
        guard animation.duration > 0, animation.duration.isFinite else { return nil }
        duration = animation.duration
        switch animation.curve {
        case 0: curve = .easeInOut
        case 1: curve = .easeIn
        case 3: curve = .linear
        default: curve = .easeOut
        }
    }
}
