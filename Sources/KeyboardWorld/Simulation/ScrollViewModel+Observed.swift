import KeyboardGeometry
import KeyboardTrace

extension ScrollViewModel {
    /// What an app observing this scroll view would record
    /// (``ObservedScrollView``): the frame, both insets, the offset, and the
    /// content view's frame when it no longer fills the content size at the
    /// origin.
    public var observed: ObservedScrollView {
        let filling = KBRect(origin: .zero, size: state.contentSize)
        return ObservedScrollView(
            frame: state.frame, contentInset: state.contentInset, indicatorInsets: indicatorInsets,
            contentOffset: state.contentOffset, contentViewFrame: contentViewFrame == filling ? nil : contentViewFrame
        )
    }

    /// Takes on every value of `observed`, as if the app's code had set
    /// them: afterwards ``observed`` equals `observed` exactly, but for its
    /// ``ObservedScrollView/motion``, which says how the view got there and
    /// is no value of the view (``observed`` has none). The offset
    /// is set last, so the clamp a frame resize makes (see ``state``) does
    /// not move it: an observed offset out of range stays out of range.
    public mutating func take(_ observed: ObservedScrollView) {
        state.frame = observed.frame
        state.contentInset = observed.contentInset
        indicatorInsets = observed.indicatorInsets
        contentViewFrame = observed.contentViewFrame ?? KBRect(origin: .zero, size: state.contentSize)
        state.contentOffset = observed.contentOffset
    }
}
