import GlueBridge
import KeyboardAvoidance
import KeyboardAvoidanceFoundation
import KeyboardAvoidanceUIKit
import KeyboardGeometry
import Testing
import UIKit

/// The UIKit glue on a chat screen, run on the stand-in: a transcript from
/// under a 88 pt bar to the bottom of an 812 pt iPhone screen, a 52 pt
/// composer outside it resting on the 34 pt safe area, 2,000 pt of
/// messages. What the glue sets is held to the engine's own answers to what
/// it handed the engine, replayed; the numbers are the engine's contract
/// (docs/contract.md, "Chat screens"). A stand-in is a test double, not
/// iOS.
@MainActor
@Suite("The UIKit glue on a chat screen, on the stand-in", .serialized)
struct ChatGlueTests {
    /// The screen, attached at the transcript's end.
    @MainActor
    final class ChatScreen {
        let window: UIWindow
        let transcript = UIScrollView(frame: CGRect(x: 0, y: 88, width: 375, height: 724))
        let composer = UIView(frame: CGRect(x: 0, y: 812 - 34 - 52, width: 375, height: 52))
        let controller: KeyboardAvoidanceController
        var handed: [HandedEvent] = []

        init() {
            let scene = UIWindowScene(screen: UIScreen(bounds: CGRect(x: 0, y: 0, width: 375, height: 812)), interfaceOrientation: .portrait)
            window = UIWindow(windowScene: scene)
            window.deviceSafeAreaInsets = UIEdgeInsets(top: 44, left: 0, bottom: 34, right: 0)
            let root = UIView(frame: window.bounds)
            window.addSubview(root)
            root.addSubview(transcript)
            root.addSubview(composer)
            transcript.contentSize = CGSize(width: 375, height: 2_000)
            window.makeKeyAndVisible()
            window.layoutIfNeeded()
            transcript.contentOffset = CGPoint(x: 0, y: 2_000 - 724 + 34)
            controller = KeyboardAvoidanceController.attach(to: transcript, composer: composer)
            controller.observeEvents { [unowned self] in self.handed.append(HandedEvent(event: $0, layout: $1)) }
            HandTurnedMainQueue.current.settle()
        }

        func post(_ name: KeyboardNotification.Name, keyboardTop: Double) {
            let up = KBRect(x: 0, y: keyboardTop, width: 375, height: 336), down = KBRect(x: 0, y: 812, width: 375, height: 336)
            let n = KeyboardNotification(
                name: name, frameBegin: name == .willShow ? down : up, frameEnd: name == .willHide || name == .didHide ? down : up,
                duration: name == .willShow || name == .willHide ? 0.25 : 0, curve: 7, isLocal: true)
            UIKitStandIn.post(UserInfoEncoder.notification(for: n))
            HandTurnedMainQueue.current.settle()
        }

        /// The offset of the transcript's end under the inset on it.
        var endY: Double { Double(transcript.contentSize.height - 724 + transcript.adjustedContentInset.bottom) }
        var offsetY: Double { Double(transcript.contentOffset.y) }

        /// The engine's answers to what the glue handed it, replayed on a
        /// fresh avoider: the insets and offset the last event leaves (its
        /// layout's offset where its answer sets none).
        func replayed() -> (inset: KBEdgeInsets, offsetY: Double) {
            var avoider = KeyboardAvoider(frameSpace: .oriented)
            var inset = KBEdgeInsets.zero, offset = 0.0
            for h in handed {
                offset = h.layout.scrollView.contentOffset.y
                switch avoider.handle(h.event, in: h.layout) {
                case .apply(let a):
                    inset = a.contentInset
                    if let o = a.contentOffset { offset = o.y }
                case .restore(let a):
                    inset = h.layout.scrollView.contentInset
                    if let o = a.contentOffset { offset = o.y }
                case .ignore: break
                }
            }
            return (inset, offset)
        }
    }

