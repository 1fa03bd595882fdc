import Foundation
import KeyboardAvoidance

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

extension NotificationCenter {
    /// Observes the six keyboard notifications for an adapter: each is
    /// decoded on the posting thread (the result is Sendable, the
    /// notification is not) and handed to `received` on the main actor
    /// (``MainActorHop``). A payload that cannot be decoded, which UIKit
    /// never sends, is dropped. Returns the observers' tokens, for a
    /// ``NotificationObservation`` to hold.
    package func observeKeyboardOnMainActor(_ received: @escaping @MainActor @Sendable (KeyboardNotification) -> Void) -> [NSObjectProtocol] {
        KeyboardNotification.Name.allCases.map { name in
            addObserver(forName: Notification.Name(name.rawValue), object: nil, queue: nil) { note in
                guard let decoded = try? UserInfoDecoder.decode(note) else { return }
                MainActorHop.run { received(decoded) }
            }
        }
    }
}
