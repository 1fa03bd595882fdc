import KeyboardAvoidance
import KeyboardGeometry
import KeyboardTrace
import KeyboardWorld

/// The oracle's own reading of where a focused field can be seen, in the
/// oriented *screen* space (the engine works in the scroll view's space;
/// the two are written separately on purpose, so that one cannot hide the
/// other's mistake).
///
/// The region is bounded by: the scroll view's current frame; the app's own
/// adjusted top and bottom insets (bars that overlay content) at the edges
/// of the app's own frame, moved with the scroll view, and, when a strategy
/// resized the frame, the app's own bottom inset at the new bottom edge
/// with the safe area the new frame has; the screen; and the
/// keyboard: a docked keyboard bounds it from below, a floating keyboard
/// that overlaps the field's columns splits it into a part above and a part
/// below. A promised distance is kept from the keyboard, less whatever
/// room already lies between the band's edge and the keyboard
/// (docs/invariants.md, I2).
package struct VisibleRegion: Hashable, Sendable {
    /// One band of the region, top to bottom in screen coordinates, with the
    /// gap the policy asks for on each keyboard side.
    package struct Band: Hashable, Sendable {
        package var top: Double
        package var bottom: Double
        var gapAbove: Double
        package var gapBelow: Double

        /// True when the band is thicker than rounding. A band a millionth
        /// of a point thick or less (``Rounding/betweenReadings``) is what
        /// doubles leave where two edges meet (a keyboard's top on the
        /// bars' bottom, both at thirds of points), not room on screen: it
        /// shows no field, and no content rests in it.
        package var hasRoom: Bool { bottom - top > Rounding.betweenReadings }
    }

    /// One band, or two around a floating keyboard (a pair, not an array:
    /// the oracle builds a region on every judged step).
    var first: Band
    var second: Band?

    /// The bands, in order.
    package var bands: [Band] { second.map { [first, $0] } ?? [first] }
    /// The scroll view's top edge on screen, where content y = offset is.
    var scrollTop: Double
    /// The offsets any strategy can reach: from the app's own top to where
    /// the content's bottom meets the view's top (with up to the view's
    /// height of bottom inset, I1's bound).
    var reachable: ClosedRange<Double>
    /// A docked keyboard across the view's columns ends the region above
    /// where the layout alone would: it covers part of the view.
    package private(set) var keyboardCovers = false

    /// The lowest band: where the content's end comes to rest when the
    /// view is scrolled to its end.
    package var lowestBand: Band { second ?? first }

    /// The region for `world` and `scrollView`, with `distance` points asked
    /// between the field and the keyboard.
    package init(world: SimulatedWorld, scrollView: ScrollViewModel, distance: Double) {
        let origin = world.window.origin
        let frame = scrollView.frame.offsetBy(dx: origin.x, dy: origin.y)
        let ownFrame = world.ownScrollView.frame.offsetBy(dx: origin.x, dy: origin.y)
        let safe = world.ownSafeAreaContribution
        let own = world.ownScrollView.contentInset + safe
        scrollTop = frame.minY
        // The app's own adjusted insets (bars, and the safe area under them)
        // move with the scroll view when a strategy shifts the root view, but
        // the safe area itself stays with the screen; a frame a strategy
        // shrinks clips from below.
        let top = Swift.max(frame.minY + own.top, ownFrame.minY + safe.top, 0)
        var bottom = Swift.min(
            frame.maxY, frame.minY + ownFrame.height - own.bottom, ownFrame.maxY - safe.bottom, world.screen.height
        )
        // A frame resized from below (one that follows the keyboard) keeps
        // the app's own bottom bars at its new bottom edge, over the content
        // as before, with the safe area UIKit gives the new frame.
        if scrollView.frame.height != world.ownScrollView.frame.height {
            var resized = scrollView.state
            resized.safeArea = world.safeArea(ofScrollViewFrame: scrollView.frame)
            let resizedSafe = SafeAreaAdjustment.contribution(to: resized)
            bottom = Swift.min(bottom, frame.maxY - world.ownScrollView.contentInset.bottom - resizedSafe.bottom)
        }
        var split: (Band, Band)?
        // The distance is measured from the keyboard: a band edge that is
        // already `room` points clear of it keeps only the rest.
        func rest(_ room: Double) -> Double { Swift.max(0, distance - Swift.max(0, room)) }
        var gapBelow = 0.0
        if let k = world.keyboard {
            if KeyboardPlacement.reachesBottomEdge(k, screen: world.screen) {
                if k.minX < ownFrame.maxX && k.maxX > ownFrame.minX {
                    keyboardCovers = k.minY < bottom
                    bottom = Swift.min(bottom, k.minY)
                    gapBelow = rest(k.minY - bottom)
                }
            } else if let f = world.focusedField {
                let fieldMinX = frame.minX + f.frame.minX - scrollView.contentOffset.x
                let fieldMaxX = frame.minX + f.frame.maxX - scrollView.contentOffset.x
                if k.minX < fieldMaxX && k.maxX > fieldMinX {
                    split = (
                        Band(top: top, bottom: Swift.min(bottom, k.minY), gapAbove: 0, gapBelow: rest(k.minY - bottom)),
                        Band(top: Swift.max(top, k.maxY), bottom: bottom, gapAbove: rest(top - k.maxY), gapBelow: 0)
                    )
                }
            }
        }
        if let split {
            first = split.0
            second = split.1
        } else {
            first = Band(top: top, bottom: bottom, gapAbove: 0, gapBelow: gapBelow)
            second = nil
        }
        // Reachable: any offset a strategy can give the scroll view with the
        // bottom inset I1 allows it to add (up to the view's height): until
        // the content's bottom meets the view's top.
        let low = -own.top
        reachable = low...Swift.max(low, world.ownScrollView.contentSize.height + own.bottom)
    }

    /// The offsets at which `field` counts as visible in `band`: one range,
    /// or none when the band has no room (``Band/hasRoom``). Mirrors the contract
    /// (docs/invariants.md), not the engine's code: a field that fits must
    /// lie inside with the gap scaled down to the room there is; a taller
    /// field must fill the band (``TallFieldRule/fillsBand``), or under an
    /// engine policy show its top at the band's top (top), its caret (caret),
    /// or sit centred (centre). A field as tall as the band within the
    /// rounding allowance is judged both ways, and the second range is the
    /// other reading's: the engine measures the band in the scroll view's
    /// space, where thirds of points round otherwise, and either reading is
    /// right for a field that fills the band exactly.
    func ranges(showing field: FocusedField, in band: Band, rule: TallFieldRule) -> (ClosedRange<Double>?, ClosedRange<Double>?) {
        guard band.hasRoom else { return (nil, nil) }
        let height = band.bottom - band.top
        let tall = field.frame.height > height
        let primary = offsets(showing: field, in: band, rule: rule, tall: tall)
        guard abs(field.frame.height - height) <= Rounding.allowance(at: height) else { return (primary, nil) }
        return (primary, offsets(showing: field, in: band, rule: rule, tall: !tall))
    }

    /// The offsets showing `field` in `band` (of positive height), read as
    /// a field taller than the band or not.
    private func offsets(showing field: FocusedField, in band: Band, rule: TallFieldRule, tall: Bool) -> ClosedRange<Double> {
        let height = band.bottom - band.top
        var rect = field.frame
        if tall, rule == .policy(.caret), let caret = field.caret { rect = caret }
        // Screen y of content y `c` at offset `o`: scrollTop + c − o.
        if !tall || rect.height <= height {
            // No room left (a field a rounding error taller, read as
            // fitting) keeps no gap.
            let room = Swift.max(0, height - rect.height)
            let wanted = band.gapAbove + band.gapBelow
            let k = wanted > room ? room / wanted : 1
            let highest = scrollTop + rect.minY - band.top - band.gapAbove * k
            let lowest = scrollTop + rect.maxY + band.gapBelow * k - band.bottom
            return Swift.min(lowest, highest)...highest
        }
        switch rule {
        case .fillsBand:
            return (scrollTop + rect.minY - band.top)...(scrollTop + rect.maxY - band.bottom)
        case .policy(.centre):
            let o = scrollTop + rect.midY - (band.top + band.bottom) / 2
            return o...o
        case .policy(.top), .policy(.caret):
            let o = scrollTop + rect.minY - band.top
            return o...o
        }
    }

    /// True when the field is visible at offset `y`, under either reading
    /// of a field as tall as its band (what I2 asks).
    package func shows(_ field: FocusedField, atOffset y: Double, rule: TallFieldRule) -> Bool {
        showing(field, at: y, rule: rule).any
    }

    /// True when the field is visible at offset `y` under every reading of
    /// a field as tall as its band: what I8 asks before it calls a scroll
    /// needless (a strategy that reads such a field the other way may
    /// scroll to show it its way).
    package func showsUnderEveryReading(_ field: FocusedField, atOffset y: Double, rule: TallFieldRule) -> Bool {
        showing(field, at: y, rule: rule).every
    }

    /// The offset a strategy that shows `field` at offset `y` needs at
    /// least, or nil when no band shows it there: the lowest offset that
    /// shows it in the band that shows it at `y`, under the reading (of a
    /// field as tall as its band) that needs most: the one a strategy that
    /// moved as little as possible to show it would rest at.
    func neededOffset(showing field: FocusedField, at y: Double, rule: TallFieldRule) -> Double? {
        showing(field, at: y, rule: rule).needed
    }

    /// Whether some reading shows `field` at `y`, whether every reading of
    /// the band that shows it does, and the largest lower bound among the
    /// readings that show it. The bands one by one, no array: the oracle
    /// asks at every step.
    private func showing(_ field: FocusedField, at y: Double, rule: TallFieldRule) -> (any: Bool, every: Bool, needed: Double?) {
        let tol = Rounding.allowance(at: y)
        func contains(_ r: ClosedRange<Double>?) -> Bool {
            guard let r else { return false }
            return y >= r.lowerBound - tol && y <= r.upperBound + tol
        }
        var any = false, every = false
        var needed: Double?
        func band(_ b: Band) {
            let (a, c) = ranges(showing: field, in: b, rule: rule)
            let inA = contains(a), inC = contains(c)
            guard inA || inC else { return }
            any = true
            every = every || (inA && (c == nil || inC))
            if inA, let a { needed = Swift.max(needed ?? a.lowerBound, a.lowerBound) }
            if inC, let c { needed = Swift.max(needed ?? c.lowerBound, c.lowerBound) }
        }
        band(first)
        if let second { band(second) }
        return (any, every, needed)
    }

    /// True when the whole field fits in one band (it is not a tall field).
    func fitsWhole(_ field: FocusedField) -> Bool {
        first.bottom - first.top >= field.frame.height || second.map { $0.bottom - $0.top >= field.frame.height } == true
    }

    /// True when some reachable offset shows the field: otherwise the case is
    /// unsatisfiable and counted apart.
    func canShow(_ field: FocusedField, rule: TallFieldRule) -> Bool {
        func reachable(_ r: ClosedRange<Double>?) -> Bool {
            guard let r else { return false }
            let tol = Rounding.allowance(at: r.lowerBound)
            return r.lowerBound <= self.reachable.upperBound + tol && r.upperBound >= self.reachable.lowerBound - tol
        }
        let (a, b) = ranges(showing: field, in: first, rule: rule)
        if reachable(a) || reachable(b) { return true }
        guard let second else { return false }
        let (c, d) = ranges(showing: field, in: second, rule: rule)
        return reachable(c) || reachable(d)
    }
}
