/// Something that happened, as a value: one case per event method of
/// ``KeyboardAvoider``, so that an event can be kept, passed on (to a trace
/// recorder, an observer) and handed to the avoider later with
/// ``KeyboardAvoider/handle(_:in:)``.
public enum AvoiderEvent: Hashable, Sendable {
    /// A keyboard notification: ``KeyboardAvoider/received(_:in:)``.
    case keyboard(KeyboardNotification)
    /// A field began editing, or its caret moved:
    /// ``KeyboardAvoider/focusBegan(_:in:)``.
    case focusBegan(FocusedField)
    /// Editing ended: ``KeyboardAvoider/focusEnded(in:)``.
    case focusEnded
    /// The layout changed: ``KeyboardAvoider/layoutChanged(_:)``.
    case layoutChanged
    /// Only the content or the composer changed (a scroll is
    /// ``scrolled``): ``KeyboardAvoider/contentChanged(_:)``.
    case contentChanged
    /// The user (or the app) scrolled the content, even where the offset
    /// could not move: ``KeyboardAvoider/scrolled(_:)``.
    case scrolled
    /// The app set its own content inset, replacing ours:
    /// ``KeyboardAvoider/ownInsetSet(in:)``.
    case ownInsetSet
    /// The view is about to appear: ``KeyboardAvoider/viewAppeared(in:)``.
    case viewAppeared
    /// The view is about to disappear:
    /// ``KeyboardAvoider/viewDisappeared(in:)``.
    case viewDisappeared
}

extension KeyboardAvoider {
    /// Hands `event` to the event method it names, with `layout`: exactly
    /// what calling that method does.
    public mutating func handle(_ event: AvoiderEvent, in layout: LayoutSnapshot) -> AvoidanceAction {
        switch event {
        case .keyboard(let n): received(n, in: layout)
        case .focusBegan(let field): focusBegan(field, in: layout)
        case .focusEnded: focusEnded(in: layout)
        case .layoutChanged: layoutChanged(layout)
        case .contentChanged: contentChanged(layout)
        case .scrolled: scrolled(layout)
        case .ownInsetSet: ownInsetSet(in: layout)
        case .viewAppeared: viewAppeared(in: layout)
        case .viewDisappeared: viewDisappeared(in: layout)
        }
    }
}
