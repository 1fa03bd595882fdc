import KeyboardAvoidance
import KeyboardGeometry
import KeyboardTrace

/// The truth a replay runs against: the screen, the app's own layout, the
/// focused field and the keyboard's real frame, as events change them.
///
/// The world is what iOS and the app know, independent of any strategy:
/// the strategy changes only the ``ScrollViewModel``. The keyboard's frame
/// here is derived from each notification by the world's own reading of
/// the payload, written apart from the engine's and agreeing with the
/// contract where docs/invariants.md says the two must agree:
/// - hides always clear it, whatever they carry (Reduce Motion, iOS 26);
/// - a payload with a value the contract rejects (non-finite, beyond a
///   billion points, a negative size, a duration outside 0…60 s) says
///   nothing about the keyboard;
/// - a Did notification that repeats one of the last few Will announcements
///   overtaken before their Did arrived, compared as sent, arrived late and
///   says nothing;
/// - a frame read for another screen size or orientation says nothing once
///   the screen changed;
/// - between a WillHide and its DidHide, a frame change to a docked frame
///   is part of the hide;
/// - iPhone OS 3's bounds are the interface's size (transposed into the
///   fixed space in landscape), centred on the fixed-space centre.
public struct SimulatedWorld: Hashable, Sendable {
    /// How this world reads the rules its sources leave unsettled.
    public let readings: WorldReadings
    public var profile: TraceProfile
    /// The trace's system version, nil when it does not say
    /// (``TraceHeader/systemVersion``).
    public let systemVersion: Int?
    /// ``systemVersion``, or, when the trace does not say, the earliest
    /// version its profile covers: the version a rule that began on some
    /// system is judged by, so that a trace that does not say gets it only
    /// where every system of its profile has it.
    package var systemVersionOrEarliest: Int { systemVersion ?? profile.systemVersions.lowerBound }
    public var screen: KBSize
    public var orientation: InterfaceOrientation
    public var window: KBRect
    /// The scroll view as the app itself lays it out (its frame, its own
    /// content inset, and the offset of the trace's start or of the app's
    /// last layout change): what no strategy changes.
    public var ownScrollView: ScrollViewState
    public var fields: [KBRect]
    /// A chat screen's composer (``TraceHeader/composer``), as layout
    /// events last set it; nil for a screen of fields.
    public var composer: Composer?
    /// The trace's field lists, which layout events switch `fields` to.
    public let fieldLists: [[KBRect]]
    public var policy: AvoidancePolicy
    /// The index of the focused field.
    public var focused: Int?
    /// The caret of the focused field, in content coordinates.
    public var caret: KBRect?
    /// Whether the last focus made its field first responder: false when
    /// the field was focused already, a caret move (what a recorder writes
    /// when the caret moves in a text view), which iOS answers with nothing
    /// and UIKit does not scroll for.
    package private(set) var focusBecameFirstResponder = false
    /// The keyboard's frame in the oriented screen space, as the oracle
    /// judges it; nil when hidden. The event's truth when the trace carries
    /// one (simulator-written traces), else ``readKeyboard``.
    public var keyboard: KBRect?
    /// The keyboard as the world reads it from the payloads alone
    /// (docs/invariants.md says where this reading and the engine's must
    /// agree).
    public private(set) var readKeyboard: KBRect?
    /// True between appear and disappear.
    public var isVisible: Bool
    /// What the newest Will notification promised, and the promises newer
    /// ones overtook (newest first, at most ``rememberedPromises``): the
    /// world believes a Did notification only if it does not repeat an
    /// overtaken promise while the newest promise is a frame.
    private var promise: Promise = .nothing
    /// Whether a Did notification kept the newest promise.
    private var promiseKept = false
    private var overtakenPromises: [Promise] = []
    /// The screen size and orientation ``readKeyboard`` was read for.
    private var readForScreen: KBSize?
    private var readForOrientation: InterfaceOrientation?
    /// How many overtaken promises the world remembers (the contract's
    /// figure; docs/contract.md, "Late Did notifications").
    static let rememberedPromises = KeyboardAvoider.rememberedOvertakenAnnouncements
    /// True from a WillHide until its DidHide or the next believed frame.
    private var hiding = false

    /// A Will notification's promise, in the payload's own terms: its end
    /// keys exactly as sent.
    private enum Promise: Hashable, Sendable {
        case nothing
        case hidden
        case keys(frame: KBRect?, bounds: KBSize?, center: KBPoint?)
    }

