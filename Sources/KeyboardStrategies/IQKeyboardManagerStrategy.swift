import KeyboardAvoidance
import KeyboardGeometry
import KeyboardOracle
import KeyboardTrace
import KeyboardWorld

/// A model of IQKeyboardManager 8 (IQKeyboardManagerSwift 8.0.2 with its
/// IQKeyboardNotification and IQTextInputViewNotification packages), written
/// in our own words from its source ([iq-source] in docs/sources.md, which
/// names the file of each rule below). The most used keyboard library: it
/// scrolls the field's scroll view, adds a bottom inset, and shifts the root
/// view controller's view.
///
/// Reading notifications (IQKeyboardInfo): all six are observed. The end
/// frame is missing → a zero-height strip below the screen; narrower than
/// the screen and ending above its bottom (a floating keyboard) → height 0;
/// otherwise its height becomes `screen height − minY` (an undocked or split
/// keyboard counts down to the screen's bottom). On iOS 26 only, a hide's
/// end frame is pushed below its own bottom with height 0 (IQ's iOS 26
/// rule, compiled with Xcode 26 and taken only `if #available(iOS 26.0,
/// *)`); before iOS 26 a WillHide that carries an on-screen frame (an
/// iPad's undock or split) reads as a visible keyboard of that height. A
/// trace that does not say its system version is taken as iOS 26 for this
/// rule (the newest system the profile covers, on which a current build of
/// IQ runs it). The keyboard is visible when that height is above 0. Duration 0 or missing
/// → 0.25 s; curve missing → ease-out; any other curve number is kept. A
/// notification whose name and end frame equal the last one's is dropped;
/// one whose height equals the previous one's does nothing.
///
/// Events (IQActiveConfiguration): a field beginning to edit, or a height
/// change while a field edits, sets up the *root configuration* (the root
/// view's origin, safe area and interface orientation at that moment) when
/// there is none or the orientation changed (for a keyboard change: only
/// between portrait and landscape); then, with the view in a window, a
/// visible keyboard sends "show" (after a hide) or "change", and an invisible
/// one after a show sends "hide" (if the orientation is the configuration's;
/// otherwise only the root view is put back). A height change to 0 drops the
/// root configuration. Ending editing forgets the field.
///
/// Show and change (`adjustPosition`, IQKeyboardManager+Position):
/// - keyboard size: the end frame (screen space) raised by the distance
///   (10 pt) and by the root view's starting bottom safe area, intersected
///   with `window.frame`, which UIKit gives at (0, 0) whatever the window's
///   place on the screen: so where the window is offset (Slide Over, Split
///   View, Stage Manager) the keyboard is cut to the wrong rect, as IQ cuts
///   it;
/// - top guide: the root view's top layout margin, or, if lower, the
///   navigation bar's bottom inside a navigation controller and the status
///   bar's otherwise. The world does not say whether the bars above or over
///   the content are a navigation controller's: the default reading takes
///   them as one; the other (``WorldReadings/topBarsAreANavigationControllers`` false,
///   `kbbench shootout --iq-own-top-bars`) takes them as the app's own
///   views, which IQ's guide does not see; bottom guide: the root view's
///   bottom layout margin, or 0 for a scrollable text view (a text view,
///   ``FieldKind``: UIKit's text views scroll unless the app says not to);
/// - move = the smaller of (field top − top guide) and (field bottom −
///   (window height − keyboard size) + bottom guide), truncated to whole
///   points;
/// - the scroll view's starting insets and offset are saved once;
/// - the scroll chain: for a positive move larger than
///   `−offset − contentInset.top`, or a field above the top guide, the
///   offset moves by the move, never past the field's top, and the move left
///   over shrinks by what the scroll took; otherwise nothing scrolls and
///   nothing is left over. For a scrollable text view, when that offset is
///   not negative, the offset also never takes the text view's top above
///   the top guide, and nothing is left over (IQ leaves the rest to the
///   text view's own inset);
/// - the bottom inset becomes (keyboard size − the window below the scroll
///   view), floored at the starting bottom inset, minus the scroll view's
///   own bottom safe area (the indicator: the same less the distance and
///   the root's safe area);
/// - the root view moves up by what is left over, never above −(keyboard
///   height), or back down as far as it had moved.
/// Hide (`restorePosition`): the root view back to its starting origin; the
/// starting insets back if the inset changed; the offset pulled back to at
/// most `max(contentHeight, frameHeight) − frameHeight`; the saved state
/// forgotten. Every change animates with the keyboard's duration and curve.
///
/// What the model leaves out, and why: the inset IQ gives a scrollable
/// text view itself when it does not fit above the keyboard
/// (`adjustTextInputViewContentInset`) scrolls the text inside it, which
/// the world does not have and no invariant reads; table and collection
/// views, nested scroll views, toolbars and the interactive pop gesture are
/// absent from the world. The root view fills the window, so its bottom
/// safe area is the screen's unsafe strip wherever the window reaches it,
/// also when the scroll view stops above a gap (the trace's screen names
/// the strip's height); where the scroll view starts below a bar, its top
/// safe area is taken as 0 (``rootSafeArea(_:rootOrigin:)``).
///
/// Scope: iOS 13 and later, iPhone and iPad (its package's minimum).
/// Promise: the field visible with `keyboardDistance` (10 pt) from the
/// keyboard; a tall field is judged as filling the band, the text-field
/// rule being all the model has.
public struct IQKeyboardManagerStrategy: AvoidanceStrategy {
    public static let name = "iqKeyboardManager"
    public static let summary = "IQKeyboardManager 8 (a model of its source): scroll, bottom inset and root view shift"
    public static let scope = StrategyScope(profiles: [.ios13, .ipados])
    /// IQKeyboardInfo gives a floating keyboard height 0 on purpose, and
    /// IQ moves nothing unless one of its text inputs is editing
    /// ([iq-source]).
    public static let documentedChoices: [DocumentedChoice] = [.floatingKeyboardIsHidden, .onlyItsFieldsKeyboardIsHandled]
    /// `keyboardDistance`'s default.
    public static let keyboardDistance = 10.0

