import KeyboardAvoidance
import KeyboardGeometry

/// What the modifier performs after one report to the session
/// (``SwiftUIAvoidanceSession``): margins to set, a scroll, the animation
/// to do them in, the events the engine was handed (for an observer, a
/// recorder), and whether a layout pass began.
package struct SwiftUISessionStep: Hashable, Sendable {
    /// The bottom content margin and the indicators' bottom margin, both
    /// absolute.
    package struct Margins: Hashable, Sendable {
        package var content: Double
        package var indicators: Double

        package init(content: Double, indicators: Double) {
            self.content = content
            self.indicators = indicators
        }
    }

    /// The margins to set; nil: as they are.
    package var margins: Margins?
    /// The content offset to scroll to (`ScrollPosition.scrollTo(x:y:)`);
    /// nil: nowhere now.
    package var scroll: KBPoint?
    /// The animation: the keyboard's after a Will notification, none (zero
    /// duration) otherwise.
    package var animation = KeyboardAnimation(duration: 0, curve: 0)
    /// How far to lift a chat screen's composer off the scroll view's
    /// bottom edge (its bottom padding), in the step's animation; nil: as
    /// it is.
    package var composerLift: Double?
    /// What the engine was handed, in order.
    package var handed: [HandedEvent] = []
    /// This report opened a layout pass: the modifier reports its end
    /// (``SwiftUIReport/passEnded``) on the main queue's next turn.
    package var passBegan = false
    /// Why the engine changed nothing for the last event handed on, when it
    /// changed nothing (a replay's outcome says so; the modifier ignores it).
    package var ignored: IgnoreReason?

    package init(
        margins: Margins? = nil, scroll: KBPoint? = nil, animation: KeyboardAnimation = KeyboardAnimation(duration: 0, curve: 0),
        handed: [HandedEvent] = []
    ) {
        self.margins = margins
        self.scroll = scroll
        self.animation = animation
        self.handed = handed
    }

    /// Whether there is anything to set or scroll.
    package var isEmpty: Bool { margins == nil && scroll == nil && composerLift == nil }

    /// This step, then `next`: the later margins win, and with them the
    /// later scroll (a scroll the later margins wait for replaces an
    /// earlier one); a later scroll alone replaces an earlier one; the
    /// animation is the one of whatever the later step sets.
    package func then(_ next: SwiftUISessionStep) -> SwiftUISessionStep {
        var s = self
        s.handed += next.handed
        s.passBegan = s.passBegan || next.passBegan
        if !next.handed.isEmpty { s.ignored = next.ignored }
        if let lift = next.composerLift {
            s.composerLift = lift
            s.animation = next.animation
        }
        if let m = next.margins {
            s.margins = m
            s.scroll = next.scroll
            s.animation = next.animation
        } else if let o = next.scroll {
            s.scroll = o
            s.animation = next.animation
        }
        return s
    }
}
