/// What the app wants from keyboard avoidance.
public struct AvoidancePolicy: Hashable, Sendable {
    /// Points to keep between the active field and the keyboard, where the
    /// visible band has room for them; reduced (never below zero) when it
    /// has not.
    public var distance: Double
    /// What to show of a field taller than the visible band.
    public var tallField: TallFieldPolicy

    @inlinable
    public init(distance: Double = 0, tallField: TallFieldPolicy = .top) {
        self.distance = distance
        self.tallField = tallField
    }
}

/// What to show of a field taller than the visible band.
public enum TallFieldPolicy: String, Hashable, Sendable, CaseIterable {
    /// Align the field's top with the band's top.
    case top
    /// Keep the caret rect visible, as if it were the field; without a caret,
    /// behave as ``top``.
    case caret
    /// Centre the field in the band.
    case centre
}
