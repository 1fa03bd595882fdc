import Foundation
import GlueBridge
import KeyboardAvoidance
import KeyboardAvoidanceFoundation
import KeyboardAvoidanceUIKit
import KeyboardGeometry
import Testing
import UIKit

/// The main queue and clock the differentials turn by hand, and the glue's
/// deferred work and caret poll run on them.
@MainActor
@Suite("The hand-turned main queue", .serialized)
struct HandTurnedMainQueueTests {
    @Test func workRunsInOrderOnlyWhenSettledAndWorkItQueuesGoesLast() {
        var ran: [String] = []
        HandTurnedMainQueue.run { queue in
            GlueScheduler.current.nextTurn {
                ran.append("a")
                GlueScheduler.current.nextTurn { ran.append("c") }
            }
            UIKitStandIn.nextTurn { ran.append("b") }
            #expect(ran.isEmpty, "nothing runs until the queue is turned")
            #expect(queue.waiting == 2)
            queue.settle()
            #expect(ran == ["a", "b", "c"])
            #expect(queue.waiting == 0)
        }
    }

    /// A view marked for layout between passes is laid out when the turn
    /// ends, as UIKit's update cycle does: a view moved out of the
    /// window's bottom safe area while nothing laid it out reports its new
    /// safe area then (and so reports the old one again when it comes
    /// back), not only at the next layout the app asks for.
    @Test func aTurnEndsWithALayoutPassThatReportsTheSafeArea() {
        final class Reporting: UIView {
            var reported: [CGFloat] = []
            override func safeAreaInsetsDidChange() { reported.append(safeAreaInsets.bottom) }
        }
        HandTurnedMainQueue.run { queue in
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 800))
            window.makeKeyAndVisible()
            let view = Reporting(frame: CGRect(x: 0, y: 0, width: 400, height: 800))
            window.addSubview(view)
            window.deviceSafeAreaInsets = UIEdgeInsets(top: 0, left: 0, bottom: 34, right: 0)
            window.layoutIfNeeded()
            #expect(view.reported == [34])
            GlueScheduler.current.nextTurn { view.frame = CGRect(x: 0, y: -100, width: 400, height: 800) }
            queue.settle()
            #expect(view.reported == [34, 0], "clear of the bottom strip, reported as the turn ended")
            view.frame = CGRect(x: 0, y: 0, width: 400, height: 800)
            window.layoutIfNeeded()
            #expect(view.reported == [34, 0, 34])
        }
    }

    @Test func ticksComeInTimeOrderAndStopWhenReleased() {
        var heard: [String] = []
        HandTurnedMainQueue.run { queue in
            let fast = GlueScheduler.current.repeating(0.1) { heard.append("fast \(Int((queue.now * 10).rounded()))") }
            var slow: GlueTicker? = GlueScheduler.current.repeating(0.25) {
                heard.append("slow \(Int((queue.now * 10).rounded()))")
                GlueScheduler.current.nextTurn { heard.append("after slow") }
            }
            queue.advance(by: 0.05)
            #expect(heard.isEmpty, "the first tick comes a period after the ticker was made")
            queue.advance(by: 0.5)
            // At 0.5 s both are due: the one made first ticks first.
            #expect(heard == ["fast 1", "fast 2", "slow 3", "after slow", "fast 3", "fast 4", "fast 5", "slow 5", "after slow"])
            _ = slow
            slow = nil
            heard = []
            queue.advance(by: 0.3)
            #expect(heard == ["fast 6", "fast 7", "fast 8"])
            withExtendedLifetime(fast) {}
        }
    }

    /// A caret that moves without a text change reaches the engine at the
    /// caret poll's next tick, and not before: time passes only as the
    /// test says.
    @Test func theCaretPollReadsAMovedCaretAtItsNextTick() throws {
        try HandTurnedMainQueue.run { queue in
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            let scrollView = UIScrollView(frame: CGRect(x: 0, y: 88, width: 390, height: 756))
            scrollView.contentSize = CGSize(width: 390, height: 2_000)
            scrollView.contentInsetAdjustmentBehavior = .never
            let textView = UITextView(frame: CGRect(x: 16, y: 100, width: 358, height: 1_400))
            textView.text = String(repeating: "line\n", count: 80)
            scrollView.addSubview(textView)
            window.addSubview(scrollView)
            window.isHidden = false
            let avoidance = KeyboardAvoidanceController.attach(to: scrollView, policy: AvoidancePolicy(tallField: .caret))
            defer { avoidance.detach() }
            var carets: [Double] = []
            avoidance.observeEvents { event, _ in if case .focusBegan(let f) = event, let c = f.caret { carets.append(c.minY) } }
            textView.selectedRange = NSRange(location: 0, length: 0)
            #expect(textView.becomeFirstResponder())
            let keyboard = KBRect(x: 0, y: 844 - 336, width: 390, height: 336)
            UIKitStandIn.post(
                UserInfoEncoder.notification(
                    for: KeyboardNotification(
                        name: .willShow, frameBegin: KBRect(x: 0, y: 844, width: 390, height: 336), frameEnd: keyboard, duration: 0, curve: 7)))
            queue.settle()
            let first = try #require(carets.last)
            textView.selectedRange = NSRange(location: textView.text.utf16.count, length: 0)
            queue.advance(by: 0.09)
            #expect(carets.last == first, "no tick yet: the move is not seen")
            queue.advance(by: 0.01)
            let moved = try #require(carets.last)
            #expect(moved > first, "the tick at 0.1 s read the caret near the text's end")
        }
    }
}
