/// The order SwiftUI delivers one layout pass's reports in, where Apple
/// does not document one: after a scroll or a new margin, does the scroll
/// view's `onScrollGeometryChange` fire before the fields'
/// `onGeometryChange`, or after? Both are run, each a reading of its own
/// (docs/app.md, "SwiftUI's order"); the modifier's session must give one
/// answer under both.
///
/// Two orders SwiftUI leaves to the app are not readings here, because the
/// traces already hold both: a focus change before or after the keyboard
/// notification it causes (the generator's `order.keyboardBeforeFocus`
/// scenarios put the notification first), and the window's scene, which
/// the modifier reads again before every report.
public enum SwiftUIReportOrder: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// The scroll view's frame and geometry, then each field's frame.
    case scrollGeometryFirst
    /// Each field's frame, then the scroll view's frame and geometry.
    case fieldsFirst

    public var description: String { rawValue }
}
