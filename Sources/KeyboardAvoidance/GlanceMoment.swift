/// What an event is to the question "does the user look at the screen after
/// it?": the one rule the oracle judges visibility by (its steps at rest)
/// and the engine reads a transcript's unseen rows by.
///
/// The rule (``isAtRest(_:next:settled:)``): never while a keyboard
/// animation is in flight (from a Will notification to the next Did);
/// otherwise at the end, before an app-side event, and after a Did
/// notification followed by a Will notification; never before a layout
/// pass or a Did notification, which iOS delivers in the same turn of the
/// run loop.
package enum GlanceMoment: Hashable, Sendable {
    /// An event of the app's own: a focus, a blur, the view appearing or
    /// disappearing; on a chat screen, a layout that changes only the
    /// transcript's content, its offset or the composer (a message, the
    /// user's scroll, a composer line).
    case appSide
    /// A layout pass: the screen, the window, the scroll view's frame,
    /// insets or behaviour changed.
    case layout
    /// A keyboard Will notification.
    case will
    /// A keyboard Did notification.
    case did

    /// Whether the user looks at the screen after an event of kind `event`
    /// (`settled`: no keyboard animation is in flight after it), when
    /// `next` comes next (nil: nothing more comes).
    @inline(__always)
    package static func isAtRest(_ event: GlanceMoment, next: GlanceMoment?, settled: Bool) -> Bool {
        guard settled else { return false }
        guard let next else { return true }
        switch next {
        case .appSide: return true
        case .layout, .did: return false
        case .will: return event == .did
        }
    }
}
