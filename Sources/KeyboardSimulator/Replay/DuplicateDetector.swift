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
    /// The last notification of each name, indexed by the name's position
    /// in `Name.allCases` (a fixed array, not a dictionary: this runs on
    /// every step of every fuzz run).
    private var lastByName: [KeyboardNotification?] = Array(repeating: nil, count: KeyboardNotification.Name.allCases.count)
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
            forget()
            lastEnd = nil
            return false
        }
        let end = EndPosition(frame: n.frameEnd, bounds: n.bounds, center: n.centerEnd)
        if let last = lastEnd, last != end {
            forget()
        }
        lastEnd = end
        let slot = Self.slot(n.name)
        defer { lastByName[slot] = n }
        return lastByName[slot] == n
    }

    private mutating func forget() {
        for i in lastByName.indices { lastByName[i] = nil }
    }

    private static func slot(_ name: KeyboardNotification.Name) -> Int {
        switch name {
        case .willShow: 0
        case .didShow: 1
        case .willHide: 2
        case .didHide: 3
        case .willChangeFrame: 4
        case .didChangeFrame: 5
        }
    }
}
