import KeyboardGeometry

/// What a chat screen's transcript needs: a scroll view whose content ends
/// with the newest message, and a composer outside it, pinned above the
/// keyboard (an input accessory view, or a view pinned to the keyboard
/// layout guide). Computed from the app's own inset, the composer's top
/// edge and whether the transcript was at its end, never from what was
/// applied before; Foundation-free and allocation-free, as the engine is.
///
/// Inset: the obstruction is the height from the composer's top to the
/// view's bottom edge, at most the view's height. The adjusted bottom inset
/// becomes `max(own adjusted bottom, obstruction)`, and the content inset
/// is that minus the safe area UIKit adds itself. No distance is kept: the
/// newest message rests right above the composer, with no band between.
///
/// Offset: a transcript that was at its end (``isAtEnd(_:)``) stays there,
/// its newest message right above the composer (or, content shorter than
/// the room, at rest at its top); one scrolled up keeps its offset, so the
/// rows the user reads keep their place on screen, unless the new range
/// leaves the offset outside it, where it is clamped.
///
/// ``KeyboardAvoider`` answers with it wherever the layout has a
/// ``Composer``; the oracle's transcript rules (docs/invariants.md, "Chat
/// screens") are held against both on generated geometry.
package struct TranscriptSolution: Hashable, Sendable {
    /// The content inset: the app's own, with the bottom raised.
    package var contentInset: KBEdgeInsets
    /// The vertical content offset.
    package var contentOffset: Double
    /// The end of the offset range the new inset gives: where a transcript
    /// at its end rests (``KeyboardAvoider`` remembers it, so that a
    /// transcript left there is still at its end when a message arrives).
    package var end: Double

    /// How close to the end of its range, in points, a transcript's offset
    /// counts as at its end: half a point, below any row's height and above
    /// rounding to pixels.
    package static let endTolerance = 0.5

    /// Whether `scrollView` (its content inset as it is on the view now)
    /// shows the end of its content: its offset within ``endTolerance`` of
    /// the end of its range.
    package static func isAtEnd(_ scrollView: ScrollViewState) -> Bool {
        isAtEnd(scrollView.contentOffset.y, end: scrollView.offsetRange(adjustedInset: scrollView.adjustedContentInset).upperBound)
    }

    /// Whether `offset` shows the end of a transcript whose offsets end at
    /// `end`: within ``endTolerance`` of it, or past it.
    @inline(__always)
    package static func isAtEnd(_ offset: Double, end: Double) -> Bool {
        offset >= end - endTolerance
    }

    /// The transcript `scrollView` (with the app's own content inset, and
    /// the offset it has now) needs when its composer's top edge lies at
    /// `composerTop` in the view's coordinates (0 is the view's top; a
    /// composer below the view is at or past its height). `wasAtEnd` says
    /// whether it showed its end before the change (``isAtEnd(_:)`` on the
    /// view as it was).
    package static func solve(scrollView: ScrollViewState, composerTop: Double, wasAtEnd: Bool) -> TranscriptSolution {
        let own = scrollView.contentInset
        let safe = scrollView.safeAreaContribution
        let height = scrollView.frame.height
        let obstruction = height - Swift.min(Swift.max(composerTop, 0), height)
        let adjustedBottom = Swift.max(own.bottom + safe.bottom, obstruction)
        let adjusted = (own + safe).withBottom(adjustedBottom)
        let range = scrollView.offsetRange(adjustedInset: adjusted)
        let current = scrollView.contentOffset.y
        let offset = wasAtEnd ? range.upperBound : Swift.min(Swift.max(current, range.lowerBound), range.upperBound)
        return TranscriptSolution(
            contentInset: own.withBottom(adjustedBottom - safe.bottom), contentOffset: offset, end: range.upperBound)
    }
}
