import KeyboardAvoidance
import KeyboardGeometry
import KeyboardTrace
import KeyboardWorld

/// Decides which keyboard notifications are duplicates, for invariant I6.
///
/// A notification is a duplicate when it equals (name and payload) the last
/// notification of the same name, and since then only notifications with
/// the same end position (end frame, or legacy bounds and end center; every
/// hide counts as one position, "gone") have arrived, and no app-side event. This covers the
/// plain repeat (WillShow twice) and the repeated pair (WillShow, DidShow,
/// WillShow, DidShow, as iPad iOS 8.3 was reported to send on rotation),
/// without calling a DidShow after its WillShow a duplicate: recipes that
/// act on Did notifications are entitled to act then.
struct DuplicateDetector {
    /// Where in the trace the last notification of each name is (-1: none),
    /// by name: indices, not copies of the notifications, since this runs on
    /// every step of every fuzz run.
    private var lastByName: (Int, Int, Int, Int, Int, Int) = (-1, -1, -1, -1, -1, -1)
    /// Where the last notification said the keyboard ends: its end frame, or
    /// the legacy bounds and end center.
    private struct EndPosition: Equatable {
        var frame: KBRect?
        var bounds: KBSize?
        var center: KBPoint?
        /// Where a hide says the keyboard ends (a value no payload has).
        static let gone = EndPosition(frame: .null, bounds: nil, center: nil)
    }

    private var lastEnd: EndPosition?

    /// Records the event at `i` of `events` and says whether it duplicates
    /// an earlier one.
    mutating func isDuplicate(at i: Int, in events: [TraceLine]) -> Bool {
        guard case .keyboard(let n) = events[i].event else {
            forget()
            lastEnd = nil
            return false
        }
        // A hide's end is "gone", whatever it reports: an iPhone OS 3
        // WillHide between two DidShows (a focus change) reports the
        // keyboard where it stays, yet breaks the repetition.
        let end = n.name.isHide ? EndPosition.gone : EndPosition(frame: n.frameEnd, bounds: n.bounds, center: n.centerEnd)
        if let last = lastEnd, last != end {
            forget()
        }
        lastEnd = end
        let previous: Int
        switch n.name {
        case .willShow: (previous, lastByName.0) = (lastByName.0, i)
        case .didShow: (previous, lastByName.1) = (lastByName.1, i)
        case .willHide: (previous, lastByName.2) = (lastByName.2, i)
        case .didHide: (previous, lastByName.3) = (lastByName.3, i)
        case .willChangeFrame: (previous, lastByName.4) = (lastByName.4, i)
        case .didChangeFrame: (previous, lastByName.5) = (lastByName.5, i)
        }
        return previous >= 0 && events[previous].event == events[i].event
    }

    private mutating func forget() {
        lastByName = (-1, -1, -1, -1, -1, -1)
    }
}
