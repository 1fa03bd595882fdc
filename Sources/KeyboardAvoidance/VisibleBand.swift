import KeyboardGeometry

/// A vertical stretch of the scroll view, in the scroll view's own frame
/// coordinates (0 is its top edge), where a field can be seen.
///
/// ``gapAbove`` and ``gapBelow`` are the distances the policy asks to keep
/// on the band's keyboard side(s).
struct VisibleBand: Hashable, Sendable {
    var top: Double
    var bottom: Double
    var gapAbove: Double
    var gapBelow: Double

    var height: Double { bottom - top }

    /// The part of `distance` still to keep when the band's edge already
    /// lies `room` points clear of the keyboard (zero or negative room: the
    /// keyboard is the edge): `max(0, distance − max(0, room))`.
    static func remainingDistance(_ distance: Double, room: Double) -> Double {
        Swift.max(0, distance - Swift.max(0, room))
    }

    /// The thinnest band a field can be shown in: a millionth of a point.
    /// Thinner ones are what floating-point rounding leaves where two edges
    /// meet (a floating keyboard's bottom on the view's clipped bottom),
    /// not room on screen.
    static let minimumHeight = 1e-6

    /// The content offsets (vertical) at which `field` is visible in this
    /// band with its gaps, as `lower...upper`, or nil when the band has no
    /// height (none above ``minimumHeight``).
    ///
    /// - A field that fits with its gaps: every offset that keeps
    ///   `field.minY − gapAbove ≥ offset + top` and
    ///   `field.maxY + gapBelow ≤ offset + bottom`.
    /// - A field that fits only without the full gaps: the gaps shrink in
    ///   proportion until it fits exactly.
    /// - A field taller than the band (a "tall field"): the single offset
    ///   the policy names: its top (or caret's top) at the band's top, or its
    ///   centre at the band's centre.
    func offsets(showing field: FocusedField, policy: TallFieldPolicy) -> ClosedRange<Double>? {
        let h = height
        if !(h > Self.minimumHeight) { return nil }
        return offsets(showing: field, policy: policy, tall: field.frame.height > h)
    }

    /// The offsets showing `field` in this band (of a height above
    /// ``minimumHeight``), read as a tall field or not, whatever its
    /// height: a field as tall as the band up to rounding can be read
    /// either way (``OffsetChoice/consider(_:showing:policy:)``). A tall
    /// field's caret shown under the `caret` policy is placed as a field
    /// that fits.
    @inline(__always)
    func offsets(showing field: FocusedField, policy: TallFieldPolicy, tall: Bool) -> ClosedRange<Double> {
        let h = height
        var target = field.frame
        if tall, policy == .caret, let caret = field.caret {
            target = caret
        }
        if !tall || target.height <= h {
            let gaps = gapAbove + gapBelow
            // No slack (a field read as fitting a rounding error taller
            // than the band) keeps no gap.
            let slack = h - target.height
            let scale = gaps > slack ? (slack > 0 ? slack / gaps : 0) : 1
            let lower = target.maxY + gapBelow * scale - bottom
            let upper = target.minY - gapAbove * scale - top
            return Swift.min(lower, upper)...upper
        }
        switch policy {
        case .top, .caret:
            let o = target.minY - top
            return o...o
        case .centre:
            let o = target.midY - (top + bottom) / 2
            return o...o
        }
    }
}
