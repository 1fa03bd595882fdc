/// How the keyboard animates, and so how an adjustment should be animated to
/// move with it.
public struct KeyboardAnimation: Hashable, Sendable {
    /// Seconds; zero means "apply without animation".
    public var duration: Double
    /// A `UIViewAnimationCurve` raw value; shifted left by 16 it makes
    /// `UIViewAnimationOptions`.
    public var curve: Int

    @inlinable
    public init(duration: Double, curve: Int) {
        self.duration = duration
        self.curve = curve
    }

    /// What UIKit sends when nothing says otherwise: 0.25 s with the
    /// undocumented curve 7. Used when a notification lacks the keys.
    @inlinable
    public static var systemDefault: KeyboardAnimation { KeyboardAnimation(duration: 0.25, curve: 7) }
}