    public static func promise(for header: TraceHeader) -> VisibilityPromise {
        VisibilityPromise(distance: keyboardDistance, tallField: .fillsBand)
    }

    /// One notification as IQKeyboardInfo reads it.
    package struct KeyboardInfo: Hashable, Sendable {
        package var name: KeyboardNotification.Name
        package var endFrame: KBRect
        package var duration: Double
        package var curve: Int

        package var isVisible: Bool { endFrame.height > 0 }

        /// IQKeyboardInfo's equality: the event and the end frame.
        func same(as other: KeyboardInfo) -> Bool { name == other.name && endFrame == other.endFrame }

        /// Before any notification: a hidden keyboard.
        init(hiddenOn screen: KBSize) {
            name = .didHide
            endFrame = KBRect(x: 0, y: screen.height, width: screen.width, height: 0)
            duration = 0.25
            curve = 2
        }

        /// `lowersHides`: IQ's iOS 26 rule applies (``lowersHides(on:)``).
        package init(_ n: KeyboardNotification, screen: KBSize, lowersHides: Bool) {
            name = n.name
            var end: KBRect
            if let r = n.frameEnd {
                let floating = r.width < screen.width && r.maxY < screen.height
                end = KBRect(x: r.minX, y: r.minY, width: r.width, height: floating ? 0 : Swift.max(screen.height - r.minY, 0))
            } else {
                end = KBRect(x: 0, y: screen.height, width: screen.width, height: 0)
            }
            if lowersHides, n.name.isHide {
                end.origin.y += end.height
                end.size.height = 0
            }
            endFrame = end
            duration = n.duration.map { $0 != 0 ? $0 : 0.25 } ?? 0.25
            curve = n.curve ?? 2
        }

        var animation: StrategyAnimation { StrategyAnimation(duration: duration, curve: AnimationCurve(rawCurve: curve)) }

        /// Whether IQ's iOS 26 hide rule runs in `world`: on iOS 26 and
        /// later, and where the trace does not say its version.
        package static func lowersHides(on world: SimulatedWorld) -> Bool { (world.systemVersion ?? 26) >= 26 }
    }

    /// IQRootControllerConfiguration: the root view as IQ first saw it.
    struct RootConfiguration: Hashable, Sendable {
        /// The root view's origin (y) in the window.
        var beginOrigin: Double
        var beginSafeBottom: Double
        var beginOrientation: InterfaceOrientation
    }

