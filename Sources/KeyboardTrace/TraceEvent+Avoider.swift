import KeyboardAvoidance

extension TraceEvent {
    /// The event the engine is handed for this trace event: the one place
    /// trace events become ``AvoiderEvent``s (the engine's strategy, the
    /// benchmarks and any replay of the engine go through it).
    ///
    /// A focus needs the field it names, `focusedField` (with its caret);
    /// without one (a focus on a field the trace does not have) there is
    /// nothing to hand, and the answer is nil. `focusedField` is evaluated
    /// only for a focus. A layout event with a content inset is the app
    /// setting its own (docs/trace-format.md), which replaced the engine's:
    /// ``AvoiderEvent/ownInsetSet``; one that changes only the content, its
    /// offset or the composer is ``AvoiderEvent/scrolled`` when it sets the
    /// offset (the app's own scroll: a user's drag, a jump to a row, even to
    /// where the offset was), ``AvoiderEvent/contentChanged`` otherwise.
    @inlinable
    public func avoiderEvent(focusedField: @autoclosure () -> FocusedField?) -> AvoiderEvent? {
        switch self {
        case .keyboard(let n): .keyboard(n)
        case .focus: focusedField().map { .focusBegan($0) }
        case .blur: .focusEnded
        case .layout(let c):
            c.contentInset != nil ? .ownInsetSet : !c.changesOnlyContent ? .layoutChanged : c.contentOffset != nil ? .scrolled : .contentChanged
        case .appear: .viewAppeared
        case .disappear: .viewDisappeared
        }
    }
}
