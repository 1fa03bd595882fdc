import Foundation

/// Block observers added to a notification center, removed when this is
/// released: an adapter keeps one and lets it go on detaching or with
/// itself, from any thread (it holds nothing else).
package final class NotificationObservation: @unchecked Sendable {
    private let center: NotificationCenter
    private let tokens: [NSObjectProtocol]

    package init(center: NotificationCenter, tokens: [NSObjectProtocol]) {
        self.center = center
        self.tokens = tokens
    }

    deinit {
        for token in tokens { center.removeObserver(token) }
    }
}
