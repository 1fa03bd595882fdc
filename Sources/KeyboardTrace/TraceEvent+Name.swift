import KeyboardAvoidance

extension KeyboardNotification.Name {
    /// The name without UIKit's prefix and suffix, as tables and captions
    /// print it: `WillShow` for `UIKeyboardWillShowNotification`.
    package var shortName: String {
        var name = Substring(rawValue)
        if name.hasPrefix("UIKeyboard") { name = name.dropFirst("UIKeyboard".count) }
        if name.hasSuffix("Notification") { name = name.dropLast("Notification".count) }
        return String(name)
    }
}

extension TraceEvent {
    /// What happened, in a word or two, as a replay's table names each
    /// step: `WillShow`, `focus 2`, `blur`, `layout`, `appear`, `disappear`.
    package var shortName: String {
        switch self {
        case .keyboard(let n): n.name.shortName
        case .focus(let field, _): "focus \(field)"
        case .blur: "blur"
        case .layout: "layout"
        case .appear: "appear"
        case .disappear: "disappear"
        }
    }
}
