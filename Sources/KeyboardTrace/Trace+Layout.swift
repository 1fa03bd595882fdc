import KeyboardAvoidance
import KeyboardGeometry

extension TraceHeader {
    /// The header of a trace that starts in `layout`, with `fields` laid out
    /// and the app's `policy`.
    public init(layout: LayoutSnapshot, fields: [KBRect], policy: AvoidancePolicy, profile: TraceProfile) {
        self.init(
            profile: profile, screen: layout.screen, orientation: layout.orientation, window: layout.window,
            scrollView: ScrollViewSetup(
                frame: layout.scrollViewFrame, safeArea: layout.safeArea, contentInset: layout.contentInset,
                insetAdjustment: layout.insetAdjustment, alwaysBounceVertical: layout.alwaysBounceVertical,
                alwaysBounceHorizontal: layout.alwaysBounceHorizontal, contentSize: layout.contentSize, contentOffset: layout.contentOffset
            ),
            fields: fields, policy: policy
        )
    }
}

extension LayoutChange {
    /// The change from `old` to `new`: each value that differs, nothing
    /// else (equal layouts give an empty change).
    public init(from old: LayoutSnapshot, to new: LayoutSnapshot) {
        func changed<T: Equatable>(_ a: T, _ b: T) -> T? { a == b ? nil : b }
        self.init(
            screen: changed(old.screen, new.screen), orientation: changed(old.orientation, new.orientation),
            window: changed(old.window, new.window), frame: changed(old.scrollViewFrame, new.scrollViewFrame),
            safeArea: changed(old.safeArea, new.safeArea), contentInset: changed(old.contentInset, new.contentInset),
            insetAdjustment: changed(old.insetAdjustment, new.insetAdjustment),
            alwaysBounceVertical: changed(old.alwaysBounceVertical, new.alwaysBounceVertical),
            alwaysBounceHorizontal: changed(old.alwaysBounceHorizontal, new.alwaysBounceHorizontal),
            contentSize: changed(old.contentSize, new.contentSize), contentOffset: changed(old.contentOffset, new.contentOffset)
        )
    }
}
