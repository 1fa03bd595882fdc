import KeyboardAvoidance
import KeyboardGeometry
import KeyboardTrace
import KeyboardWorld

/// Judges each step of a replay against the invariants (docs/invariants.md), using
/// the world's truth and the ``ScrollViewModel`` only.
///
/// When each invariant is judged:
/// - every step: I1 inset bounds, I3's first half (the app's own insets and
///   frame survive while the keyboard is up), I5 finite outputs, I6
///   idempotence (the event is a duplicate, see ``DuplicateDetector``), I8
///   no needless scroll (a visible field is not scrolled; with no field
///   focused, the offset moves only back into range), I9 off-screen
///   untouched;
/// - at rest (see ``Oracle/restPoints(_:)``): I2 visibility under the
///   strategy's ``VisibilityPromise`` (a keyboard is shown, a field is
///   focused, the view is on screen; a step at which no strategy could keep
///   that promise is *unsatisfiable* instead, whatever the strategy did), I3's
///   second half (no keyboard: insets, frame and content view restored), I4
///   offset range.
/// I7 (determinism) is judged by the replayer, which runs two instances of
/// the strategy in lockstep and reports the first step where they disagree.
///
/// One defect counts under one invariant: I1 bounds only what a strategy
/// adds (at most the view's height); taking from the app's own insets or
/// frame is I3's, whether it happens while the keyboard is up or shows after
/// it has gone; an offset out of range is I4's, also after a hide.
package enum Oracle {
    /// The result of judging one step.
    package struct Judgement: Hashable, Sendable {
        package var violations: [Invariant] = []
        /// True when no strategy could keep the promise here.
        package var unsatisfiable = false
        /// True when the field is not even visible (no distance asked) where
        /// some strategy could show it: the shootout's "visible" column. For
        /// a promise with no distance, the same as I2.
        package var fieldHidden = false
        /// The field was focused while a keyboard was already on screen (a
        /// switch between fields): whether UIKit's own scroll to a new first
        /// responder, which the harness does not model, would have moved it
        /// matters here. Set by the replayer.
        package var afterFocusSwitch = false
        /// The step was judged with a floating keyboard on screen
        /// (``SimulatedWorld/keyboardFloats``): where a strategy that reads
        /// one as hidden by design is judged (the shootout's "by choice").
        package var keyboardFloating = false
        /// The step was judged with an undocked, split or floating keyboard
        /// on screen (``SimulatedWorld/keyboardUndocked``): where a strategy
        /// that reads one as off screen by design is judged.
        package var keyboardUndocked = false
        /// The safe area the app's layout gives the scroll view at this step
        /// (what a recording leaves out when the scroll view has it).
        package var layoutSafeArea: KBEdgeInsets = .zero
        /// A field of the app's was focused at this step: where a strategy
        /// that acts only for its own fields by design is judged.
        package var fieldFocused = false

        /// A step with no violation yet; the oracle fills it in.
        package init() {}

        /// Puts ``violations`` in invariant order. A list of none or one is
        /// left alone: sorting the empty array would give it storage of its
        /// own, an allocation on every step that violates nothing.
        package mutating func sortViolations() {
            if violations.count > 1 { violations.sort() }
        }
    }

    /// The largest offset change I8 ignores, this size included: one
    /// physical pixel on the densest screens iOS has had (3× scale), a third
    /// of a point. The edge is the strategy's, as ``blankBandTolerance``'s
    /// is (docs/invariants.md).
    package static let perceptibleScroll = 1.0 / 3.0

    /// The thickest blank band I1 does not count: one physical pixel on the
    /// densest screens, as ``perceptibleScroll``, this thickness included;
    /// rounding in the recipes' arithmetic leaves such bands.
    package static let blankBandTolerance = perceptibleScroll

    /// Which steps of `events` are at rest: when the user would look at the
    /// result (``GlanceMoment/isAtRest(_:next:settled:)``, the rule the
    /// engine reads a transcript's unseen rows by).
    ///
    /// One flag per event, computed once per trace (the replayer looks
    /// ahead without copying the next event).
    ///
    /// On a chat screen (`chatScreen`), a layout event that changes only the
    /// transcript's content, its offset or the composer (a message arrived,
    /// the user scrolled, the composer grew) is an app-side event: the user
    /// looks at the screen before and after it, as after a focus.
    package static func restPoints(_ events: [TraceLine], chatScreen: Bool = false) -> [Bool] {
        var points: [Bool] = []
        points.reserveCapacity(events.count)
        var inFlight = false
        var next = events.first.map { moment($0.event, chatScreen: chatScreen) }
        for i in events.indices {
            let moment = next ?? .appSide
            next = i + 1 < events.count ? Self.moment(events[i + 1].event, chatScreen: chatScreen) : nil
            switch moment {
            case .will: inFlight = true
            case .did: inFlight = false
            case .appSide, .layout: break
            }
            points.append(GlanceMoment.isAtRest(moment, next: next, settled: !inFlight))
        }
        return points
    }

    /// What the at-rest rule needs to know of an event: cheap to take from a
    /// trace line without copying its payload.
    static func moment(_ e: TraceEvent, chatScreen: Bool) -> GlanceMoment {
        switch e {
        case .focus, .blur, .appear, .disappear: .appSide
        case .layout(let c): chatScreen && c.changesOnlyContent ? .appSide : .layout
        case .keyboard(let n): n.name.isWill ? .will : .did
        }
    }

    /// Judges one step: `before` and `after` are the scroll view around it,
    /// `world` the world after the event, `promise` what the strategy
    /// promises about the focused field. On a chat screen (the world has a
    /// composer), `seen` is the transcript as its user last saw it (see
    /// ``TraceJudge``), which T1 and T2 compare with; nil judges neither.
    @inline(__always)
    package static func judge(
        event: TraceEvent, isDuplicate: Bool, wasVisible: Bool,
        before: ScrollViewModel, after: ScrollViewModel, world: SimulatedWorld, atRest: Bool, promise: VisibilityPromise,
        seen: TranscriptMoment? = nil
    ) -> Judgement {
        var j = Judgement()
        j.keyboardFloating = world.keyboardFloats
        j.keyboardUndocked = world.keyboardUndocked
        j.layoutSafeArea = world.ownScrollView.safeArea
        j.fieldFocused = world.focused != nil
        let tol = Rounding.allowance(at: world.ownScrollView.frame.height)
        // I5
        if !after.isFinite {
            j.violations.append(.finiteOutputs)
            return j
        }
        // I1: what the strategy adds to the app's own bottom inset, or takes
        // from the app's own frame, is at most the view's height.
        let height = world.ownScrollView.frame.height
        if after.contentInset.bottom - world.ownScrollView.contentInset.bottom > height + tol
            || world.ownScrollView.frame.height - after.frame.height > height + tol
        {
            j.violations.append(.insetBounds)
        }
        // I3, first half: the app's own insets and frame survive while the
        // keyboard is up (a strategy adds to the bottom inset, or takes from
        // the frame's height, and nothing else).
        if world.isVisible, !after.keepsOwnLayout(of: world, tolerance: tol) {
            j.violations.append(.restoration)
        }
        // I6
        if isDuplicate, before != after {
            j.violations.append(.idempotence)
        }
        // I9: nothing changes off screen, except putting back the app's own
        // layout (harmless: the user sees the view restored when it returns),
        // with the offset left alone unless the restored layout no longer
        // allows it.
        if !wasVisible && !world.isVisible && before != after && !after.isRestore(from: before, to: world) {
            j.violations.append(.offScreenUntouched)
        }
        // I8: a move of more than a pixel (a pixel exactly is rounding), judged
        // with the new state at the old offset. Not on a chat screen: a
        // transcript follows its end, and T2 keeps the rows read in place.
        if world.isVisible, world.composer == nil,
            abs(before.contentOffset.y - after.contentOffset.y) > Swift.max(perceptibleScroll, Rounding.allowance(at: before.contentOffset.y))
        {
            var stayed = after
            stayed.contentOffset = before.contentOffset
            if let field = world.focusedField {
                // The field was visible at the old offset, and the old offset
                // was still valid. Judged against the keyboard as announced
                // so far: a strategy that follows an announcement iOS later
                // revises (a third-party keyboard's intermediate heights) is
                // not blamed; at rest the two coincide.
                if wasVisible, world.readKeyboard != nil {
                    var announced = world
                    announced.keyboard = world.readKeyboard
                    let region = VisibleRegion(world: announced, scrollView: stayed, distance: promise.distance)
                    if stayed.offsetInRange(), region.showsUnderEveryReading(field, atOffset: before.contentOffset.y, rule: promise.tallField) {
                        j.violations.append(.noNeedlessScroll)
                    }
                }
            } else if world.focused == nil, stayed.offsetInRange() {
                // With no field focused there is nothing to scroll to: the
                // offset moves only when the new state no longer allows the
                // old one (a restore pulling it back into range). A strategy
                // that still scrolls for a field after its blur is caught.
                j.violations.append(.noNeedlessScroll)
            }
        }
        guard atRest, world.isVisible else {
            j.sortViolations()
            return j
        }
        // I4
        if !after.offsetInRange() {
            j.violations.append(.offsetRange)
        }
        if let composer = world.composer {
            judgeTranscript(&j, after: after, world: world, composer: composer, seen: seen)
            return j
        }
        if world.keyboard == nil {
            // I3, second half: once the keyboard is gone, insets, frame and
            // content view are the app's own again (the offset is I4's).
            // Counted once per step with the first half.
            if !after.isRestored(to: world) && !j.violations.contains(.restoration) {
                j.violations.append(.restoration)
            }
            j.sortViolations()
            return j
        }
        let region = VisibleRegion(world: world, scrollView: after, distance: promise.distance)
        // The offset the focused field needs: the least that shows it, as
        // promised, in the band the strategy shows it in (the whole current
        // offset when no strategy could show it); nil when it is not shown.
        var needed: Double?
        if let field = world.focusedField {
            // I2. Whether any strategy could keep the promise is a property
            // of the situation and the promise alone, judged on the app's own,
            // untouched scroll view: the same for every strategy with the
            // same promise on the same step. Where none could, the step is
            // unsatisfiable and I2 is not judged.
            let pristine = world.initialScrollView(offset: after.contentOffset)
            if !VisibleRegion(world: world, scrollView: pristine, distance: promise.distance).canShow(field, rule: promise.tallField) {
                j.unsatisfiable = true
                needed = after.contentOffset.y
            } else if let least = region.neededOffset(showing: field, at: after.contentOffset.y, rule: promise.tallField) {
                needed = least
            } else {
                j.violations.append(.fieldVisible)
            }
            if promise.distance == 0 {
                j.fieldHidden = j.violations.contains(.fieldVisible)
            } else if j.unsatisfiable || j.violations.contains(.fieldVisible) {
                // Shown with the distance implies shown without it; only a
                // miss needs the second look.
                let bare = promise.withoutDistance
                j.fieldHidden =
                    VisibleRegion(world: world, scrollView: pristine, distance: 0).canShow(field, rule: bare.tallField)
                    && !VisibleRegion(world: world, scrollView: after, distance: 0).shows(
                        field, atOffset: after.contentOffset.y, rule: bare.tallField)
            }
        }
        // Where the content's end comes to rest, scrolled to its end, and
        // where it may: the lowest band's bottom, less the promised distance
        // the band keeps from a keyboard below it.
        let band = region.lowestBand
        let maxOffset = after.maximumOffsetY
        let contentEnd = region.scrollTop + world.ownScrollView.contentSize.height - maxOffset
        // I1, at rest: no blank band. Where the bottom inset sets how far
        // the view scrolls, the content's end may rest no higher than the
        // band allows, unless the focused field needs the offset that puts
        // it there (a field past the content, a tall field at its end): a
        // band thinner than a pixel is not seen.
        let allowedEnd = band.bottom - band.gapBelow
        let allowed = Swift.max(after.minimumOffsetY, region.scrollTop + world.ownScrollView.contentSize.height - allowedEnd, needed ?? -.infinity)
        if maxOffset > allowed + blankBandTolerance, !j.violations.contains(.insetBounds) {
            j.violations.append(.insetBounds)
        }
        // I10: while a docked keyboard covers the view, the content's end
        // can be scrolled above it (and above the app's own bars), focused
        // field or not; where no band is left at all, nothing can be.
        if region.keyboardCovers, band.hasRoom, contentEnd > band.bottom + Rounding.allowance(at: band.bottom) {
            j.violations.append(.contentReachable)
        }
        j.sortViolations()
        return j
    }

    /// A chat screen at rest: T1…T4 (T1 and T2 against `seen`), and I3's
    /// second half with the bottom inset left to T3 and T4 (it may clear a
    /// composer at rest). In place of I1's blank band (T4), I2 (the
    /// composer is the field, and the transcript is what is shown) and I10
    /// (T3 asks more: the end above the composer).
    private static func judgeTranscript(
        _ j: inout Judgement, after: ScrollViewModel, world: SimulatedWorld, composer: Composer, seen: TranscriptMoment?
    ) {
        if world.keyboard == nil && !after.isTranscriptRestored(to: world) && !j.violations.contains(.restoration) {
            j.violations.append(.restoration)
        }
        let now = TranscriptMoment(world: world, scrollView: after, composer: composer)
        for rule in TranscriptRule.allCases {
            switch rule {
            case .newestMessageAboveComposer, .rowsReadStayInPlace:
                if let seen, rule.isBroken(before: seen, after: now) { j.violations.append(rule.invariant) }
            case .endReachable, .noBlankBand:
                if rule.isBroken(before: now, after: now) { j.violations.append(rule.invariant) }
            }
        }
        j.sortViolations()
    }
}
