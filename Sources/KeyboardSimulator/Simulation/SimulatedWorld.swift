import KeyboardAvoidance
import KeyboardGeometry
import KeyboardTrace

/// The truth a replay runs against: the screen, the app's own layout, the
/// focused field and the keyboard's real frame, as events change them.
///
/// The world is what iOS and the app know, independent of any strategy:
/// the strategy changes only the ``ScrollViewModel``. The keyboard's frame
/// here is derived from each notification by the world's own reading of
/// the profile's coordinate space; hides always clear it, whatever frames
/// they carry (Reduce Motion).
public struct SimulatedWorld: Hashable, Sendable {
    public var profile: TraceProfile
    public var screen: Size
    public var orientation: InterfaceOrientation
    public var window: Rect
    /// The scroll view's frame as the app lays it out.
    public var scrollViewFrame: Rect
    public var safeArea: EdgeInsets
    /// The app's own content inset.
    public var contentInset: EdgeInsets
    public var insetAdjustment: InsetAdjustment
    public var contentSize: Size
    public var fields: [Rect]
    /// The trace's field lists, which layout events switch `fields` to.
    public let fieldLists: [[Rect]]
    public var policy: AvoidancePolicy
    /// The index of the focused field.
    public var focused: Int?
    /// The caret of the focused field, in content coordinates.
    public var caret: Rect?
    /// The keyboard's frame in the oriented screen space; nil when hidden.
    public var keyboard: Rect?
    /// True between appear and disappear.
    public var isVisible: Bool
    /// The newest Will notification's promise (nil: hide), and the one it
    /// overtook: the world believes a Did notification only if it does not
    /// repeat an overtaken promise.
    private var promised: Rect??
    private var overtaken: Rect??

    /// The world at the start of `trace`.
    public init(trace: Trace) {
        let header = trace.header
        fieldLists = trace.fieldLists
        profile = header.profile
        screen = header.screen
        orientation = header.orientation
        window = header.window
        scrollViewFrame = header.scrollView.frame
        safeArea = header.scrollView.safeArea
        contentInset = header.scrollView.contentInset
        insetAdjustment = header.scrollView.insetAdjustment
        contentSize = header.scrollView.contentSize
        fields = header.fields
        policy = header.policy
        focused = nil
        caret = nil
        keyboard = nil
        isVisible = true
        promised = nil
        overtaken = nil
    }

    /// The scroll view as the app sets it up, with no keyboard.
    public func initialScrollView(offset: Point) -> ScrollViewModel {
        ScrollViewModel(
            frame: scrollViewFrame, safeArea: safeArea, contentInset: contentInset,
            insetAdjustment: insetAdjustment, contentSize: contentSize, contentOffset: offset
        )
    }

    /// The focused field as the engine takes it.
    public var focusedField: FocusedField? {
        guard let focused, fields.indices.contains(focused) else { return nil }
        return FocusedField(frame: fields[focused], caret: caret)
    }

    /// The view controller's root view frame in the window (`self.view.frame`
    /// in the recipes): the window's bounds.
    public var viewFrame: Rect { Rect(origin: .zero, size: window.size) }

    /// The layout snapshot an app would hand the engine now.
    public func snapshot(offset: Point) -> LayoutSnapshot {
        LayoutSnapshot(
            screen: screen, orientation: orientation, window: window, scrollViewFrame: scrollViewFrame,
            safeArea: safeArea, contentInset: contentInset, insetAdjustment: insetAdjustment,
            contentSize: contentSize, contentOffset: offset
        )
    }

    /// The keyboard frame a notification reports, in the oriented space, or
    /// nil when it reports none usable (missing or non-finite values).
    public func reportedFrame(of n: KeyboardNotification) -> Rect? {
        orientedFrame(n.frameEnd, bounds: n.bounds, center: n.centerEnd)
    }