    /// The world at the start of `trace`, reading unsettled rules as
    /// `readings` says.
    public init(trace: Trace, readings: WorldReadings = .standard) {
        self.readings = readings
        let header = trace.header
        fieldLists = trace.fieldLists
        profile = header.profile
        systemVersion = header.systemVersion
        screen = header.screen
        orientation = header.orientation
        window = header.window
        ownScrollView = header.scrollView
        fields = header.fields
        composer = header.composer
        policy = header.policy
        focused = nil
        caret = nil
        keyboard = nil
        readKeyboard = nil
        isVisible = true
        overtakenPromises.reserveCapacity(Self.rememberedPromises + 1)
    }

    /// The scroll view as the app sets it up, with no keyboard, at `offset`,
    /// made with the default reading of the inset rule
    /// (``ScrollViewModel/pullsOffsetOnInsetChange`` false, whatever the
    /// scope binds): the oracle only reads it, once a step, and so skips
    /// looking the reading up.
    public func initialScrollView(offset: KBPoint) -> ScrollViewModel {
        var state = ownScrollView
        state.contentOffset = offset
        return ScrollViewModel(state, pullsOffsetOnInsetChange: false)
    }

    /// The edges of the safe area UIKit adds to the app's own content inset
    /// with the app's own layout (its frame, not one a recipe resized).
    public var ownSafeAreaContribution: KBEdgeInsets {
        SafeAreaAdjustment.contribution(to: ownScrollView)
    }

    /// Whether the keyboard on screen floats: narrower than the screen and
    /// clear of its bottom edge (an iPad's floating keyboard; not an
    /// undocked or split one, which span the screen's width). False with no
    /// keyboard.
    public var keyboardFloats: Bool {
        guard let k = keyboard else { return false }
        return k.width < screen.width && !KeyboardPlacement.reachesBottomEdge(k, screen: screen)
    }

    /// Whether the keyboard on screen is undocked, split or floating: on
    /// screen and clear of its bottom edge, whatever its width. False with
    /// no keyboard.
    public var keyboardUndocked: Bool {
        guard let k = keyboard, !k.isEmpty, k.overlaps(KBRect(origin: .zero, size: screen)) else { return false }
        return !KeyboardPlacement.reachesBottomEdge(k, screen: screen)
    }

    /// The focused field as the engine takes it.
    public var focusedField: FocusedField? {
        guard let focused, fields.indices.contains(focused) else { return nil }
        return FocusedField(frame: fields[focused], caret: caret)
    }

    /// The view controller's root view frame in the window (`self.view.frame`
    /// in the recipes): the window's bounds. A trace does not say where a
    /// form sheet's view is, so there too it is the window's bounds; the
    /// recipes that read it are scoped to full-screen windows (see
    /// ``StrategyScope``).
    public var viewFrame: KBRect { KBRect(origin: .zero, size: window.size) }

    /// The layout snapshot an app would hand the engine now.
    public func snapshot(offset: KBPoint) -> LayoutSnapshot {
        var own = ownScrollView
        own.contentOffset = offset
        return LayoutSnapshot(screen: screen, orientation: orientation, window: window, scrollView: own, composer: composer)
    }

    /// The keyboard frame a notification reports, in the oriented space, or
    /// nil when it reports none usable (missing, non-finite or absurd
    /// values).
    public func reportedFrame(of n: KeyboardNotification) -> KBRect? {
        payloadFrame(n.frameEnd, bounds: n.bounds, center: n.centerEnd).map(oriented)
    }

    /// The keyboard frame a notification reports for the start of its
    /// animation, in the oriented space, or nil.
    public func reportedBeginFrame(of n: KeyboardNotification) -> KBRect? {
        payloadFrame(n.frameBegin, bounds: n.bounds, center: n.centerBegin).map(oriented)
    }

    /// The frame as the payload gives it, in its own space: the frame key,
    /// or (iPhone OS 3) a rect of the bounds' size around the centre, the
    /// size transposed in landscape, where the bounds are the interface's
    /// and the centre the fixed space's. Nil for absent or absurd values.
    private func payloadFrame(_ frame: KBRect?, bounds: KBSize?, center: KBPoint?) -> KBRect? {
        let raw: KBRect
        if let frame {
            raw = frame
        } else if let b = bounds, let c = center {
            let w = profile.frameSpace == .fixedPortrait && orientation.isLandscape ? b.height : b.width
            let h = profile.frameSpace == .fixedPortrait && orientation.isLandscape ? b.width : b.height
            raw = KBRect(x: c.x - w / 2, y: c.y - h / 2, width: w, height: h)
        } else {
            return nil
        }
        return Self.isSensible(raw) ? raw : nil
    }

