import KeyboardAvoidance

/// What a strategy promises about the focused field while the keyboard is
/// up: the I2 it is judged by (docs/invariants.md).
///
/// Nobody is judged by a promise they never made. The engine promises its
/// app's policy (a distance from the keyboard, and a rule for tall fields);
/// a recipe that promises only to scroll the field into view is judged by
/// ``visible``; IQKeyboardManager promises its `keyboardDistance`.
public struct VisibilityPromise: Hashable, Sendable {
    /// Points kept between the field and the keyboard where room allows;
    /// where it does not, the gap shrinks to the room there is.
    public var distance: Double
    /// What must show of a field taller than the visible band.
    public var tallField: TallFieldRule

    public init(distance: Double, tallField: TallFieldRule) {
        self.distance = distance
        self.tallField = tallField
    }

    /// The promise of an app's engine policy.
    public init(policy: AvoidancePolicy) {
        self.init(distance: policy.distance, tallField: .policy(policy.tallField))
    }

    /// Visible, nothing more: no distance, and a tall field fills the band
    /// (as `scrollRectToVisible` leaves it, whichever edge it aligns).
    public static let visible = VisibilityPromise(distance: 0, tallField: .fillsBand)

    /// The same promise with no distance: the shootout's "visible" column.
    ///
    /// Property: a field shown under a promise is shown under its
    /// `withoutDistance` (the gaps only narrow the offsets that show it).
    public var withoutDistance: VisibilityPromise {
        VisibilityPromise(distance: 0, tallField: tallField)
    }
}

/// What must show of a field taller than the visible band.
public enum TallFieldRule: Hashable, Sendable {
    /// The field covers the whole band: top-aligned, bottom-aligned or
    /// anything between.
    case fillsBand
    /// The engine's policy: the field's top at the band's top, its caret
    /// visible, or the field centred.
    case policy(TallFieldPolicy)
}

extension TallFieldRule: CaseIterable, RawRepresentable {
    /// Every rule: filling the band, then the engine's policies in their
    /// declaration order.
    public static let allCases: [TallFieldRule] = [.fillsBand] + TallFieldPolicy.allCases.map { .policy($0) }

    /// The rule as a trace's `promise` spells it: `fillsBand`, or the
    /// policy's own name (`top`, `caret`, `centre`).
    public var rawValue: String {
        switch self {
        case .fillsBand: "fillsBand"
        case .policy(let p): p.rawValue
        }
    }

    public init?(rawValue: String) {
        if rawValue == "fillsBand" {
            self = .fillsBand
        } else if let p = TallFieldPolicy(rawValue: rawValue) {
            self = .policy(p)
        } else {
            return nil
        }
    }
}