    /// IQScrollViewConfiguration: the scroll view as IQ first changed it.
    struct ScrollConfiguration: Hashable, Sendable {
        var startingInset: KBEdgeInsets
        var startingIndicatorInsets: KBEdgeInsets
    }

    enum Event: Hashable, Sendable {
        case hide
        case show
        case change
    }

    private var info: KeyboardInfo
    private var lastEvent = Event.hide
    private var root: RootConfiguration?
    private var scrollConfiguration: ScrollConfiguration?
    /// The field editing, as IQTextInputViewNotification reports it.
    private var editing: Int?
    /// Whether the last change made in this step put things back.
    private var restored = false
    /// Whether the world's top bars are a navigation controller's
    /// (``WorldReadings/topBarsAreANavigationControllers``), read when the
    /// model is made.
    private let navigationBars: Bool

    public init(world: SimulatedWorld) {
        info = KeyboardInfo(hiddenOn: world.screen)
        navigationBars = world.readings.topBarsAreANavigationControllers
    }

    public mutating func handle(_ event: TraceEvent, world: SimulatedWorld, scrollView: inout ScrollViewModel) -> StepOutcome {
        let before = scrollView
        restored = false
        var reason = StepOutcome.Reason.notObserved
        switch event {
        case .keyboard(let n):
            let new = KeyboardInfo(n, screen: world.screen, lowersHides: KeyboardInfo.lowersHides(on: world))
            if new.same(as: info) { return .ignored(.unchanged) }
            let previous = info
            info = new
            if previous.endFrame.height == new.endFrame.height { return .ignored(.sameHeight) }
            if editing != nil, info.isVisible {
                if let root {
                    if root.beginOrientation.isLandscape != world.orientation.isLandscape { updateRoot(editing: true, world, &scrollView) }
                } else {
                    updateRoot(editing: true, world, &scrollView)
                }
            }
            sendEvent(world, &scrollView)
            if info.endFrame.height == 0 { updateRoot(editing: false, world, &scrollView) }
            reason = .nothingToMove
        case .focus:
            editing = world.focused
            updateRoot(editing: true, world, &scrollView)
            sendEvent(world, &scrollView)
            reason = .nothingToMove
        case .blur:
            editing = nil
            reason = .endEditing
        case .layout, .appear, .disappear:
            break
        }
        if scrollView == before { return .ignored(reason) }
        return StepOutcome(action: restored ? .restore : .apply, animation: info.animation)
    }

    // MARK: IQActiveConfiguration

    private mutating func updateRoot(editing: Bool, _ world: SimulatedWorld, _ scrollView: inout ScrollViewModel) {
        guard editing, world.focusedField != nil else {
            if let root { restoreRoot(root, world, &scrollView) }
            root = nil
            return
        }
        let origin = Self.rootOrigin(world, scrollView)
        let new = RootConfiguration(
            beginOrigin: origin, beginSafeBottom: Self.rootSafeArea(world, rootOrigin: origin).bottom, beginOrientation: world.orientation
        )
        if let root, root.beginOrientation == new.beginOrientation { return }
        root = new
    }

    private mutating func sendEvent(_ world: SimulatedWorld, _ scrollView: inout ScrollViewModel) {
        guard let root, world.isVisible else { return }
        if info.isVisible {
            lastEvent = lastEvent == .hide ? .show : .change
            adjustPosition(world, &scrollView)
        } else if lastEvent != .hide {
            if root.beginOrientation == world.orientation {
                lastEvent = .hide
                restorePosition(world, &scrollView)
                scrollConfiguration = nil
                self.root = nil
            } else {
                restoreRoot(root, world, &scrollView)
            }
        }
    }

    // MARK: IQKeyboardManager+Position