    private func oriented(_ raw: KBRect) -> KBRect {
        switch profile.frameSpace {
        case .oriented: raw
        case .window: KBRect(x: raw.origin.x + window.origin.x, y: raw.origin.y + window.origin.y, width: raw.size.width, height: raw.size.height)
        case .fixedPortrait: FixedScreenSpace(orientedSize: screen, orientation: orientation).orientedRect(fromFixed: raw)
        }
    }

    /// A rect iOS could send: finite, within a billion points, no negative
    /// extent.
    private static func isSensible(_ r: KBRect) -> Bool {
        let limit = InputLimits.maximumMagnitude
        return abs(r.origin.x) <= limit && abs(r.origin.y) <= limit && r.size.width >= 0 && r.size.height >= 0
            && r.size.width <= limit && r.size.height <= limit
    }

    /// True when every value the notification carries is one iOS could
    /// send (the contract rejects the rest, and so does the world).
    private static func isSensible(_ n: KeyboardNotification) -> Bool {
        let limit = InputLimits.maximumMagnitude
        func point(_ p: KBPoint?) -> Bool { p.map { abs($0.x) <= limit && abs($0.y) <= limit } ?? true }
        func size(_ s: KBSize?) -> Bool { s.map { $0.width >= 0 && $0.height >= 0 && $0.width <= limit && $0.height <= limit } ?? true }
        return (n.frameBegin.map(isSensible) ?? true) && (n.frameEnd.map(isSensible) ?? true) && size(n.bounds)
            && point(n.centerBegin) && point(n.centerEnd) && (n.duration.map { $0 >= 0 && $0 <= InputLimits.maximumDuration } ?? true)
    }

    /// Updates the keyboard from a notification, as the world reads it.
    private mutating func read(_ n: KeyboardNotification) {
        if n.name.isHide {
            if !n.name.isWill, isLate(.hidden) { return }
            if n.name.isWill { promise(.hidden) } else { keep(.hidden) }
            hiding = n.name.isWill
            readKeyboard = nil
            return
        }
        guard Self.isSensible(n), let raw = payloadFrame(n.frameEnd, bounds: n.bounds, center: n.centerEnd) else { return }
        let frame = oriented(raw)
        let screenRect = KBRect(origin: .zero, size: screen)
        let onScreen = !frame.isEmpty && !frame.intersection(screenRect).isEmpty
        let reachesBottom = KeyboardPlacement.reachesBottomEdge(frame, screen: screen)
        if hiding, n.name == .willChangeFrame || n.name == .didChangeFrame, onScreen, reachesBottom { return }
        let sent = Promise.keys(frame: n.frameEnd, bounds: n.frameEnd == nil ? n.bounds : nil, center: n.frameEnd == nil ? n.centerEnd : nil)
        if n.name.isWill {
            promise(sent)
        } else if isLate(sent) {
            return
        } else {
            keep(sent)
        }
        hiding = false
        readKeyboard = onScreen ? frame : nil
        (readForScreen, readForOrientation) = (screen, orientation)
    }

    /// A Will notification promises `p`. The promise it replaces counts as
    /// overtaken only if no Did kept it: only an animation still in flight
    /// can deliver its Did late.
    private mutating func promise(_ p: Promise) {
        if p == promise { return }
        overtakenPromises.removeAll { $0 == p || $0 == promise }
        if promise != .nothing && !promiseKept { overtakenPromises.insert(promise, at: 0) }
        if overtakenPromises.count > Self.rememberedPromises { overtakenPromises.removeLast() }
        promise = p
        promiseKept = false
    }

    /// A Did notification arrived for `p`.
    private mutating func keep(_ p: Promise) {
        if p == promise { promiseKept = true }
    }

    private func isLate(_ p: Promise) -> Bool {
        if case .keys = promise, p != promise { return overtakenPromises.contains(p) }
        return false
    }

    /// Applies a trace line's effect on the world (and, for layout changes
    /// the app makes itself, on the scroll view): its event, then its truth.
    public mutating func apply(_ line: TraceLine, scrollView: inout ScrollViewModel) {
        apply(line.event, truth: line.truth, scrollView: &scrollView)
    }

