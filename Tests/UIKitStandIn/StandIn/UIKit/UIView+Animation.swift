extension UIView {
    /// `UIView.AnimationOptions`: the curve in bits 16–19.
    public struct AnimationOptions: OptionSet, Sendable {
        public let rawValue: UInt

        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
        public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
        public static let curveEaseInOut = AnimationOptions(rawValue: 0 << 16)
        public static let curveLinear = AnimationOptions(rawValue: 3 << 16)
    }

    /// One animation a caller ran.
    public struct RecordedAnimation: Hashable, Sendable {
        public var duration: Double
        public var options: UInt
    }

    /// Every animation run since the list was last emptied, in order.
    public static var recordedAnimations: [RecordedAnimation] = []

    /// Runs `animations` at once, as the model layer changes at once on iOS
    /// too (only the presentation animates), records the duration and
    /// options, then calls `completion` with true.
    public class func animate(
        withDuration duration: TimeInterval, delay: TimeInterval, options: AnimationOptions = [], animations: @escaping () -> Void,
        completion: ((Bool) -> Void)? = nil
    ) {
        recordedAnimations.append(RecordedAnimation(duration: duration, options: options.rawValue))
        animations()
        completion?(true)
    }
}
