import KeyboardGeometry

/// The absolute scroll-view state that clears a keyboard: computed from the
/// app's own inset and the keyboard's visible overlap alone, never from what
/// was applied before.
///
/// Inset: for a docked keyboard, the obstruction is the height from the
/// keyboard's top, raised by the policy's distance, to the view's bottom
/// edge (at most the view's height). The adjusted bottom inset becomes
/// `max(own adjusted bottom, obstruction)` and the content inset is that
/// minus the safe area UIKit adds itself, so the safe area is never counted
/// twice. With the distance in the inset, the content's last field can rest
/// the distance above the keyboard. Floating keyboards add no inset of their
/// own. When the field cannot be shown within the range that inset gives
/// (content too short to scroll a field clear of an undocked keyboard, a
/// tall field at the content's end), the bottom inset grows by exactly what
/// the chosen offset needs, by at most the view's height.
///
/// Offset: the field (its frame, or for a tall field what the policy says)
/// is placed in the visible band: below the adjusted top inset, above the
/// adjusted bottom inset, inside the screen, and for a floating keyboard
/// overlapping the field's columns, either above or below the keyboard. The
/// offset moves as little as possible and not at all when the field is
/// already visible; it is clamped to the scroll view's offset range.
///
/// Distance: always measured from the keyboard, never from the band. Where
/// the keyboard bounds the band the whole distance is kept; where the app's
/// own bottom inset ends `g` points above the keyboard's top, only
/// `max(0, distance − g)` more is kept. So the rule is continuous in the
/// keyboard's position: a keyboard top a rounding error above or below the
/// app's own inset edge asks for the same offset (docs/contract.md,
/// "Distance").
struct AvoidanceSolution: Hashable, Sendable {
    var contentInset: KBEdgeInsets
    var contentOffset: KBPoint?

    @inline(__always)
    static func solve(
        placement: KeyboardPlacement, field: FocusedField?, layout: LayoutSnapshot, policy: AvoidancePolicy
    ) -> AvoidanceSolution {
        let safe = layout.scrollView.safeAreaContribution
        let own = layout.scrollView.contentInset
        let frameInScreen = layout.scrollViewFrameInScreen
        let inScreen = ViewPlacement(frame: frameInScreen)
        let viewRect = KBRect(x: 0, y: 0, width: frameInScreen.width, height: frameInScreen.height)
        var adjustedBottom = own.bottom + safe.bottom
        // What covers the view's bottom, without the distance: where the
        // visible band ends (the distance is kept as the band's gap).
        var coveredBottom = adjustedBottom
        var floating = KBRect.null
        // The docked keyboard's top in the view, when it lies across the
        // view's columns: the distance is kept from it.
        var keyboardTop: Double?
        switch placement {
        case .offScreen:
            break
        case .docked(let keyboard):
            let k = inScreen.rectInView(fromParent: keyboard)
            if k.minX < viewRect.maxX && k.maxX > viewRect.minX {
                keyboardTop = k.minY
                // The inset clears the keyboard and the distance, so that the
                // last field of the content can rest the distance above it.
                let clear = k.minY - policy.distance
                if clear < viewRect.maxY && k.maxY > viewRect.minY {
                    adjustedBottom = Swift.max(adjustedBottom, viewRect.maxY - Swift.max(clear, viewRect.minY))
                }
                if k.minY < viewRect.maxY && k.maxY > viewRect.minY {
                    coveredBottom = Swift.max(coveredBottom, viewRect.maxY - Swift.max(k.minY, viewRect.minY))
                }
            }
        case .floating(let keyboard):
            floating = inScreen.rectInView(fromParent: keyboard)
        }
        let inset = own.withBottom(adjustedBottom - safe.bottom)
        let adjusted = (own + safe).withBottom(adjustedBottom)
        let range = layout.scrollView.offsetRange(adjustedInset: adjusted)
        let current = layout.scrollView.contentOffset
        let clampedCurrent = Swift.min(Swift.max(current.y, range.lowerBound), range.upperBound)

        guard let field else {
            return AvoidanceSolution(
                contentInset: inset,
                contentOffset: clampedCurrent == current.y ? nil : KBPoint(x: current.x, y: clampedCurrent)
            )
        }

        let top = Swift.max(adjusted.top, -frameInScreen.minY)
        let bottom = Swift.min(viewRect.maxY - coveredBottom, layout.screen.height - frameInScreen.minY)
        let primary: VisibleBand
        var secondary: VisibleBand?
        let fieldMinX = field.frame.minX - current.x, fieldMaxX = field.frame.maxX - current.x
        if !floating.isNull, floating.minX < fieldMaxX, floating.maxX > fieldMinX {
            // Above the keyboard, or below it; each band keeps the distance
            // from the keyboard, less the room between them.
            primary = VisibleBand(
                top: top, bottom: Swift.min(bottom, floating.minY), gapAbove: 0,
                gapBelow: VisibleBand.remainingDistance(policy.distance, room: floating.minY - bottom)
            )
            secondary = VisibleBand(
                top: Swift.max(top, floating.maxY), bottom: bottom,
                gapAbove: VisibleBand.remainingDistance(policy.distance, room: top - floating.maxY), gapBelow: 0
            )
        } else {
            let gap = keyboardTop.map { VisibleBand.remainingDistance(policy.distance, room: $0 - bottom) } ?? 0
            primary = VisibleBand(top: top, bottom: bottom, gapAbove: 0, gapBelow: gap)
        }

        // Any offset up to where the content's bottom meets the view's top is
        // reachable with more bottom inset (at most the view's height more,
        // I1's bound). The nearest offset that shows the field is chosen in
        // that wider range: since the current offset lies in the keyboard's
        // own range, the wider one is used only when the field needs it
        // (content too short to scroll a field clear of an undocked
        // keyboard, a tall field at the content's end).
        // (`own.bottom + safe.bottom` is the app's own adjusted bottom inset,
        // ``LayoutSnapshot/ownAdjustedInset``'s, without computing the rest.)
        let reach = range.lowerBound...Swift.max(range.lowerBound, layout.scrollView.contentSize.height + (own.bottom + safe.bottom))
        var choice = OffsetChoice(current: clampedCurrent, range: reach)
        choice.consider(primary, showing: field, policy: policy.tallField)
        if let secondary { choice.consider(secondary, showing: field, policy: policy.tallField) }
        var target = choice.best ?? choice.fallback ?? clampedCurrent
        target = Swift.min(Swift.max(target, reach.lowerBound), reach.upperBound)
        var finalInset = inset
        if target > range.upperBound {
            // Exactly the bottom inset that makes the target the range's end.
            let needed = target + layout.scrollView.frame.height - layout.scrollView.contentSize.height
            finalInset = own.withBottom(Swift.max(adjustedBottom, needed) - safe.bottom)
        }
        return AvoidanceSolution(
            contentInset: finalInset,
            contentOffset: target == current.y ? nil : KBPoint(x: current.x, y: target)
        )
    }
}