    /// Applies an event's effect on the world; `truth`, when given, is where
    /// the keyboard really is after it, and is what the oracle judges
    /// against.
    public mutating func apply(_ event: TraceEvent, truth: KeyboardTruth? = nil, scrollView: inout ScrollViewModel) {
        applyEvent(event, scrollView: &scrollView)
        // A frame read for another screen (before a rotation) no longer
        // says where the keyboard is.
        if let size = readForScreen, size != screen || readForOrientation != orientation { readKeyboard = nil }
        keyboard = truth.map(\.frame) ?? readKeyboard
    }

    private mutating func applyEvent(_ event: TraceEvent, scrollView: inout ScrollViewModel) {
        switch event {
        case .keyboard(let n):
            read(n)
        case .focus(let index, let caretRect):
            focusBecameFirstResponder = focused != index
            focused = index
            caret = caretRect
            scrollToFocusedTextField(&scrollView)
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
            if let v = c.composer { composer = v }
            if let v = c.fields(in: fieldLists) {
                fields = v
                if let f = focused, !fields.indices.contains(f) { focused = nil }
            }
            c.apply(to: &ownScrollView)
            Self.applySystemChanges(c, to: &scrollView)
        }
    }

    /// What `event`, already applied to the world, does by itself to a
    /// scroll view, whatever strategy drives it: a layout change's
    /// (``applySystemChanges(_:to:)``) and a focus's
    /// (``scrollToFocusedTextField(_:)``). ``apply(_:truth:scrollView:)``
    /// does this to the scroll view it is given; a caller that keeps a
    /// second scroll view (the judge's twin) does it to that one.
    package func applySystemChanges(of event: TraceEvent, to scrollView: inout ScrollViewModel) {
        switch event {
        case .layout(let c): Self.applySystemChanges(c, to: &scrollView)
        case .focus: scrollToFocusedTextField(&scrollView)
        case .keyboard, .blur, .appear, .disappear: break
        }
    }

    /// UIKit's own scroll to a text field that has just become first
    /// responder: from iOS 8 a `UITextField` gaining first responder status
    /// finds its scroll view and calls `scrollRectToVisible(_:animated:)`
    /// with its own frame; on iOS 7 and earlier nothing happens ([radar-20798351]
    /// in docs/sources.md). So the focused field is brought inside the
    /// scroll view's bounds less its adjusted content inset
    /// (``ScrollViewModel/scrollRectToVisible(_:)``), before any strategy
    /// hears of the focus. Not for a text view (``FieldKind``: no source
    /// settles what a `UITextView` does), not for a field that was first
    /// responder already (a caret move), not while the view is off screen,
    /// and not where the trace's system version (or, when it gives none,
    /// its profile's earliest) is before iOS 8.
    package func scrollToFocusedTextField(_ scrollView: inout ScrollViewModel) {
        guard isVisible, focusBecameFirstResponder, systemVersionOrEarliest >= 8, let f = focused, fields.indices.contains(f),
            FieldKind(frame: fields[f]) == .textField
        else { return }
        scrollView.scrollRectToVisible(fields[f])
    }

    /// What a layout change does to a scroll view by itself (the app's own
    /// layout, UIKit's adjustments), whatever strategy drives it. UIKit keeps
    /// a scroll view that rests at its top at the top when the adjusted top
    /// inset changes, and its layout pass pulls the offset into range.
    public static func applySystemChanges(_ c: LayoutChange, to scrollView: inout ScrollViewModel) {
        let restedAtTop = scrollView.restsAtTop
        setValues(of: c, on: &scrollView)
        scrollView.layOut(restedAtTop: restedAtTop && c.contentOffset == nil)
    }

    /// The values a layout change sets on a scroll view, as they are set,
    /// before UIKit's layout pass: what an observer of the scroll view's
    /// keys hears inside their setters. Every value at once, the frame
    /// included (a new size clamps the offset), before the layout pass:
    /// under scrollableAxes the adjusted top inset depends on the frame's
    /// height.
    public static func setValues(of c: LayoutChange, on scrollView: inout ScrollViewModel) {
        c.apply(to: &scrollView.state)
        if let v = c.contentInset { scrollView.indicatorInsets = v }
        if let v = c.contentSize { scrollView.contentViewFrame = KBRect(origin: .zero, size: v) }
    }
}
