import KeyboardAvoidanceSwiftUI

/// The kbbench SwiftUI modifier as a ``SwiftUIModifierHost`` drives it:
/// its session run directly (``SwiftUISessionUnderTest``, the shootout's
/// row) or the modifier's own file on a SwiftUI stand-in (the stand-in
/// package's differential). Each answers with what the modifier asked
/// SwiftUI for, as a ``SwiftUISessionStep``.
package protocol SwiftUIModifierUnderTest {
    /// Fires the callback that carries `report`; what the modifier asked
    /// for in it.
    mutating func receive(_ report: SwiftUIReport<Int>) -> SwiftUISessionStep
    /// Lets the main queue run what the modifier left on it (a layout
    /// pass's end); what it asked for then, or nil when nothing was due.
    mutating func settle() -> SwiftUISessionStep?
}

/// The modifier's session, driven as the modifier drives it: a pass's end
/// is due on the next turn once a report opened one.
package struct SwiftUISessionUnderTest: SwiftUIModifierUnderTest, Sendable {
    package private(set) var session: SwiftUIAvoidanceSession<Int>
    private var passDue = false
    /// The animation of each step that set or scrolled anything, in order:
    /// the modifier performs each such step in one `withAnimation` (nil:
    /// none, a zero duration).
    package private(set) var animations: [SwiftUIAnimation?] = []

    package init(_ session: SwiftUIAvoidanceSession<Int>) {
        self.session = session
    }

    package mutating func receive(_ report: SwiftUIReport<Int>) -> SwiftUISessionStep {
        let step = session.receive(report)
        passDue = passDue || step.passBegan
        if !step.isEmpty { animations.append(SwiftUIAnimation(step.animation)) }
        return step
    }

    package mutating func settle() -> SwiftUISessionStep? {
        guard passDue else { return nil }
        passDue = false
        return receive(.passEnded)
    }
}
