import KeyboardAvoidance
import KeyboardGeometry

/// A chat screen at one moment, as its user sees it: the transcript (a
/// scroll view whose content ends with the newest message) and the composer
/// outside it, pinned above the keyboard. Vertical positions in the
/// window's space (a transcript scrolls one way), so that a strategy that
/// moves or shrinks the transcript's frame is judged by what reaches the
/// screen.
package struct TranscriptMoment: Hashable, Sendable {
    /// The transcript's frame: its top edge in the window, and its height.
    package var frameTop: Double
    package var frameHeight: Double
    package var contentHeight: Double
    /// The vertical content offset.
    package var offset: Double
    /// The adjusted content inset's top and bottom (the content inset and
    /// the safe area UIKit adds).
    package var adjustedTop: Double
    package var adjustedBottom: Double
    /// The composer's top edge in the window.
    package var composerTop: Double
    /// The bottom of the adjusted inset the app itself gives the
    /// transcript (its own content inset and the safe area UIKit adds),
    /// which no strategy takes away (I3).
    package var ownAdjustedBottom: Double
    /// The window's frame on screen and the transcript's frame as the app
    /// lays it out, whatever a strategy made of it: where these differ
    /// between two moments (a rotation, a window moved or resized), the
    /// rows are laid out anew and T2 compares nothing.
    package var window: KBRect
    package var ownFrame: KBRect

    package init(
        frameTop: Double, frameHeight: Double, contentHeight: Double, offset: Double, adjustedTop: Double, adjustedBottom: Double,
        composerTop: Double, ownAdjustedBottom: Double, window: KBRect, ownFrame: KBRect
    ) {
        self.ownAdjustedBottom = ownAdjustedBottom
        self.window = window
        self.ownFrame = ownFrame
        self.frameTop = frameTop
        self.frameHeight = frameHeight
        self.contentHeight = contentHeight
        self.offset = offset
        self.adjustedTop = adjustedTop
        self.adjustedBottom = adjustedBottom
        self.composerTop = composerTop
    }

    /// The offsets the transcript accepts: UIKit's range for its adjusted
    /// inset.
    package var range: ClosedRange<Double> {
        -adjustedTop...Swift.max(-adjustedTop, contentHeight + adjustedBottom - frameHeight)
    }

    /// Where the content's end (the newest message's bottom) is in the
    /// window at `offset`.
    package func contentEnd(at offset: Double) -> Double { frameTop + contentHeight - offset }

    /// Where the newest message rests when the transcript is at its end:
    /// on the composer's top, or, where that lies lower, on the bottom of
    /// the transcript's frame less the app's own adjusted bottom inset (a
    /// composer below a short transcript, an own inset that clears more
    /// than the composer). What T1, T3 and T4 measure against.
    package var floor: Double { Swift.min(composerTop, frameTop + frameHeight - ownAdjustedBottom) }

    /// Whether the user follows the end: ``following`` where it says,
    /// else the offset within ``TranscriptSolution/endTolerance`` of the
    /// end of its range (or past it).
    package var isAtEnd: Bool { following ?? TranscriptSolution.isAtEnd(offset, end: range.upperBound) }

    /// Whether the user follows the end where the offset alone does not
    /// say it (see ``TraceJudge``): content that fits shows its end and its
    /// start at once, and is read as it was before; a transcript the
    /// system laid out anew (a rotation, a window change) keeps the end its
    /// user saw wherever the layout pass left the offset. Nil: the offset
    /// says.
    package var following: Bool?

    /// Whether it rests at its start: the offset within
    /// ``TranscriptSolution/endTolerance`` of its range's start (or above).
    package var isAtStart: Bool { offset <= range.lowerBound + TranscriptSolution.endTolerance }

    /// Whether the whole content fits: the range's end is its start.
    package var fits: Bool { range.upperBound <= range.lowerBound + TranscriptSolution.endTolerance }

    /// Whether there is room to show anything above the composer: the
    /// ``floor`` lies below the transcript's adjusted top inset. Where it
    /// does not (a keyboard and composer as tall as the view), T1, T3 and
    /// T4 judge nothing: no inset within the view's height makes room.
    package var hasRoom: Bool { floor > frameTop + adjustedTop + TranscriptSolution.endTolerance }

    /// Whether the whole content fits between the adjusted top inset and
    /// the ``floor``, resting at its top.
    package var fitsAboveComposer: Bool {
        contentEnd(at: range.lowerBound) <= floor + TranscriptSolution.endTolerance
    }
}

/// The rules a transcript is judged by across one change (the keyboard
/// shown, hidden or resized, the composer grown, a message arrived),
/// docs/invariants.md, "Chat screens". Each is judged on the moment before
/// the change and the moment after it, once the strategy has answered.
package enum TranscriptRule: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// At its end before, at its end after: the newest message is fully
    /// visible, right above the composer (or the whole content, resting at
    /// its top, fits above it).
    case newestMessageAboveComposer = "T1"
    /// Scrolled up before: the rows the user reads keep their place on
    /// screen, unless the new range cannot hold them there (then as near
    /// as it can). Not across a change of the window or of the
    /// transcript's own frame, which lays the rows out anew.
    case rowsReadStayInPlace = "T2"
    /// The transcript's end can be scrolled above the composer.
    case endReachable = "T3"
    /// No blank band: scrolled to its end, a transcript taller than the
    /// room rests its end on the composer, not above it.
    case noBlankBand = "T4"

    package var description: String { rawValue }

    /// The invariant reports count this rule under (same code).
    package var invariant: Invariant {
        switch self {
        case .newestMessageAboveComposer: .newestMessageAboveComposer
        case .rowsReadStayInPlace: .rowsReadStayInPlace
        case .endReachable: .transcriptEndReachable
        case .noBlankBand: .noBlankBandAboveComposer
        }
    }

    /// Whether the change from `before` to `after` breaks this rule.
    package func isBroken(before: TranscriptMoment, after: TranscriptMoment) -> Bool {
        let tolerance = TranscriptSolution.endTolerance
        switch self {
        case .newestMessageAboveComposer:
            guard before.isAtEnd, after.hasRoom else { return false }
            let end = after.contentEnd(at: after.offset)
            if end > after.floor + tolerance { return true }
            return end < after.floor - tolerance && !(after.fitsAboveComposer && after.isAtStart)
        case .rowsReadStayInPlace:
            guard !before.isAtEnd, before.window == after.window, before.ownFrame == after.ownFrame else { return false }
            // Resting at its start, it stays at its start: UIKit keeps a
            // view there as its adjusted top inset changes.
            if before.isAtStart && after.isAtStart { return false }
            // The offset that keeps a row where it was on screen, in the
            // range the new insets allow.
            let kept = after.frameTop - (before.frameTop - before.offset)
            let wanted = Swift.min(Swift.max(kept, after.range.lowerBound), after.range.upperBound)
            return abs(after.offset - wanted) > tolerance
        case .endReachable:
            guard after.hasRoom else { return false }
            return after.contentEnd(at: after.range.upperBound) > after.floor + tolerance
        case .noBlankBand:
            guard after.hasRoom, !after.fitsAboveComposer else { return false }
            return after.contentEnd(at: after.range.upperBound) < after.floor - tolerance
        }
    }

    /// The rules the change from `before` to `after` breaks, in rule order.
    package static func broken(before: TranscriptMoment, after: TranscriptMoment) -> [TranscriptRule] {
        allCases.filter { $0.isBroken(before: before, after: after) }
    }
}
