#if canImport(UIKit)
import KeyboardAvoidance
import KeyboardAvoidanceFoundation
import KeyboardAvoidanceUIKit
import KeyboardGeometry
import Testing
import UIKit

/// The adapter attached to a real scroll view in a real window, with
/// keyboard notifications posted as UIKit posts them (UIKit's userInfo
/// keys, `NSValue(cgRect:)` frames). One test per problem the
/// Apple-platforms review found; the same rules are tested on Linux in
/// Tests/KeyboardAvoidanceUIKitTests.
///
/// Editing is announced by posting UIKit's own begin-editing notification
/// (what the adapter observes), so that no test depends on a key window or
/// a keyboard appearing in a hostless test process. Keyboard notifications
/// carry a duration of 0, so changes are made at once and can be read back.
@MainActor
@Suite("UIKit adapter on the iOS Simulator", .serialized)
struct AdapterSimulatorTests {
    static let own = UIEdgeInsets(top: 10, left: 0, bottom: 20, right: 0)
    static let keyboardHeight: CGFloat = 336

    /// A window the size of the screen, a scroll view below an 88 pt bar
    /// holding 1,600 pt of content, and a text field far down in it.
    @MainActor
    final class Scene {
        let window: UIWindow
        let scrollView: UIScrollView
        let field: UITextField
        let screen = UIScreen.main.bounds

        init(inWindow: Bool = true) {
            window = UIWindow(frame: screen)
            scrollView = UIScrollView(frame: CGRect(x: 0, y: 88, width: screen.width, height: screen.height - 88))
            scrollView.contentSize = CGSize(width: screen.width, height: 1_600)
            scrollView.contentInsetAdjustmentBehavior = .never
            scrollView.contentInset = AdapterSimulatorTests.own
            field = UITextField(frame: CGRect(x: 16, y: 900, width: screen.width - 32, height: 44))
            scrollView.addSubview(field)
            window.isHidden = false
            if inWindow { window.addSubview(scrollView) }
        }

        /// The keyboard sliding up to cover the bottom of the screen.
        var show: KeyboardNotification {
            let h = AdapterSimulatorTests.keyboardHeight
            return KeyboardNotification(
                name: .willShow, frameBegin: KBRect(x: 0, y: Double(screen.height), width: Double(screen.width), height: Double(h)),
                frameEnd: KBRect(x: 0, y: Double(screen.height - h), width: Double(screen.width), height: Double(h)), duration: 0, curve: 7
            )
        }

        var hide: KeyboardNotification {
            var n = show
            n.name = .willHide
            let begin = n.frameBegin
            n.frameBegin = n.frameEnd
            n.frameEnd = begin
            return n
        }

        func post(_ n: KeyboardNotification) {
            NotificationCenter.default.post(UserInfoEncoder.notification(for: n))
        }

        func beginEditing(_ view: UIView? = nil) {
            NotificationCenter.default.post(name: UITextField.textDidBeginEditingNotification, object: view ?? field)
        }

        /// Lets the main run loop turn for `seconds`, so that what the
        /// adapter does on a later turn (a block on the main queue, a timer)
        /// happens. A suspension, not a nested run of the run loop: a
        /// main-actor test runs as a job of the main queue, and a run loop
        /// run inside that job does not run the blocks queued on the main
        /// queue meanwhile (they wait for the job to end).
        func settle(_ seconds: TimeInterval = 0.05) async {
            try? await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
        }

        /// The bottom inset the keyboard needs: what it covers of the scroll view.
        var covered: CGFloat { AdapterSimulatorTests.keyboardHeight }
    }

    @Test func aKeyboardRaisesTheInsetAndAHideRestoresIt() {
        let s = Scene()
        let avoidance = KeyboardAvoidanceController.attach(to: s.scrollView)
        defer { avoidance.detach() }
        s.beginEditing()
        s.post(s.show)
        #expect(s.scrollView.contentInset.bottom == s.covered)
        #expect(s.scrollView.contentOffset.y > 0, "the field was below the keyboard")
        s.post(s.hide)
        #expect(s.scrollView.contentInset == Self.own)
    }