    private mutating func adjustPosition(_ world: SimulatedWorld, _ scrollView: inout ScrollViewModel) {
        guard editing != nil, let field = world.focusedField, let root else { return }
        let rootOrigin = Self.rootOrigin(world, scrollView)
        let window = world.window
        let fieldInWindow = KBRect(
            x: scrollView.frame.minX + field.frame.minX - scrollView.contentOffset.x,
            y: scrollView.frame.minY + field.frame.minY - scrollView.contentOffset.y,
            width: field.frame.width, height: field.frame.height
        )
        // `window.frame`: its size at the origin ([iq-source], [radar-22670063]).
        let kbSize = Self.keyboardSize(
            info.endFrame, distance: Self.keyboardDistance, safeBottom: root.beginSafeBottom, window: KBRect(origin: .zero, size: window.size))
        let isTextView = FieldKind(frame: field.frame) == .textView
        let guide = Self.layoutGuide(world, rootOrigin: rootOrigin, scrollableTextView: isTextView, navigationBars: navigationBars)
        var moveUp = Swift.min(fieldInWindow.minY - guide.top, fieldInWindow.maxY - (window.height - kbSize.height) + guide.bottom)
        moveUp = moveUp.rounded(.towardZero)
        if scrollConfiguration == nil {
            scrollConfiguration = ScrollConfiguration(startingInset: scrollView.contentInset, startingIndicatorInsets: scrollView.indicatorInsets)
        }
        // The scroll chain: one scroll view in this world.
        let offset = scrollView.contentOffset.y
        let scrolls: Bool
        if moveUp > 0 {
            scrolls = moveUp > -offset - scrollView.contentInset.top
        } else {
            scrolls = fieldInWindow.minY < guide.top
            if scrolls { moveUp = Swift.min(0, fieldInWindow.minY - guide.top) }
        }
        if scrolls {
            var suggested = offset - Swift.min(offset, -moveUp)
            suggested = Swift.min(suggested, field.frame.minY)
            if isTextView, suggested >= 0 {
                // The last scroll view of the chain (the only one here) keeps
                // the text view's top at or below the top guide.
                suggested = Swift.min(suggested, offset + fieldInWindow.minY - guide.top)
                moveUp = 0
            } else {
                moveUp -= suggested - offset
            }
            if suggested != offset { scrollView.contentOffset.y = suggested }
        } else {
            moveUp = 0
        }
        adjustContentInset(world, &scrollView, kbSize: kbSize, root: root)
        adjustRoot(moveUp: moveUp, rootOrigin: rootOrigin, keyboardHeight: info.endFrame.height, world, &scrollView)
    }

    private func adjustContentInset(_ world: SimulatedWorld, _ scrollView: inout ScrollViewModel, kbSize: KBSize, root: RootConfiguration) {
        guard let saved = scrollConfiguration else { return }
        var bottom = kbSize.height - (world.window.height - scrollView.frame.maxY)
        var indicator = bottom - (Self.keyboardDistance + root.beginSafeBottom)
        bottom = Swift.max(saved.startingInset.bottom, bottom)
        indicator = Swift.max(saved.startingIndicatorInsets.bottom, indicator)
        // The scroll view's own safe area where it is now (a shifted root
        // view lifts it out of the bottom strip).
        let safeBottom = Swift.max(0, world.ownScrollView.safeArea.bottom + scrollView.frame.maxY - world.ownScrollView.frame.maxY)
        bottom -= safeBottom
        indicator -= safeBottom
        var moved = scrollView.contentInset
        moved.bottom = bottom
        guard scrollView.contentInset != moved else { return }
        scrollView.contentInset = moved
        scrollView.indicatorInsets.bottom = indicator
    }

    private func adjustRoot(moveUp: Double, rootOrigin: Double, keyboardHeight: Double, _ world: SimulatedWorld, _ scrollView: inout ScrollViewModel)
    {
        guard let root,
            let y = Self.movedRootOrigin(moveUp: moveUp, rootOrigin: rootOrigin, beginOrigin: root.beginOrigin, keyboardHeight: keyboardHeight),
            y != Self.rootOrigin(world, scrollView)
        else { return }
        scrollView.frame.origin.y = world.ownScrollView.frame.minY + y
    }

    /// Where IQ moves the root view (its origin's y) for what the scroll
    /// left over, or nil when it leaves it: up by `moveUp`, never above
    /// −`keyboardHeight`; or, for a negative move, back down by at most as
    /// far as it had moved from `beginOrigin`.
    ///
    /// In this world the field always sits in a scroll view whose top is at
    /// or below IQ's top guide, so the scroll takes every positive move and
    /// this runs with the rest, 0; it matters where a view is not in a scroll
    /// view.
    package static func movedRootOrigin(moveUp: Double, rootOrigin: Double, beginOrigin: Double, keyboardHeight: Double) -> Double? {
        if moveUp >= 0 { return Swift.max(rootOrigin - moveUp, Swift.min(0, -keyboardHeight)) }
        let disturbed = rootOrigin - beginOrigin
        guard disturbed <= 0 else { return nil }
        return rootOrigin - Swift.max(moveUp, disturbed)
    }

