import KeyboardAvoidance
import KeyboardGeometry

/// What the adapter reads off a live scroll view, as plain numbers, and the
/// ``LayoutSnapshot`` it makes: every coordinate conversion the recipes get
/// wrong happens in UIKit (`convert(_:to:)`), and what is left is checked
/// here on every platform.
public struct ScrollViewReading: Hashable, Sendable {
    /// `window.screen.bounds`: the screen in the interface-oriented space.
    public var screenBounds: KBRect
    /// `windowScene.interfaceOrientation.rawValue`.
    public var interfaceOrientation: Int
    /// The window's frame in the screen's coordinate space
    /// (`window.convert(window.bounds, to: screen.coordinateSpace)`).
    public var windowFrameInScreen: KBRect
    /// The scroll view's frame in the window
    /// (`superview.convert(frame, to: window)`; not its bounds, whose
    /// origin is the content offset).
    public var frameInWindow: KBRect
    public var safeAreaInsets: KBEdgeInsets
    /// `contentInset` as it is now, ours included when applied.
    public var contentInset: KBEdgeInsets
    /// `adjustedContentInset` as UIKit reports it now.
    public var adjustedContentInset: KBEdgeInsets
    /// The app's own content inset (see ``OwnInsetBook``).
    public var ownContentInset: KBEdgeInsets
    /// `contentInsetAdjustmentBehavior.rawValue`.
    public var insetAdjustmentBehavior: Int
    public var alwaysBounceVertical: Bool
    public var alwaysBounceHorizontal: Bool
    public var contentSize: KBSize
    public var contentOffset: KBPoint

    public init(
        screenBounds: KBRect, interfaceOrientation: Int, windowFrameInScreen: KBRect, frameInWindow: KBRect, safeAreaInsets: KBEdgeInsets,
        contentInset: KBEdgeInsets, adjustedContentInset: KBEdgeInsets, ownContentInset: KBEdgeInsets, insetAdjustmentBehavior: Int,
        alwaysBounceVertical: Bool, alwaysBounceHorizontal: Bool, contentSize: KBSize, contentOffset: KBPoint
    ) {
        self.screenBounds = screenBounds
        self.interfaceOrientation = interfaceOrientation
        self.windowFrameInScreen = windowFrameInScreen
        self.frameInWindow = frameInWindow
        self.safeAreaInsets = safeAreaInsets
        self.contentInset = contentInset
        self.adjustedContentInset = adjustedContentInset
        self.ownContentInset = ownContentInset
        self.insetAdjustmentBehavior = insetAdjustmentBehavior
        self.alwaysBounceVertical = alwaysBounceVertical
        self.alwaysBounceHorizontal = alwaysBounceHorizontal
        self.contentSize = contentSize
        self.contentOffset = contentOffset
    }

    /// Whether UIKit adds the safe area's top or bottom now: what
    /// `adjustedContentInset` holds beyond `contentInset`, within half a
    /// point.
    public var systemAddsVerticalSafeArea: Bool {
        let top = adjustedContentInset.top - contentInset.top, bottom = adjustedContentInset.bottom - contentInset.bottom
        return (safeAreaInsets.top > 0 && abs(top - safeAreaInsets.top) < 0.5) || (safeAreaInsets.bottom > 0 && abs(bottom - safeAreaInsets.bottom) < 0.5)
    }

    /// The snapshot the engine takes: the screen's size, the orientation,
    /// the window in the screen, the frame in the window, the safe area, the
    /// app's own inset (never ours), the behaviour as UIKit applies it, the
    /// content size and offset.
    public var snapshot: LayoutSnapshot {
        LayoutSnapshot(
            screen: screenBounds.size, orientation: UIKitValues.orientation(rawValue: interfaceOrientation, screen: screenBounds.size),
            window: windowFrameInScreen, scrollViewFrame: frameInWindow, safeArea: safeAreaInsets, contentInset: ownContentInset,
            insetAdjustment: UIKitValues.insetAdjustment(rawValue: insetAdjustmentBehavior, systemAddsVerticalSafeArea: systemAddsVerticalSafeArea),
            contentSize: contentSize, contentOffset: contentOffset, alwaysBounceVertical: alwaysBounceVertical,
            alwaysBounceHorizontal: alwaysBounceHorizontal
        )
    }
}
