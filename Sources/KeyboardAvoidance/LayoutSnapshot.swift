import KeyboardGeometry

/// The layout around the scroll view at the moment an event arrives.
///
/// Spaces: ``screen`` and ``window`` are in the interface-oriented screen
/// space; the scroll view's frame is in the window's space; its content
/// offset and content size are in its content space.
///
/// The scroll view's `contentInset` is the *app's own* inset, the one it
/// wants with no keyboard; the avoider never reads back the inset it set
/// itself, which is what makes every adjustment absolute.
public struct LayoutSnapshot: Hashable, Sendable {
    /// The screen's size in the oriented space.
    public var screen: KBSize
    /// The interface orientation.
    public var orientation: InterfaceOrientation
    /// The app window's frame in the screen (offset in Slide Over, Split View,
    /// Stage Manager and for form sheets).
    public var window: KBRect
    /// The scroll view, with the app's own content inset.
    public var scrollView: ScrollViewState
    /// A chat screen's composer, pinned above the keyboard outside the
    /// scroll view: the scroll view is then a transcript
    /// (docs/contract.md, "Chat screens"). Nil: a screen whose fields lie
    /// inside the scroll view.
    public var composer: Composer?

    /// A snapshot; `window` defaults to the whole screen.
    public init(
        screen: KBSize, orientation: InterfaceOrientation = .portrait, window: KBRect? = nil, scrollView: ScrollViewState,
        composer: Composer? = nil
    ) {
        self.screen = screen
        self.orientation = orientation
        self.window = window ?? KBRect(origin: .zero, size: screen)
        self.scrollView = scrollView
        self.composer = composer
    }
}

extension LayoutSnapshot {
    /// The app's own `adjustedContentInset`.
    @inlinable @inline(__always)
    public var ownAdjustedInset: KBEdgeInsets { scrollView.adjustedContentInset }

    /// The scroll view's frame in the oriented screen space.
    @inlinable @inline(__always)
    public var scrollViewFrameInScreen: KBRect {
        ViewPlacement(frame: window).rectInParent(scrollView.frame)
    }
}
