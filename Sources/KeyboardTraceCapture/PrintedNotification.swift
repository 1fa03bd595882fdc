/// A keyboard notification as a console printed it: its name and its
/// userInfo entries as text, each with the log line it starts on.
package struct PrintedNotification: Hashable, Sendable {
    /// One `key = value` (Objective-C) or `AnyHashable("key"): value`
    /// (Swift) entry; `value` as printed, quotes included.
    package struct Entry: Hashable, Sendable {
        package var key: String
        package var value: String
        /// 1-based line of the log the entry starts on.
        package var line: Int
    }

    /// The notification's name as printed (`UIKeyboardWillShowNotification`).
    package var name: String
    /// 1-based line the notification starts on.
    package var line: Int
    package var entries: [Entry]
}