/// Picks, among the bands a field could be shown in, the reachable offset
/// nearest the current one; when no band is reachable, the in-range offset
/// nearest to the band that comes closest. A band whose offsets miss the
/// range by no more than ``Rounding/lost(at:)`` of their magnitude
/// (rounding in the band arithmetic, e.g. thirds of points) meets it. A
/// value type, so choosing allocates nothing.
struct OffsetChoice {
    let current: Double
    let range: ClosedRange<Double>
    /// The nearest reachable offset that shows the field, if any.
    private(set) var best: Double?
    /// For when no band is reachable: the offset in range nearest to what
    /// the band closest to reach asks for.
    private(set) var fallback: Double?
    private var fallbackGap = Double.infinity

    init(current: Double, range: ClosedRange<Double>) {
        self.current = current
        self.range = range
    }

    /// Takes the offsets that show `field` in `band` into the choice. A
    /// field as tall as the band up to ``Rounding/allowance(at:)`` can be
    /// read as fitting or as tall (its policy's offset): where the offsets
    /// of the first reading cannot be reached, those of the other are
    /// taken too, so that such a field shown whole out of reach is shown
    /// by its tall-field policy instead of as far as the range goes.
    mutating func consider(_ band: VisibleBand, showing field: FocusedField, policy: TallFieldPolicy) {
        guard let wanted = band.offsets(showing: field, policy: policy) else { return }
        if take(wanted) { return }
        let h = band.height
        guard abs(field.frame.height - h) <= Rounding.allowance(at: h) else { return }
        _ = take(band.offsets(showing: field, policy: policy, tall: !(field.frame.height > h)))
    }

    /// Takes `wanted` into the choice: false when no offset of it can be
    /// reached (it may then be the fallback).
    @inline(__always)
    private mutating func take(_ wanted: ClosedRange<Double>) -> Bool {
        let low = Swift.max(wanted.lowerBound, range.lowerBound)
        let high = Swift.min(wanted.upperBound, range.upperBound)
        let gap = low - high
        if gap > Rounding.lost(at: low) {
            if gap < fallbackGap {
                fallbackGap = gap
                let nearest = Swift.min(Swift.max(current, wanted.lowerBound), wanted.upperBound)
                fallback = Swift.min(Swift.max(nearest, range.lowerBound), range.upperBound)
            }
            return false
        }
        let candidate = Swift.min(Swift.max(current, Swift.min(low, high)), Swift.max(low, high))
        if let b = best, abs(b - current) <= abs(candidate - current) { return true }
        best = candidate
        return true
    }
}
