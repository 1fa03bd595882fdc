import KeyboardGeometry

/// What a Will notification said the keyboard would do, in the payload's own
/// terms: its end keys as sent (the end frame, or iPhone OS 3's bounds and
/// end centre), or a hide.
///
/// As sent, before any conversion, so that a late Did notification is
/// recognised after a rotation even when its frames are in the fixed
/// portrait space of iOS ≤ 7, or are legacy keys whose rect depends on the
/// orientation at hand.
enum Announcement: Hashable, Sendable {
    case none
    case hide
    case frame(KBRect)
    case legacy(bounds: KBSize, center: KBPoint)

    /// The end keys of a notification that carries a frame, as sent.
    init(endKeysOf n: KeyboardNotification) {
        if let end = n.frameEnd {
            self = .frame(end)
        } else if let bounds = n.bounds, let center = n.centerEnd {
            self = .legacy(bounds: bounds, center: center)
        } else {
            self = .none
        }
    }

    /// True for an announcement of a keyboard frame (not a hide, not none).
    var isFrame: Bool {
        switch self {
        case .frame, .legacy: true
        case .none, .hide: false
        }
    }
}

/// The announcements that newer ones overtook, newest first, at most
/// ``capacity`` of them, in fixed storage (remembering allocates nothing).
///
/// A Did notification ends the animation its Will started. When a newer Will
/// overtakes that animation (a rotation, a quick refocus), UIKit still
/// delivers the older Did, late, with the older frames: the Did repeats an
/// overtaken announcement. A rotation during a show overtakes three: the
/// show, the rotation's hide frame and its hide, before the new orientation's
/// show; four gives one to spare.
///
/// Properties: an announcement is never both the newest and remembered
/// here; remembering the same announcement twice keeps one copy, at the
/// front.
struct OvertakenAnnouncements: Hashable, Sendable {
    static let capacity = 4
    private var a0: Announcement = .none
    private var a1: Announcement = .none
    private var a2: Announcement = .none
    private var a3: Announcement = .none

    /// True when `a` (not ``Announcement/none``) is remembered.
    @inline(__always)
    func contains(_ a: Announcement) -> Bool {
        a != .none && (a == a0 || a == a1 || a == a2 || a == a3)
    }

    /// Forgets `a` (it was announced again, and is the newest once more).
    /// Each announcement is held at most once, so the first match is the
    /// only one.
    mutating func remove(_ a: Announcement) {
        if a0 == a {
            (a0, a1, a2, a3) = (a1, a2, a3, .none)
        } else if a1 == a {
            (a1, a2, a3) = (a2, a3, .none)
        } else if a2 == a {
            (a2, a3) = (a3, .none)
        } else if a3 == a {
            a3 = .none
        }
    }

    /// Remembers `a` as the most recently overtaken; the oldest beyond
    /// ``capacity`` is forgotten.
    mutating func remember(_ a: Announcement) {
        guard a != .none else { return }
        remove(a)
        (a0, a1, a2, a3) = (a, a0, a1, a2)
    }
}
