import KeyboardAvoidance
import KeyboardGeometry

extension TraceHeader {
    /// The header of a trace that starts in `layout` (its composer
    /// included), with `fields` laid out and the app's `policy`.
    public init(layout: LayoutSnapshot, fields: [KBRect], policy: AvoidancePolicy, profile: TraceProfile) {
        self.init(
            profile: profile, screen: layout.screen, orientation: layout.orientation, window: layout.window,
            scrollView: layout.scrollView, fields: fields, policy: policy, composer: layout.composer
        )
    }
}

extension LayoutChange {
    /// The change from `old` to `new`: each value that differs, nothing
    /// else (equal layouts give an empty change).
    public init(from old: LayoutSnapshot, to new: LayoutSnapshot) {
        func changed<T: Equatable>(_ a: T, _ b: T) -> T? { a == b ? nil : b }
        let (a, b) = (old.scrollView, new.scrollView)
        self.init(
            screen: changed(old.screen, new.screen), orientation: changed(old.orientation, new.orientation),
            window: changed(old.window, new.window), frame: changed(a.frame, b.frame),
            safeArea: changed(a.safeArea, b.safeArea), contentInset: changed(a.contentInset, b.contentInset),
            insetAdjustment: changed(a.insetAdjustment, b.insetAdjustment),
            alwaysBounceVertical: changed(a.alwaysBounceVertical, b.alwaysBounceVertical),
            alwaysBounceHorizontal: changed(a.alwaysBounceHorizontal, b.alwaysBounceHorizontal),
            contentSize: changed(a.contentSize, b.contentSize), contentOffset: changed(a.contentOffset, b.contentOffset),
            composer: changed(old.composer, new.composer) ?? nil
        )
    }

    /// True when the change moves the screen, the window or the scroll
    /// view's frame or safe area: the system lays the view out anew (a
    /// rotation, a window moved or resized, a bar's safe area).
    @usableFromInline package var movesGeometry: Bool { screen != nil || orientation != nil || window != nil || frame != nil || safeArea != nil }

    /// True when the change touches only the scroll view's content, its
    /// offset, the composer or the field list: nothing of the screen, the
    /// window, or the scroll view's frame, insets and behaviour (a chat
    /// screen's message, scroll or composer line).
    @usableFromInline package var changesOnlyContent: Bool {
        !movesGeometry && contentInset == nil && insetAdjustment == nil && alwaysBounceVertical == nil && alwaysBounceHorizontal == nil
    }

    /// Sets each scroll-view value this change carries on `state`, and
    /// leaves the others (the screen, window and fields are not the scroll
    /// view's).
    public func apply(to state: inout ScrollViewState) {
        if let v = frame { state.frame = v }
        if let v = safeArea { state.safeArea = v }
        if let v = contentInset { state.contentInset = v }
        if let v = insetAdjustment { state.insetAdjustment = v }
        if let v = alwaysBounceVertical { state.alwaysBounceVertical = v }
        if let v = alwaysBounceHorizontal { state.alwaysBounceHorizontal = v }
        if let v = contentSize { state.contentSize = v }
        if let v = contentOffset { state.contentOffset = v }
    }
}
