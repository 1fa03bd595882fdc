import KeyboardGeometry

extension SimulatedWorld {
    /// Gives `scrollView` the frame `frame` (window coordinates) as UIKit's
    /// layout does when a constraint moves it: the frame and the safe area
    /// that goes with it (``safeArea(ofScrollViewFrame:)``) at once, so the
    /// offset is clamped once, into the new range. Then, under
    /// ``WorldReadings/resizeScrollsToFirstResponder``, a focused text field
    /// (``FieldKind``) is scrolled into view again; under the standard
    /// reading nothing scrolls, which is all the documentation says.
    /// Nothing happens when the frame is already `frame`.
    public func resize(_ scrollView: inout ScrollViewModel, to frame: KBRect) {
        guard scrollView.frame != frame else { return }
        var state = scrollView.state
        state.frame = frame
        state.safeArea = safeArea(ofScrollViewFrame: frame)
        scrollView.state = state
        if readings.resizeScrollsToFirstResponder, let f = focused, fields.indices.contains(f), FieldKind(frame: fields[f]) == .textField {
            scrollView.scrollRectToVisible(fields[f])
        }
    }
}
