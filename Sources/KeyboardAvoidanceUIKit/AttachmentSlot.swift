/// The rules of the one place a scroll view keeps the controller attached
/// to it (on Apple platforms, an associated object of the scroll view, so
/// the controller lives exactly as long as the view unless detached).
///
/// - Attaching reuses the controller the slot holds while it is attached;
///   a detached one is replaced.
/// - Only the controller a slot holds may empty it: a stale controller
///   detaching again must not release a newer one.
enum AttachmentSlot {
    /// What attaching does with the slot's current `holder`.
    enum Claim: Hashable, Sendable {
        /// Return the holder: it is attached.
        case reuse
        /// Make a new controller and put it in the slot.
        case replace
    }

    /// Attaching finds `holder` in the slot, attached or not.
    static func claim(holderIsAttached: Bool?) -> Claim {
        holderIsAttached == true ? .reuse : .replace
    }

    /// Whether `controller`, detaching, empties a slot that holds `holder`.
    static func releases(_ holder: AnyObject?, by controller: AnyObject) -> Bool {
        holder === controller
    }
}

/// Why attaching avoidance to a scroll view did nothing.
public enum AttachmentDeclined: Hashable, Sendable, CustomStringConvertible {
    /// The scroll view is a `UITableViewController`'s table view, which
    /// moves its content out of the keyboard's way itself: two adjustments
    /// would add up.
    case tableViewControllerAvoidsKeyboard

    public var description: String {
        switch self {
        case .tableViewControllerAvoidsKeyboard:
            "a UITableViewController's table view: the controller avoids the keyboard itself"
        }
    }
}
