import KeyboardAvoidance
import KeyboardGeometry
import KeyboardOracle
import KeyboardTrace
import KeyboardWorld

/// SwiftUI's own keyboard avoidance (iOS 14 and later): a `ScrollView` of
/// text fields in a hosting view, with nothing added by the app. Modelled
/// from SwiftUI's documentation where it speaks ([swiftui-docs] in
/// docs/sources.md) and from public reports where it does not; each
/// undocumented choice has a flag for the other reading
/// (``UnsettledRule``).
///
/// - **The keyboard's region** (`SafeAreaRegions.keyboard`, documented: "the
///   safe area matching the current extent of any software keyboard
///   displayed over the view content"): the keyboard's intersection with
///   the hosting view, which fills the window, counted from the view's
///   bottom. Reported ([swiftui-undocked]): an undocked, split or floating
///   keyboard is not tracked, and the region stays what the docked
///   keyboard made it; `--swiftui-follows-undocked` reads the documentation's
///   words instead (any keyboard over the view).
/// - **The safe area's bottom** is the higher of the container's (the home
///   indicator's strip) and the keyboard's region. Layout avoids it (no
///   `ignoresSafeArea(.keyboard)`): the scroll view's bottom keeps its
///   distance from that edge, or, where it reached below the container's
///   safe area, stops at the keyboard (``BottomPin``).
/// - **Frame or inset** (not documented): the scroll view receives the
///   region as a smaller frame (its bottom moved up, its insets the app's);
///   `--swiftui-inset` reads it as a content inset: the bottom adjusted
///   inset becomes the highest of the app's own and the region's overlap
///   with the scroll view (the keyboard covers bars and safe area alike),
///   the frame and whatever lies below it kept.
/// - **Scrolling** (reported, [swiftui-textfield]): once the layout has
///   moved, a focused one-line `TextField` (a `UITextField`, ``FieldKind``)
///   is scrolled into view (`scrollRectToVisible`); a multi-line
///   `TextField(axis: .vertical)` or a `TextEditor` (a `UITextView`) is not.
/// - Every change goes with the keyboard's animation after a Will
///   notification, at once otherwise; nothing moves off screen.
///
/// Not modelled (the world has no such views): a field in a `List`, which
/// can stay hidden; hosting controllers in cells displaced on iOS 14.0–14.1;
/// iOS 17 medium-detent sheets turned full screen; `scrollDismissesKeyboard`
/// and `ToolbarItemPlacement.keyboard` (docs/shootout.md).
///
/// Scope: iOS 14 and later, iPhone and iPad. Promise: the field visible.
public struct SwiftUIStrategy: AvoidanceStrategy {
    public static let name = "swiftUI"
    public static let summary =
        "SwiftUI's own avoidance: the keyboard shrinks the hosting view's safe area, a one-line TextField is scrolled into view"
    public static let scope = StrategyScope(profiles: [.ios13, .ipados], minimumSystemVersion: 14)
    /// The keyboard's region SwiftUI holds: its height above the hosting
    /// view's bottom.
    private var region = 0.0

    public init(world: SimulatedWorld) {}

    public mutating func handle(_ event: TraceEvent, world: SimulatedWorld, scrollView: inout ScrollViewModel) -> StepOutcome {
        guard world.isVisible else { return .ignored(.notObserved) }
        region = Self.region(in: world, holding: region)
        let own = world.ownScrollView.frame
        let view = world.window.size
        let containerBottom = view.height - world.rootViewSafeArea().bottom
        let resting = own.maxY <= containerBottom ? containerBottom : view.height
        guard let pin = BottomPin(own: own, restingAnchor: resting) else { return .ignored(.notObserved) }
        let laidOut = pin.frame(own: own, anchor: Swift.min(resting, view.height - region))
        let before = scrollView
        if world.readings.swiftUIKeyboardRegionIsAnInset {
            // The frame stays, and so does whatever lies below it: the
            // region's overlap with the scroll view itself joins the safe
            // area and the app's own bottom bars as the highest of them.
            let covered = Swift.max(0, own.maxY - (view.height - region))
            let safe = SafeAreaAdjustment.contribution(to: world.ownScrollView).bottom
            var inset = world.ownScrollView.contentInset
            inset.bottom = Swift.max(inset.bottom + safe, covered) - safe
            scrollView.contentInset = inset
            scrollView.indicatorInsets = inset
        } else {
            world.resize(&scrollView, to: laidOut)
        }
        if scrollView != before, let f = world.focused, world.fields.indices.contains(f), FieldKind(frame: world.fields[f]) == .textField {
            scrollView.scrollRectToVisible(world.fields[f])
        }
        if scrollView == before { return .ignored(.unchanged) }
        var animation: StrategyAnimation?
        if case .keyboard(let n) = event, n.name.isWill { animation = .keyboard(n) }
        return StepOutcome(action: scrollView.isRestored(to: world) ? .restore : .apply, animation: animation)
    }

    /// The keyboard's region in `world`, SwiftUI holding `held` before: the
    /// docked keyboard's intersection with the hosting view, as a height
    /// above its bottom; 0 with no keyboard; `held` for an undocked, split
    /// or floating one, unless the reading follows those too.
    static func region(in world: SimulatedWorld, holding held: Double) -> Double {
        guard let keyboard = world.keyboard, let inWindow = world.keyboardInWindow else { return 0 }
        guard KeyboardPlacement.reachesBottomEdge(keyboard, screen: world.screen) || world.readings.swiftUIFollowsUndockedKeyboards else {
            return held
        }
        let view = KBRect(origin: .zero, size: world.window.size)
        let covered = inWindow.intersection(view)
        return covered.isNull || covered.isEmpty ? 0 : view.height - covered.minY
    }
}
