/// The keyboard notifications an adapter keeps while it cannot hand them
/// to the engine (the UIKit view out of a window, the SwiftUI layout not
/// ready), to hand over once it can: the newest Will notification and the
/// newest notification after it, in the order they came.
///
/// Both, because the engine acts on a Will and takes a Did as the end of
/// what a Will announced, or as stale when a later Will overtook that. A
/// view away while the keyboard slides off with a frame change and then a
/// DidHide must hear the frame change: to an engine whose last Will put a
/// keyboard on screen, a DidHide alone is stale, and the inset would stay
/// (the UIKit glue on its stand-in, scenario 119912 of seed 1795907570: an
/// iPad on iOS 13, the inset left at 313 after the view came back).
///
/// Properties: nothing is kept twice; a Will drops what came before it; a
/// Did replaces the Did before it and keeps the Will; taking empties it.
/// Iterating allocates nothing.
package struct PendingKeyboard: Hashable, Sendable, Sequence {
    private var will: KeyboardNotification?
    private var after: KeyboardNotification?

    package init() {}

    /// Whether nothing is kept.
    package var isEmpty: Bool { will == nil && after == nil }

    /// `notification` arrived while it could not be handed over.
    package mutating func arrived(_ notification: KeyboardNotification) {
        if notification.name.isWill {
            will = notification
            after = nil
        } else {
            after = notification
        }
    }

    /// What to hand the engine (iterate it: in the order it came); empties
    /// this.
    package mutating func take() -> PendingKeyboard {
        defer { self = PendingKeyboard() }
        return self
    }

    package struct Iterator: IteratorProtocol {
        fileprivate var rest: PendingKeyboard

        package mutating func next() -> KeyboardNotification? {
            if let will = rest.will {
                rest.will = nil
                return will
            }
            defer { rest.after = nil }
            return rest.after
        }
    }

    package func makeIterator() -> Iterator { Iterator(rest: self) }
}
