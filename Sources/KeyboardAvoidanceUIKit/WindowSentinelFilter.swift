/// What the callbacks of the adapter's window sentinel (a hidden subview of
/// the scroll view, whose `willMove(toWindow:)` and `didMoveToWindow` say
/// when the scroll view enters or leaves a window) mean for the scroll view.
///
/// The sentinel is an ordinary subview, so app code that removes every
/// subview removes it too; its own removal also moves it out of the window.
/// Window callbacks that come from the sentinel leaving the scroll view are
/// therefore not the scroll view's, and the sentinel's leaving is reported
/// instead, so that it can be put back. When it arrives (at attach, or put
/// back), its window callbacks only confirm where the scroll view is: they
/// are no layout change.
struct WindowSentinelFilter: Hashable, Sendable {
    /// True from the moment the sentinel is about to leave the scroll view
    /// until it has left.
    private var leaving = false
    /// True from the moment the sentinel is about to arrive in the scroll
    /// view until it has arrived.
    private var arriving = false
    /// Whether the sentinel is in the scroll view.
    private var inScrollView = false

    init() {}

    /// What a callback meant.
    enum Meaning: Hashable, Sendable {
        case nothing
        /// The scroll view is about to move into a window, or out of all.
        case windowWillChange(toWindow: Bool)
        /// The scroll view has moved into a window, or out of all.
        case windowDidChange(inWindow: Bool)
        /// The sentinel arrived in the scroll view, which is in a window or
        /// in none: a change only if it differs from what was last reported.
        case windowConfirmed(inWindow: Bool)
        /// The sentinel has left the scroll view.
        case sentinelLeft
    }

    /// `willMove(toSuperview:)`: whether the new superview is the scroll view.
    mutating func willMove(toScrollView: Bool) -> Meaning {
        leaving = inScrollView && !toScrollView
        arriving = !inScrollView && toScrollView
        return .nothing
    }

    /// `willMove(toWindow:)`.
    func willMove(toWindow hasWindow: Bool) -> Meaning {
        leaving || arriving ? .nothing : .windowWillChange(toWindow: hasWindow)
    }

    /// `didMoveToWindow`.
    func didMoveToWindow(hasWindow: Bool) -> Meaning {
        leaving || arriving ? .nothing : .windowDidChange(inWindow: hasWindow)
    }

    /// `didMoveToSuperview`: whether the superview now is the scroll view.
    /// An arrival confirms where the scroll view is even when UIKit sent no
    /// window callback (the scroll view in no window, or the window
    /// unchanged).
    mutating func didMove(inScrollView now: Bool, hasWindow: Bool) -> Meaning {
        let arrived = arriving && now
        leaving = false
        arriving = false
        inScrollView = now
        if arrived { return .windowConfirmed(inWindow: hasWindow) }
        return now ? .nothing : .sentinelLeft
    }
}