    /// The keyboard frame a notification reports for the start of its
    /// animation, in the oriented space, or nil.
    public func reportedBeginFrame(of n: KeyboardNotification) -> Rect? {
        orientedFrame(n.frameBegin, bounds: n.bounds, center: n.centerBegin)
    }

    private func orientedFrame(_ frame: Rect?, bounds: Size?, center: Point?) -> Rect? {
        let raw: Rect
        if let frame {
            raw = frame
        } else if let b = bounds, let c = center {
            raw = Rect(origin: Point(x: c.x - b.width / 2, y: c.y - b.height / 2), size: b)
        } else {
            return nil
        }
        guard raw.isFinite else { return nil }
        switch profile.frameSpace {
        case .oriented: return raw
        case .fixedPortrait: return FixedScreenSpace(orientedSize: screen, orientation: orientation).orientedRect(fromFixed: raw)
        }
    }

    /// Applies an event's effect on the world (and, for layout changes the
    /// app makes itself, on the scroll view).
    public mutating func apply(_ event: TraceEvent, scrollView: inout ScrollViewModel) {
        switch event {
        case .keyboard(let n):
            // Read once: the frame the notification reports (nil for a hide,
            // whatever frames it carries).
            let reported = n.name.isHide ? nil : reportedFrame(of: n)
            let promise: Rect?? = n.name.isHide ? .some(nil) : reported.map { .some($0) }
            if n.name.isWill {
                if let promise, promise != promised {
                    overtaken = promised
                    promised = promise
                }
            } else if let promise, case .some(.some) = promised, promise == overtaken, promise != promised {
                break  // a late Did from an animation a newer frame overtook
            }
            if n.name.isHide {
                keyboard = nil
            } else if let frame = reported {
                let onScreen = frame.intersection(Rect(origin: .zero, size: screen))
                keyboard = frame.isEmpty || onScreen.isEmpty ? nil : frame
            }
        case .focus(let index, let caretRect):
            focused = index
            caret = caretRect
        case .blur:
            focused = nil
            caret = nil
        case .appear:
            isVisible = true
        case .disappear:
            isVisible = false
        case .layout(let c):
            if let v = c.screen { screen = v }
            if let v = c.orientation { orientation = v }
            if let v = c.window { window = v }
            if let v = c.fields(in: fieldLists) {
                fields = v
                if let f = focused, !fields.indices.contains(f) { focused = nil }
            }
            if let v = c.frame { scrollViewFrame = v }
            if let v = c.safeArea { safeArea = v }
            if let v = c.contentInset { contentInset = v }
            if let v = c.insetAdjustment { insetAdjustment = v }
            if let v = c.contentSize { contentSize = v }
            Self.applySystemChanges(c, to: &scrollView)
        }
    }

    /// What a layout change does to a scroll view by itself (the app's own
    /// layout, UIKit's adjustments), whatever strategy drives it. UIKit keeps
    /// a scroll view that rests at its top at the top when the adjusted top
    /// inset changes, and pulls the offset into range after a resize.
    public static func applySystemChanges(_ c: LayoutChange, to scrollView: inout ScrollViewModel) {
        let pinnedToTop = scrollView.contentOffset.y == scrollView.minimumOffsetY
        if let v = c.safeArea { scrollView.safeArea = v }
        if let v = c.contentInset {
            scrollView.contentInset = v
            scrollView.indicatorInsets = v
        }
        if let v = c.insetAdjustment { scrollView.insetAdjustment = v }
        if let v = c.contentSize {
            scrollView.contentSize = v
            scrollView.contentViewFrame = Rect(origin: .zero, size: v)
        }
        if let v = c.contentOffset { scrollView.contentOffset = v }
        if pinnedToTop && c.contentOffset == nil { scrollView.contentOffset.y = scrollView.minimumOffsetY }
        if let v = c.frame {
            scrollView.frame = v
        } else {
            scrollView.clampOffset()
        }
    }
}