    private mutating func restorePosition(_ world: SimulatedWorld, _ scrollView: inout ScrollViewModel) {
        guard let root else { return }
        restoreRoot(root, world, &scrollView)
        if let saved = scrollConfiguration {
            if scrollView.contentInset != saved.startingInset {
                scrollView.contentInset = saved.startingInset
                scrollView.indicatorInsets = saved.startingIndicatorInsets
                restored = true
            }
            let height = Swift.max(scrollView.contentSize.height, scrollView.frame.height)
            let lowest = height - scrollView.frame.height
            if lowest < scrollView.contentOffset.y {
                scrollView.contentOffset.y = lowest
                restored = true
            }
        }
    }

    private mutating func restoreRoot(_ root: RootConfiguration, _ world: SimulatedWorld, _ scrollView: inout ScrollViewModel) {
        if Self.rootOrigin(world, scrollView) != root.beginOrigin {
            scrollView.frame.origin.y = world.ownScrollView.frame.minY + root.beginOrigin
            restored = true
        }
    }

    // MARK: Geometry

    /// The root view's origin (y) in the window: 0 as the app lays it out,
    /// wherever IQ has moved it since (the scroll view moves with it).
    static func rootOrigin(_ world: SimulatedWorld, _ scrollView: ScrollViewModel) -> Double {
        scrollView.frame.minY - world.ownScrollView.frame.minY
    }

    /// The keyboard's size as IQ measures it: the frame raised by the
    /// distance and the root's bottom safe area, cut to `window` (height 0
    /// when they do not meet). IQ passes `window.frame`, whose origin is
    /// (0, 0) (see the type's comment).
    package static func keyboardSize(_ keyboard: KBRect, distance: Double, safeBottom: Double, window: KBRect) -> KBSize {
        let raised = KBRect(
            x: keyboard.minX, y: keyboard.minY - distance - safeBottom,
            width: keyboard.width, height: keyboard.height + distance + safeBottom
        )
        let inWindow = raised.intersection(window)
        return inWindow.isNull ? KBSize(width: raised.width, height: 0) : inWindow.size
    }

    /// The root view's safe area with the root view at `rootOrigin`
    /// (``SimulatedWorld/rootViewSafeArea(rootOrigin:)``).
    package static func rootSafeArea(_ world: SimulatedWorld, rootOrigin: Double) -> KBEdgeInsets {
        world.rootViewSafeArea(rootOrigin: rootOrigin)
    }

    /// IQ's layout guides (`getLayoutGuides`): the bottom is the root view's
    /// bottom margin (the system's minimum top and bottom margins are 0, so
    /// the margins are the safe area), or 0 for a `scrollableTextView`. The
    /// top is the lower of the root view's top margin and, inside a
    /// navigation controller, its bar's bottom, otherwise the status bar's
    /// height. With `navigationBars` (the default reading), whatever the
    /// app has above or over its content is a navigation controller's bar.
    /// Without, the bars are the app's own views, which IQ does not see:
    /// the top is the root view's top margin, the safe area's top (the
    /// status bar taken as no taller than that strip, an estimate; from the
    /// device the screen identifies when the scroll view starts below a
    /// bar, ``DeviceCatalog/topSafeArea(screen:orientation:)``).
    package static func layoutGuide(
        _ world: SimulatedWorld, rootOrigin: Double, scrollableTextView: Bool, navigationBars: Bool = true
    ) -> (top: Double, bottom: Double) {
        let safe = rootSafeArea(world, rootOrigin: rootOrigin)
        let bottom = scrollableTextView ? 0 : safe.bottom
        guard navigationBars else {
            var top = safe.top
            if world.ownScrollView.safeArea.top == 0, world.systemVersionOrEarliest >= 11,
                let strip = DeviceCatalog.topSafeArea(screen: world.screen, orientation: world.orientation)
            {
                top = Swift.max(0, strip - world.window.minY - rootOrigin)
            }
            return (top, bottom)
        }
        // The bars end where the app's adjusted top inset ends (a bar under
        // the status bar, when the safe area is added).
        let bars = world.ownScrollView.frame.minY + world.ownScrollView.contentInset.top + world.ownSafeAreaContribution.top
        return (Swift.max(bars, safe.top), bottom)
    }
}
