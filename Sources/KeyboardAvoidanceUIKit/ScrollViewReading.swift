import KeyboardAvoidance
import KeyboardAvoidanceFoundation
import KeyboardGeometry

/// What the adapter reads off a live scroll view, as plain numbers, and the
/// ``LayoutSnapshot`` it makes: every coordinate conversion the recipes get
/// wrong happens in UIKit (`convert(_:to:)`), and what is left is checked
/// here on every platform.
struct ScrollViewReading: Hashable, Sendable {
    /// `window.screen.bounds`: the screen in the interface-oriented space.
    var screenBounds: KBRect
    /// `windowScene.interfaceOrientation.rawValue`.
    var interfaceOrientation: Int
    /// The window's frame in the screen's coordinate space
    /// (`window.convert(window.bounds, to: screen.coordinateSpace)`).
    var windowFrameInScreen: KBRect
    /// The scroll view's frame in the window
    /// (`superview.convert(frame, to: window)`; not its bounds, whose
    /// origin is the content offset).
    var frameInWindow: KBRect
    var safeAreaInsets: KBEdgeInsets
    /// `contentInset` as it is now, ours included when applied.
    var contentInset: KBEdgeInsets
    /// `verticalScrollIndicatorInsets` as they are now, ours included when
    /// applied.
    var indicatorInsets: KBEdgeInsets
    /// `adjustedContentInset` as UIKit reports it now.
    var adjustedContentInset: KBEdgeInsets
    /// `contentInsetAdjustmentBehavior.rawValue`.
    var insetAdjustmentBehavior: Int
    var alwaysBounceVertical: Bool
    var alwaysBounceHorizontal: Bool
    var contentSize: KBSize
    var contentOffset: KBPoint
    /// A chat screen's composer as read off its view (its height, and the
    /// window's bottom safe-area inset for one that rests on it); nil on a
    /// screen of fields.
    var composer: Composer?

    init(
        screenBounds: KBRect, interfaceOrientation: Int, windowFrameInScreen: KBRect, frameInWindow: KBRect, safeAreaInsets: KBEdgeInsets,
        contentInset: KBEdgeInsets, indicatorInsets: KBEdgeInsets = .zero, adjustedContentInset: KBEdgeInsets, insetAdjustmentBehavior: Int,
        alwaysBounceVertical: Bool, alwaysBounceHorizontal: Bool, contentSize: KBSize, contentOffset: KBPoint,
        composer: Composer? = nil
    ) {
        self.screenBounds = screenBounds
        self.interfaceOrientation = interfaceOrientation
        self.windowFrameInScreen = windowFrameInScreen
        self.frameInWindow = frameInWindow
        self.safeAreaInsets = safeAreaInsets
        self.contentInset = contentInset
        self.indicatorInsets = indicatorInsets
        self.adjustedContentInset = adjustedContentInset
        self.insetAdjustmentBehavior = insetAdjustmentBehavior
        self.alwaysBounceVertical = alwaysBounceVertical
        self.alwaysBounceHorizontal = alwaysBounceHorizontal
        self.contentSize = contentSize
        self.contentOffset = contentOffset
        self.composer = composer
    }

    /// Whether UIKit adds the safe area's top or bottom now: what
    /// `adjustedContentInset` holds beyond `contentInset`, within half a
    /// point.
    var systemAddsVerticalSafeArea: Bool {
        let top = adjustedContentInset.top - contentInset.top, bottom = adjustedContentInset.bottom - contentInset.bottom
        return (safeAreaInsets.top > 0 && abs(top - safeAreaInsets.top) < 0.5)
            || (safeAreaInsets.bottom > 0 && abs(bottom - safeAreaInsets.bottom) < 0.5)
    }

    /// The snapshot the engine takes: the screen's size, the orientation,
    /// the window in the screen, the frame in the window, the safe area, the
    /// app's own inset `ownContentInset` (never ours, which is what the
    /// reading holds while ours is applied), the behaviour as UIKit applies
    /// it, the content size and offset, and the composer of a chat screen.
    func snapshot(ownContentInset: KBEdgeInsets) -> LayoutSnapshot {
        LayoutSnapshot(
            screen: screenBounds.size, orientation: InterfaceOrientation(uiKitRawValue: interfaceOrientation, screen: screenBounds.size),
            window: windowFrameInScreen,
            scrollView: ScrollViewState(
                frame: frameInWindow, safeArea: safeAreaInsets, contentInset: ownContentInset,
                insetAdjustment: UIKitValues.insetAdjustment(
                    rawValue: insetAdjustmentBehavior, systemAddsVerticalSafeArea: systemAddsVerticalSafeArea),
                alwaysBounceVertical: alwaysBounceVertical, alwaysBounceHorizontal: alwaysBounceHorizontal,
                contentSize: contentSize, contentOffset: contentOffset
            ),
            composer: composer
        )
    }
}
