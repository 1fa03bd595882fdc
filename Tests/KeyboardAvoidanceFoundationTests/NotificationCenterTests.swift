import Foundation
import KeyboardAvoidance
import KeyboardAvoidanceFoundation
import KeyboardGeometry
import Synchronization
import Testing

/// Real `Notification`s posted through a real `NotificationCenter`.
@Suite("NotificationCenter observation")
struct NotificationCenterTests {
    final class Recorder: @unchecked Sendable {
        private let lock = NSLock()
        private var _actions: [AvoidanceAction] = []
        private var _errors: [UserInfoDecodingError] = []
        private var _layout = NotificationCenterTests.layout
        /// The layout as the app's scroll view has it after performed actions.
        var layout: LayoutSnapshot { lock.withLock { _layout } }
        var actions: [AvoidanceAction] { lock.withLock { _actions } }
        var errors: [UserInfoDecodingError] { lock.withLock { _errors } }
        func record(_ a: AvoidanceAction) {
            lock.withLock {
                _actions.append(a)
                if let y = a.adjustment?.contentOffset?.y { _layout.scrollView.contentOffset.y = y }
            }
        }
        func record(_ e: UserInfoDecodingError) { lock.withLock { _errors.append(e) } }
    }

    static let layout = LayoutSnapshot(
        screen: KBSize(width: 375, height: 667),
        scrollView: ScrollViewState(frame: KBRect(x: 0, y: 0, width: 375, height: 667), contentSize: KBSize(width: 375, height: 1000))
    )

    static func post(_ n: KeyboardNotification, to center: NotificationCenter) {
        center.post(name: Notification.Name(n.name.rawValue), object: nil, userInfo: UserInfoEncoder.userInfo(for: n))
    }

    @Test func postsDriveTheEngineAndItsActions() {
        let center = NotificationCenter()
        let recorder = Recorder()
        let observer = KeyboardNotificationObserver(
            center: center, layout: { recorder.layout }, perform: { recorder.record($0) }, failed: { recorder.record($0) }
        )
        observer.send { avoider, layout in avoider.focusBegan(FocusedField(frame: KBRect(x: 0, y: 600, width: 375, height: 44)), in: layout) }
        let frame = KBRect(x: 0, y: 409, width: 375, height: 258)
        Self.post(KeyboardNotification(name: .willShow, frameEnd: frame, duration: 0.25, curve: 7, isLocal: true), to: center)
        Self.post(KeyboardNotification(name: .didShow, frameEnd: frame, duration: 0.25, curve: 7, isLocal: true), to: center)
        Self.post(KeyboardNotification(name: .willHide, frameEnd: frame.offsetBy(dx: 0, dy: 258)), to: center)
        let actions = recorder.actions
        #expect(actions.count == 4)
        guard actions.count == 4 else { return }
        #expect(actions[0] == .ignore(.noKeyboard))
        #expect(actions[1].adjustment?.contentInset.bottom == 258)
        #expect(actions[1].adjustment?.contentOffset?.y == Double(644 - 409))
        #expect(actions[2] == .ignore(.unchanged))
        if case .restore(let r) = actions[3] { #expect(r.contentInset == .zero) } else { Issue.record("expected restore") }
        #expect(recorder.errors.isEmpty)
        withExtendedLifetime(observer) {}
    }

    @Test func malformedPayloadsGoToTheFailureHandler() {
        let center = NotificationCenter()
        let recorder = Recorder()
        let observer = KeyboardNotificationObserver(
            center: center, layout: { Self.layout }, perform: { recorder.record($0) }, failed: { recorder.record($0) }
        )
        center.post(
            name: Notification.Name("UIKeyboardWillShowNotification"), object: nil,
            userInfo: ["UIKeyboardFrameEndUserInfoKey": NSValue(point: .zero)]
        )
        #expect(recorder.actions.isEmpty)
        #expect(recorder.errors.count == 1)
        #expect(recorder.errors.first?.description.contains("UIKeyboardFrameEndUserInfoKey") == true)
        withExtendedLifetime(observer) {}
    }

    @Test func releasingTheObserverStopsObservation() {
        let center = NotificationCenter()
        let recorder = Recorder()
        var observer: KeyboardNotificationObserver? = KeyboardNotificationObserver(
            center: center, layout: { Self.layout }, perform: { recorder.record($0) }
        )
        #expect(observer != nil)
        observer = nil
        Self.post(KeyboardNotification(name: .willShow, frameEnd: KBRect(x: 0, y: 409, width: 375, height: 258)), to: center)
        #expect(recorder.actions.isEmpty)
    }

    /// An event that reaches the avoider while another is inside it waits
    /// until that one has finished: the first event's body gives a second
    /// thread's event half a second to start, and it must not. (Unguarded,
    /// the second would run inside the first, on the same avoider.)
    @Test func anEventWaitsForTheOneInsideTheAvoider() {
        let observer = KeyboardNotificationObserver(center: NotificationCenter(), layout: { Self.layout }, perform: { _ in })
        let secondStarted = DispatchSemaphore(value: 0), secondDone = DispatchSemaphore(value: 0)
        var startedInsideTheFirst = false
        observer.send { _, _ in
            Thread.detachNewThread {
                observer.send { _, _ in
                    secondStarted.signal()
                    return .ignore(.noKeyboard)
                }
                secondDone.signal()
            }
            startedInsideTheFirst = secondStarted.wait(timeout: .now() + 0.5) == .success
            return .ignore(.noKeyboard)
        }
        #expect(!startedInsideTheFirst)
        #expect(secondDone.wait(timeout: .now() + 30) == .success, "the second event ran once the first had finished")
        #expect(secondStarted.wait(timeout: .now()) == .success)
    }

    @Test func postsFromManyThreadsAreSerialised() async {
        let center = NotificationCenter()
        let recorder = Recorder()
        let observer = KeyboardNotificationObserver(center: center, layout: { Self.layout }, perform: { recorder.record($0) })
        await withTaskGroup(of: Void.self) { group in
            for i in 0..<8 {
                group.addTask {
                    for j in 0..<50 {
                        let h = Double(200 + (i * 50 + j) % 60)
                        Self.post(KeyboardNotification(name: .willChangeFrame, frameEnd: KBRect(x: 0, y: 667 - h, width: 375, height: h)), to: center)
                    }
                }
            }
        }
        #expect(recorder.actions.count == 400)
        withExtendedLifetime(observer) {}
    }
}
