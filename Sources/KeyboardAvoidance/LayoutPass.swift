/// What an adapter gathered of one layout pass, until the pass is over,
/// and what handing it on means: which event the engine hears and whether
/// the answer may set the offset. The UIKit adapter and the SwiftUI
/// modifier decide by it alike.
///
/// - On a screen of fields, a pass is a ``AvoiderEvent/layoutChanged``. One
///   whose every report was of the content alone never scrolls:
///   self-sizing table and collection views change the content size while
///   the user scrolls, and scrolling back to the field would yank the view.
/// - On a chat screen (the layout has a composer), a pass of the content
///   alone (a message arrived, the composer grew) is the app's own event,
///   ``AvoiderEvent/contentChanged``, after which the user looks at the
///   screen, and one in which the user scrolled is
///   ``AvoiderEvent/scrolled``, whatever else it reported (where the offset
///   is, the user reads, even where it could not move: a report the same
///   pass gathers besides, such as a safe area read again as the window's
///   sentinel follows the scroll, does not make the user's scroll a layout
///   change the engine would read as no scroll); any other pass is a
///   layout change. Each
///   scrolls (the transcript follows its newest message, or keeps the rows
///   the user reads), unless the user scrolled in it: then the finger, or
///   the deceleration it started, owns the offset, and the engine only
///   hears where it went.
package struct LayoutPass: Hashable, Sendable {
    /// True while each report was of the content alone.
    package private(set) var contentOnly = true
    /// A report of the pass was the user's own scroll.
    package var userScrolled = false

    package init() {}

    /// One more report of the pass: of the content alone, or not.
    package mutating func reported(contentOnly: Bool) {
        self.contentOnly = self.contentOnly && contentOnly
    }

    /// The event the engine is handed for the pass.
    package func event(onChatScreen chat: Bool) -> AvoiderEvent {
        guard chat else { return .layoutChanged }
        if userScrolled { return .scrolled }
        return contentOnly ? .contentChanged : .layoutChanged
    }

    /// Whether the engine's answer may set the offset.
    package func scrolls(onChatScreen chat: Bool) -> Bool {
        chat ? !userScrolled : !contentOnly
    }
}