    /// Leaving the window restores the app's own insets, not zero, and they
    /// stay the app's own through detach.
    @Test func leavingTheWindowRestoresTheAppsOwnInsets() {
        let s = Scene()
        let avoidance = KeyboardAvoidanceController.attach(to: s.scrollView)
        s.beginEditing()
        s.post(s.show)
        #expect(s.scrollView.contentInset.bottom == s.covered)
        s.scrollView.removeFromSuperview()
        #expect(s.scrollView.contentInset == Self.own)
        avoidance.detach()
        #expect(s.scrollView.contentInset == Self.own)
        // And back in a window, attached again, it still works.
        s.window.addSubview(s.scrollView)
        let again = KeyboardAvoidanceController.attach(to: s.scrollView)
        defer { again.detach() }
        s.post(s.show)
        #expect(s.scrollView.contentInset.bottom == s.covered)
    }

    /// A keyboard shown while the view is in no window is applied when the
    /// view appears.
    @Test func aKeyboardShownOutOfAWindowIsAppliedWhenTheViewAppears() {
        let s = Scene(inWindow: false)
        let avoidance = KeyboardAvoidanceController.attach(to: s.scrollView)
        defer { avoidance.detach() }
        s.beginEditing()
        s.post(s.show)
        #expect(s.scrollView.contentInset == Self.own, "nothing happens out of a window")
        s.window.addSubview(s.scrollView)
        #expect(s.scrollView.contentInset.bottom == s.covered)
    }

    /// Indicator insets are the app's own, raised as the content inset is;
    /// the app's changes to them are kept, and detach restores the newest.
    @Test func indicatorInsetsFollowTheAppsOwn() {
        let s = Scene()
        s.scrollView.verticalScrollIndicatorInsets = UIEdgeInsets(top: 4, left: 0, bottom: 6, right: 0)
        let avoidance = KeyboardAvoidanceController.attach(to: s.scrollView)
        s.post(s.show)
        let raise = s.covered - Self.own.bottom
        #expect(s.scrollView.verticalScrollIndicatorInsets == UIEdgeInsets(top: 4, left: 0, bottom: 6 + raise, right: 0))
        s.scrollView.verticalScrollIndicatorInsets = UIEdgeInsets(top: 8, left: 0, bottom: 2, right: 0)
        #expect(s.scrollView.verticalScrollIndicatorInsets == UIEdgeInsets(top: 8, left: 0, bottom: 2 + raise, right: 0))
        avoidance.detach()
        #expect(s.scrollView.verticalScrollIndicatorInsets == UIEdgeInsets(top: 8, left: 0, bottom: 2, right: 0))
        #expect(s.scrollView.contentInset == Self.own)
    }

    /// A stale controller detaching again never removes a newer one.
    @Test func aStaleDetachLeavesTheNewerControllerAttached() {
        let s = Scene()
        let first = KeyboardAvoidanceController.attach(to: s.scrollView)
        first.detach()
        let second = KeyboardAvoidanceController.attach(to: s.scrollView)
        defer { second.detach() }
        #expect(first !== second)
        first.detach()
        #expect(KeyboardAvoidanceController.attach(to: s.scrollView) === second)
        s.post(s.show)
        #expect(s.scrollView.contentInset.bottom == s.covered, "the newer controller still avoids")
    }

    /// A scroll view released without detach takes its controller with it.
    @Test func aReleasedScrollViewReleasesItsController() async {
        weak var controller: KeyboardAvoidanceController?
        weak var released: UIScrollView?
        autoreleasepool {
            let scrollView = UIScrollView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            controller = KeyboardAvoidanceController.attach(to: scrollView)
            released = scrollView
        }
        await Scene().settle()
        #expect(released == nil)
        #expect(controller == nil)
    }

    /// App code that removes every subview of the scroll view removes the
    /// window sentinel too; it comes back, and leaving the window is still
    /// seen.
    @Test func removingEverySubviewKeepsTheWindowTracked() async {
        let s = Scene()
        let avoidance = KeyboardAvoidanceController.attach(to: s.scrollView)
        defer { avoidance.detach() }
        s.scrollView.subviews.forEach { $0.removeFromSuperview() }
        await s.settle()
        #expect(s.scrollView.subviews.count == 1, "the sentinel is back")
        s.post(s.show)
        #expect(s.scrollView.contentInset.bottom == s.covered)
        s.scrollView.removeFromSuperview()
        #expect(s.scrollView.contentInset == Self.own)
    }

