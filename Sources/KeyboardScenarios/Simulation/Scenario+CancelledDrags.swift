extension Scenario {
    /// This scenario with each interactive dismissal first cancelled once:
    /// a ``UserAction/cancelDrag`` just before every
    /// ``UserAction/dragToDismiss``, and what iOS sends after a cancel read
    /// as `after` says (``keyboardAfterCancelledDrag``).
    ///
    /// Possible wherever the scenario is: a cancel is valid exactly where a
    /// dismissal is, and leaves the keyboard, the focus and the layout as
    /// they were, so the dismissal after it is valid too. Under
    /// ``KeyboardAfterCancelledDrag/nothing`` a cancel adds no line, so the
    /// trace is the scenario's own, line for line. A scenario with no
    /// interactive dismissal changes only its reading.
    public func cancellingEachDismissalOnce(readAs after: KeyboardAfterCancelledDrag) -> Scenario {
        var s = self
        s.actions = actions.flatMap { $0 == .dragToDismiss ? [.cancelDrag, .dragToDismiss] : [$0] }
        s.keyboardAfterCancelledDrag = after
        return s
    }
}
