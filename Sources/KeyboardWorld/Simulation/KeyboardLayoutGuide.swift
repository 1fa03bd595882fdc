import KeyboardAvoidance
import KeyboardGeometry

/// UIKit's `UIKeyboardLayoutGuide` (iOS 15 and later): the part of its view
/// the keyboard takes, as Auto Layout sees it. Every rule here is
/// documented ([kbguide-header], [kbguide-docs], [kbguide-article] and
/// [wwdc21-10259] in docs/sources.md); where the sources stop, the rule
/// says so.
///
/// Rules (``frame(keyboard:view:safeAreaBottom:systemVersion:)``), in the
/// view's coordinates:
/// - **Off screen** (no keyboard, or none over the view): the guide's top is
///   the safe area's bottom, its height the bottom safe area, its width the
///   view's. From iOS 17, with ``usesBottomSafeArea`` off, its top is the
///   view's bottom (height 0).
/// - **Docked** (on screen and reaching the screen's bottom edge,
///   ``KeyboardPlacement/reachesBottomEdge(_:screen:)``): the guide is the
///   part of its view the keyboard covers: the keyboard's intersection with
///   the view, so in a Slide Over, Split View or Stage Manager window the
///   intersection with that window. The iPad's shortcuts bar over a
///   hardware keyboard is docked too, and the guide follows it.
/// - **Undocked, split or floating** (on screen, clear of the bottom edge):
///   with ``followsUndockedKeyboard`` off (the default), as off screen; on,
///   the guide follows the keyboard: its intersection with the view.
/// - ``keyboardDismissPadding`` (iOS 17) widens where an interactive
///   dismissal starts; negative values count as 0. The world has no
///   gesture geometry, so it moves nothing here.
///
/// Properties (KeyboardLayoutGuideTests): the guide always lies within its
/// view; at rest it is the same whatever the keyboard did before; a docked
/// keyboard's guide top is the keyboard's top wherever the keyboard covers
/// the view; with ``followsUndockedKeyboard`` off an undocked keyboard
/// gives the resting guide exactly.
public struct KeyboardLayoutGuide: Hashable, Sendable {
    /// Follow undocked, split and floating keyboards too (default off).
    public var followsUndockedKeyboard: Bool
    /// At rest, tie the guide to the safe area's bottom (default on); off
    /// (iOS 17 and later), to the view's bottom.
    public var usesBottomSafeArea: Bool
    /// Padding above the keyboard for an interactive dismissal, at least 0.
    public var keyboardDismissPadding: Double {
        get { padding }
        set { padding = newValue.isNaN ? 0 : Swift.max(0, newValue) }
    }
    private var padding: Double

    public init(followsUndockedKeyboard: Bool = false, usesBottomSafeArea: Bool = true, keyboardDismissPadding: Double = 0) {
        self.followsUndockedKeyboard = followsUndockedKeyboard
        self.usesBottomSafeArea = usesBottomSafeArea
        self.padding = 0
        self.keyboardDismissPadding = keyboardDismissPadding
    }

    /// Where the guide stands relative to its view's edges, for constraints
    /// that switch near an edge (`UITrackingLayoutGuide`).
    public enum Edge: Hashable, Sendable {
        case top, bottom
    }

    /// The guide's top at rest, in its view (`view` its size, `safeAreaBottom`
    /// its bottom safe area, `systemVersion` the iOS it runs on):
    /// ``usesBottomSafeArea`` takes effect from iOS 17 only.
    public func restingTop(view: KBSize, safeAreaBottom: Double, systemVersion: Int) -> Double {
        let usesSafeArea = usesBottomSafeArea || systemVersion < 17
        return view.height - (usesSafeArea ? Swift.min(Swift.max(0, safeAreaBottom), view.height) : 0)
    }

    /// The guide's frame in its view. `keyboard` is the keyboard in the
    /// view's coordinates (nil when hidden) and `docked` whether it reaches
    /// the screen's bottom edge; `view` the view's size.
    public func frame(keyboard: KBRect?, docked: Bool, view: KBSize, safeAreaBottom: Double, systemVersion: Int) -> KBRect {
        let bounds = KBRect(origin: .zero, size: view)
        if let keyboard, docked || followsUndockedKeyboard {
            let covered = keyboard.intersection(bounds)
            if !covered.isNull, !covered.isEmpty { return covered }
        }
        let top = restingTop(view: view, safeAreaBottom: safeAreaBottom, systemVersion: systemVersion)
        return KBRect(x: 0, y: top, width: view.width, height: view.height - top)
    }

    /// The edge a guide frame `guide` is near in a view of `view` size, on
    /// the vertical axis, or nil for neither: the bottom for a guide at the
    /// view's bottom (a docked keyboard, or none), otherwise whichever edge
    /// it is closer to, the bottom on a tie. The header says a full-width
    /// undocked keyboard "can be near the top or the bottom" and a floating
    /// one near any one or two adjacent edges, without a distance:
    /// closer-to is this model's reading (an estimate); `touchingOnly`, the
    /// other (``WorldReadings/layoutGuideNearOnlyWhenTouching``), counts
    /// only an edge the guide touches.
    public static func nearVerticalEdge(_ guide: KBRect, view: KBSize, touchingOnly: Bool = false) -> Edge? {
        if KeyboardPlacement.reachesBottomEdge(guide, screen: view) { return .bottom }
        if touchingOnly { return guide.minY <= KeyboardPlacement.bottomEdgeTolerance ? .top : nil }
        let above = guide.minY, below = view.height - guide.maxY
        return above < below ? .top : .bottom
    }
}