    @Test func theTranscriptFollowsItsEndAndKeepsAReadersRows() throws {
        try HandTurnedMainQueue.run { _ in
            let screen = ChatScreen()
            #expect(screen.handed.isEmpty, "attaching with no keyboard hands nothing")
            screen.post(.willShow, keyboardTop: 476)
            screen.post(.didShow, keyboardTop: 476)
            // The layout guide lifts the composer onto the keyboard: a move
            // of the composer is no event, only its height is.
            let shown = screen.handed.count
            screen.composer.frame = CGRect(x: 0, y: 476 - 52, width: 375, height: 52)
            HandTurnedMainQueue.current.settle()
            #expect(screen.handed.count == shown)
            let layout = try #require(screen.handed.first?.layout)
            #expect(layout.composer == Composer(height: 52, restingInset: 34), "read off the composer and the window's safe area")
            #expect(
                Double(screen.transcript.contentInset.bottom) == 812 - 476 + 52 - 34, "the keyboard and the composer above it, less the safe area")
            #expect(screen.offsetY == screen.endY, "the newest message right above the composer")

            // A message arrives: the transcript follows it.
            screen.transcript.contentSize.height += 120
            HandTurnedMainQueue.current.settle()
            #expect(screen.handed.last?.event == .contentChanged)
            #expect(screen.offsetY == screen.endY && screen.endY == 2_120 - 724 + 336 + 52)

            // The composer grows by a line: the inset with it, the end kept.
            screen.composer.frame = CGRect(x: 0, y: 476 - 72, width: 375, height: 72)
            HandTurnedMainQueue.current.settle()
            #expect(screen.handed.last?.layout.composer?.height == 72)
            #expect(Double(screen.transcript.contentInset.bottom) == 812 - 476 + 72 - 34)
            #expect(screen.offsetY == screen.endY)

            // The user drags up to read; each frame of the drag in one turn
            // reaches the engine once, and the glue never moves the offset.
            let before = screen.handed.count
            screen.transcript.userScroll(to: CGPoint(x: 0, y: 520))
            screen.transcript.userScroll(to: CGPoint(x: 0, y: 500), decelerating: true)
            HandTurnedMainQueue.current.settle()
            #expect(screen.handed.count == before + 1 && screen.handed.last?.event == .scrolled)
            #expect(screen.offsetY == 500)

            // A message arrives while the user reads: the rows stay put.
            screen.transcript.contentSize.height += 120
            HandTurnedMainQueue.current.settle()
            #expect(screen.handed.last?.event == .contentChanged)
            #expect(screen.offsetY == 500)

            // Our own offset is no user's scroll: the keyboard hides, and
            // nothing but the notifications is handed on.
            let beforeHide = screen.handed.count
            screen.post(.willHide, keyboardTop: 476)
            screen.post(.didHide, keyboardTop: 476)
            #expect(screen.handed.count == beforeHide + 2)
            #expect(screen.transcript.contentInset.bottom == 72, "the grown composer at rest: 72 above the safe area UIKit adds")

            // Held to the replay: what is on the view is what the engine
            // answered to what it was handed.
            let replay = screen.replayed()
            #expect(KBEdgeInsets(screen.transcript.contentInset) == replay.inset)
            #expect(replay.offsetY == screen.offsetY, "\(screen.handed.map(\.event))")
            screen.controller.detach()
            #expect(screen.transcript.contentInset == .zero, "detached: the app's own inset back")
        }
    }

    /// Scrolls not made by the user (the app's own, UIKit's layout) are no
    /// event: only a drag or its deceleration is.
    @Test func onlyTheUsersOwnScrollIsAnEvent() {
        HandTurnedMainQueue.run { _ in
            let screen = ChatScreen()
            screen.transcript.contentOffset = CGPoint(x: 0, y: 300)
            HandTurnedMainQueue.current.settle()
            #expect(screen.handed.isEmpty)
            screen.transcript.userScroll(to: CGPoint(x: 0, y: 200))
            HandTurnedMainQueue.current.settle()
            #expect(screen.handed.map(\.event) == [.scrolled])
            #expect(screen.handed.last?.layout.scrollView.contentOffset.y == 200)
        }
    }

    /// A screen of fields hears no scroll at all, the user's included.
    @Test func aScreenOfFieldsHearsNoScroll() {
        HandTurnedMainQueue.run { _ in
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 375, height: 812))
            let scrollView = UIScrollView(frame: CGRect(x: 0, y: 88, width: 375, height: 724))
            window.addSubview(scrollView)
            scrollView.contentSize = CGSize(width: 375, height: 2_000)
            window.makeKeyAndVisible()
            let controller = KeyboardAvoidanceController.attach(to: scrollView)
            var handed: [AvoiderEvent] = []
            controller.observeEvents { event, _ in handed.append(event) }
            scrollView.userScroll(to: CGPoint(x: 0, y: 200))
            HandTurnedMainQueue.current.settle()
            #expect(handed.isEmpty)
            controller.detach()
        }
    }
}
