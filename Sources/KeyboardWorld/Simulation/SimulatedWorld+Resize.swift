import KeyboardGeometry

extension SimulatedWorld {
    /// Gives `scrollView` the frame `frame` (window coordinates) as UIKit's
    /// layout does when a constraint moves it: the frame and the safe area
    /// that goes with it (``safeArea(ofScrollViewFrame:)``) at once, so the
    /// offset is clamped once, into the new range. Then, under
    /// ``WorldReadings/resizeScrollsToFirstResponder``, a focused text field
    /// (``FieldKind``) is scrolled into view again; under the standard
    /// reading nothing scrolls, which is all the documentation says.
    /// Nothing happens when the frame and its safe area are already so. A
    /// frame kept whose safe area is not the one that goes with it (a layout
    /// change gave the scroll view the app's own safe area, for the app's
    /// own frame: a bar of the app's own shown under a frame that follows
    /// the keyboard) gets its own, and nothing scrolls.
    public func resize(_ scrollView: inout ScrollViewModel, to frame: KBRect) {
        let safe = safeArea(ofScrollViewFrame: frame)
        let moved = scrollView.frame != frame
        guard moved || scrollView.state.safeArea != safe else { return }
        var state = scrollView.state
        state.frame = frame
        state.safeArea = safe
        scrollView.state = state
        if moved, readings.resizeScrollsToFirstResponder, let f = focused, fields.indices.contains(f), FieldKind(frame: fields[f]) == .textField {
            scrollView.scrollRectToVisible(fields[f])
        }
    }
}
