import KeyboardGeometry
import Testing

@testable import KeyboardAvoidance

/// What an adapter keeps of the keyboard's notifications while it cannot
/// hand them to the engine: the newest Will and the newest notification
/// after it.
@Suite("Pending keyboard notifications")
struct PendingKeyboardTests {
    static func note(_ name: KeyboardNotification.Name, y: Double) -> KeyboardNotification {
        KeyboardNotification(
            name: name, frameBegin: KBRect(x: 0, y: 812, width: 375, height: 336), frameEnd: KBRect(x: 0, y: y, width: 375, height: 336),
            duration: 0.25, curve: 7)
    }

    @Test func theNewestWillAndTheNewestAfterItInOrder() {
        var pending = PendingKeyboard()
        #expect(pending.isEmpty && Array(pending).isEmpty)
        let show = Self.note(.willShow, y: 476), didShow = Self.note(.didShow, y: 476)
        let change = Self.note(.willChangeFrame, y: 812), didChange = Self.note(.didChangeFrame, y: 812)
        let didHide = Self.note(.didHide, y: 812)
        pending.arrived(show)
        pending.arrived(didShow)
        #expect(Array(pending) == [show, didShow])
        pending.arrived(change)
        #expect(Array(pending) == [change], "a Will drops what came before it")
        pending.arrived(didChange)
        pending.arrived(didHide)
        #expect(Array(pending) == [change, didHide], "a Did replaces the Did before it")
        #expect(Array(pending.take()) == [change, didHide])
        #expect(pending.isEmpty, "taking empties it")
    }

    @Test func aDidAloneIsKept() {
        var pending = PendingKeyboard()
        let didHide = Self.note(.didHide, y: 812)
        pending.arrived(didHide)
        #expect(Array(pending) == [didHide])
    }
}
