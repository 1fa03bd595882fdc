import KeyboardAvoidance
import KeyboardGeometry
import KeyboardTrace

/// Decides which keyboard notifications are duplicates, for invariant I6.
///
/// A notification is a duplicate when it equals (name and payload) the last
/// notification of the same name, and since then only notifications with
/// the same end frame have arrived, and no app-side event. This covers the
/// plain repeat (WillShow twice) and the repeated pair (WillShow, DidShow,
/// WillShow, DidShow, as iPad iOS 8.3 was reported to send on rotation),
/// without calling a DidShow after its WillShow a duplicate: recipes that
/// act on Did notifications are entitled to act then.
struct DuplicateDetector {
    private var lastByName: [KeyboardNotification.Name: KeyboardNotification] = [:]
    private var lastEnd: Rect??

    /// Records `event` and says whether it duplicates an earlier one.
    mutating func isDuplicate(_ event: TraceEvent) -> Bool {
        guard case .keyboard(let n) = event else {
            lastByName.removeAll()
            lastEnd = nil
            return false
        }
        if let end = lastEnd, end != n.frameEnd {
            lastByName.removeAll()
        }
        lastEnd = .some(n.frameEnd)
        defer { lastByName[n.name] = n }
        return lastByName[n.name] == n
    }
}
