import KeyboardGeometry
import KeyboardTrace

extension ScrollViewModel {
    /// What an app observing this scroll view would record
    /// (``ObservedScrollView``): the frame, both insets, the offset, the
    /// content view's frame when it no longer fills the content size at the
    /// origin, and the safe area when it is not `layoutSafeArea`, the one
    /// the app's layout gives the scroll view now.
    public func observed(layoutSafeArea: KBEdgeInsets) -> ObservedScrollView {
        let filling = KBRect(origin: .zero, size: state.contentSize)
        return ObservedScrollView(
            frame: state.frame, contentInset: state.contentInset, indicatorInsets: indicatorInsets,
            contentOffset: state.contentOffset, contentViewFrame: contentViewFrame == filling ? nil : contentViewFrame,
            safeArea: state.safeArea == layoutSafeArea ? nil : state.safeArea
        )
    }

    /// Takes on every value of `observed`, as if the app's code had set
    /// them, its safe area `layoutSafeArea` (the layout's now) when it does
    /// not say: afterwards ``observed(layoutSafeArea:)`` equals `observed`
    /// exactly, but for its ``ObservedScrollView/motion``, which says how
    /// the view got there and is no value of the view. The frame and the
    /// safe area are set together and the offset last, so the clamp a
    /// frame resize makes (see ``state``) does not move it: an observed
    /// offset out of range stays out of range.
    public mutating func take(_ observed: ObservedScrollView, layoutSafeArea: KBEdgeInsets) {
        var next = state
        next.frame = observed.frame
        next.safeArea = observed.safeArea ?? layoutSafeArea
        next.contentInset = observed.contentInset
        state = next
        indicatorInsets = observed.indicatorInsets
        contentViewFrame = observed.contentViewFrame ?? KBRect(origin: .zero, size: state.contentSize)
        state.contentOffset = observed.contentOffset
    }
}