    /// A content-size change (self-sizing cells while the user scrolls)
    /// never scrolls the view back to the field.
    @Test func aContentSizeChangeNeverScrolls() async {
        let s = Scene()
        let avoidance = KeyboardAvoidanceController.attach(to: s.scrollView)
        defer { avoidance.detach() }
        s.beginEditing()
        s.post(s.show)
        s.scrollView.contentOffset = CGPoint(x: 0, y: -Self.own.top)
        s.scrollView.contentSize = CGSize(width: s.screen.width, height: 1_700)
        await s.settle()
        #expect(s.scrollView.contentOffset.y == -Self.own.top)
    }

    /// A caret that moves without the text changing is followed: a tall
    /// text view with the caret policy scrolls to the caret.
    @Test func aCaretMoveWithoutATextChangeIsFollowed() async {
        let s = Scene()
        let textView = UITextView(frame: CGRect(x: 16, y: 100, width: s.screen.width - 32, height: 1_400))
        textView.text = String(repeating: "line\n", count: 80)
        s.scrollView.addSubview(textView)
        let avoidance = KeyboardAvoidanceController.attach(to: s.scrollView, policy: AvoidancePolicy(tallField: .caret))
        defer { avoidance.detach() }
        var events: [AvoiderEvent] = []
        avoidance.observeEvents { event, _ in events.append(event) }
        textView.selectedRange = NSRange(location: 0, length: 0)
        s.beginEditing(textView)
        s.post(s.show)
        let before = s.scrollView.contentOffset.y
        textView.selectedRange = NSRange(location: textView.text.utf16.count, length: 0)
        textView.layoutIfNeeded()
        await s.settle(0.4)
        let carets = events.compactMap { event -> KBRect? in if case .focusBegan(let f) = event { f.caret } else { nil } }
        #expect(Set(carets.map(\.minY)).count >= 2, "the caret's move reached the engine: \(carets)")
        #expect(s.scrollView.contentOffset.y > before, "scrolled to the caret near the text's end")
    }

    /// What the engine is handed can be recorded: detaching hands nothing
    /// (no disappearance), and the controller keeps the attached policy.
    @Test func detachingIsNoDisappearance() {
        let s = Scene()
        let policy = AvoidancePolicy(distance: 12)
        let avoidance = KeyboardAvoidanceController.attach(to: s.scrollView, policy: policy)
        var events: [AvoiderEvent] = []
        avoidance.observeEvents { event, _ in events.append(event) }
        s.beginEditing()
        s.post(s.show)
        avoidance.detach()
        #expect(avoidance.policy == policy)
        #expect(events.contains(.keyboard(s.show)))
        #expect(!events.contains(.viewDisappeared))
        #expect(s.scrollView.contentInset == Self.own)
    }

    /// A field already editing when avoidance is attached is followed.
    @Test func aFieldEditingAtAttachIsFollowed() throws {
        let s = Scene()
        s.window.makeKeyAndVisible()
        try #require(s.field.becomeFirstResponder(), "the field could not become first responder in this test host")
        let avoidance = KeyboardAvoidanceController.attach(to: s.scrollView)
        defer {
            avoidance.detach()
            s.field.resignFirstResponder()
        }
        s.post(s.show)
        #expect(s.scrollView.contentOffset.y > 0, "scrolled to the field without a begin-editing notification")
    }

    /// A UITableViewController's own table avoids the keyboard itself: the
    /// adapter declines, and changes nothing.
    @Test func aTableViewControllersTableIsDeclined() {
        let controller = UITableViewController(style: .plain)
        let avoidance = KeyboardAvoidanceController.attach(to: controller.tableView)
        #expect(avoidance.declined == .tableViewControllerAvoidsKeyboard)
        let plain = UITableView(frame: .zero, style: .plain)
        let attached = KeyboardAvoidanceController.attach(to: plain)
        defer { attached.detach() }
        #expect(attached.declined == nil, "a table view of any other controller is avoided")
    }
}
#endif
