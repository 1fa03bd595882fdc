import KeyboardAvoidance
import KeyboardGeometry
import KeyboardTrace

/// Decides which keyboard notifications are duplicates, for invariant I6.
///
/// A notification is a duplicate when it equals (name and payload) the last
/// notification of the same name, and since then only notifications with
/// the same end position (end frame, or legacy bounds and end center) have
/// arrived, and no app-side event. This covers the
/// plain repeat (WillShow twice) and the repeated pair (WillShow, DidShow,
/// WillShow, DidShow, as iPad iOS 8.3 was reported to send on rotation),
/// without calling a DidShow after its WillShow a duplicate: recipes that
/// act on Did notifications are entitled to act then.
struct DuplicateDetector {
    private var lastByName: [KeyboardNotification.Name: KeyboardNotification] = [:]
    /// Where the last notification said the keyboard ends: its end frame, or
    /// the legacy bounds and end center.
    private struct EndPosition: Equatable {
        var frame: Rect?
        var bounds: Size?
        var center: Point?
    }

    private var lastEnd: EndPosition?

    /// Records `event` and says whether it duplicates an earlier one.
    mutating func isDuplicate(_ event: TraceEvent) -> Bool {
        guard case .keyboard(let n) = event else {
            lastByName.removeAll()
            lastEnd = nil
            return false
        }
        let end = EndPosition(frame: n.frameEnd, bounds: n.bounds, center: n.centerEnd)
        if let last = lastEnd, last != end {
            lastByName.removeAll()
        }
        lastEnd = end
        defer { lastByName[n.name] = n }
        return lastByName[n.name] == n
    }
}
