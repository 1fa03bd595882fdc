/// The input value an ``IgnoreReason`` is about: a userInfo key of the
/// notification, a field of the ``LayoutSnapshot`` (its composer's included),
/// or the focused field.
public enum InputKey: String, Hashable, Sendable, CaseIterable {
    case frameBegin
    case frameEnd
    case bounds
    case centerBegin
    case centerEnd
    case duration
    case screen
    case window
    case scrollViewFrame
    case safeArea
    case contentInset
    case contentSize
    case contentOffset
    case composerHeight
    case composerRestingInset
    case field
    case caret
    case distance
}

/// What is wrong with an input value.
public enum InputProblem: String, Hashable, Sendable, CaseIterable {
    /// NaN or infinite.
    case nonFinite
    /// A negative width, height, inset or duration where only non-negative
    /// values make sense.
    case negative
    /// Finite but beyond ``InputLimits/maximumMagnitude``: no screen, content
    /// or animation is that large.
    case absurdMagnitude
}

/// The bounds beyond which input is rejected as absurd.
public enum InputLimits {
    /// The largest coordinate or extent accepted, in points: far beyond any
    /// screen or content (a billion points), well inside `Double`'s exact
    /// range for halves and thirds of points.
    public static let maximumMagnitude: Double = 1e9
    /// The longest animation accepted, in seconds.
    public static let maximumDuration: Double = 60
}
