import KeyboardGeometry
import ObjectiveC
import Testing
import UIKit

/// The stand-in's view tree: conversions, safe areas, move callbacks,
/// first responders, associated objects, layout.
@MainActor
@Suite("The stand-in's views", .serialized)
struct ViewTreeTests {
    /// A view that logs its move callbacks.
    @MainActor
    final class Logging: UIView {
        var log: [String] = []
        override func willMove(toSuperview newSuperview: UIView?) { log.append("willMoveToSuperview") }
        override func willMove(toWindow newWindow: UIWindow?) { log.append("willMoveToWindow") }
        override func didMoveToWindow() { log.append("didMoveToWindow") }
        override func didMoveToSuperview() { log.append("didMoveToSuperview") }
    }

    /// A window at (100, 50) on the screen, a container at (10, 20) in it,
    /// a scroll view at (5, 7) in that, scrolled by 30.
    static func nested() -> (UIWindow, UIView, UIScrollView) {
        let window = UIWindow(frame: CGRect(x: 100, y: 50, width: 400, height: 800))
        let container = UIView(frame: CGRect(x: 10, y: 20, width: 300, height: 600))
        let scrollView = UIScrollView(frame: CGRect(x: 5, y: 7, width: 200, height: 400))
        window.addSubview(container)
        container.addSubview(scrollView)
        scrollView.contentSize = CGSize(width: 200, height: 2_000)
        scrollView.contentOffset = CGPoint(x: 0, y: 30)
        return (window, container, scrollView)
    }

    @Test func conversionsGoThroughEverySuperviewAndTheScrollViewsOffset() {
        let (window, _, scrollView) = Self.nested()
        let field = UIView(frame: CGRect(x: 16, y: 300, width: 280, height: 44))
        scrollView.addSubview(field)
        #expect(field.convert(field.bounds, to: scrollView) == CGRect(x: 16, y: 300, width: 280, height: 44), "content coordinates")
        #expect(field.convert(field.bounds, to: window) == CGRect(x: 31, y: 297, width: 280, height: 44), "15 + 16, 27 + 300 - 30")
        #expect(scrollView.superview?.convert(scrollView.frame, to: window) == CGRect(x: 15, y: 27, width: 200, height: 400))
        #expect(window.convert(window.bounds, to: UIScreen.main.coordinateSpace) == CGRect(x: 100, y: 50, width: 400, height: 800))
        #expect(field.convert(field.bounds, to: UIScreen.main.coordinateSpace).origin == CGPoint(x: 131, y: 347))
        #expect(field.convert(CGPoint(x: 1, y: 2), to: nil) == CGPoint(x: 32, y: 299))
        #expect(field.isDescendant(of: window) && !window.isDescendant(of: field))
    }

    /// A view's safe area is the part of its window's it lies under.
    @Test func theSafeAreaIsTheWindowsCutToTheView() {
        let (window, _, scrollView) = Self.nested()
        window.deviceSafeAreaInsets = UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0)
        #expect(scrollView.safeAreaInsets == UIEdgeInsets(top: 20, left: 0, bottom: 0, right: 0), "47 - 27 at the top; clear of the bottom")
        scrollView.frame = CGRect(x: 5, y: 7, width: 200, height: 760)
        #expect(scrollView.safeAreaInsets.bottom == 21, "27 + 760 - (800 - 34)")
        scrollView.removeFromSuperview()
        #expect(scrollView.safeAreaInsets == .zero, "out of a window, none")
    }

    @Test(arguments: UIKitReadings.MoveCallbackOrder.allCases)
    func moveCallbacksComeInTheReadingsOrder(_ order: UIKitReadings.MoveCallbackOrder) {
        UIKitStandIn.readings = UIKitReadings(moveCallbacks: order)
        defer { UIKitStandIn.readings = .standard }
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let parent = UIView(frame: .zero), moved = Logging(frame: .zero), child = Logging(frame: .zero)
        window.addSubview(parent)
        moved.addSubview(child)
        child.log = []
        parent.addSubview(moved)
        let inWindow =
            order == .windowInsideSuperview
            ? ["willMoveToSuperview", "willMoveToWindow", "didMoveToWindow", "didMoveToSuperview"]
            : ["willMoveToSuperview", "willMoveToWindow", "didMoveToSuperview", "didMoveToWindow"]
        #expect(moved.log == inWindow)
        #expect(child.log == ["willMoveToWindow", "didMoveToWindow"], "a descendant hears only of its window")
        moved.log = []
        let other = UIView(frame: .zero)
        parent.addSubview(other)
        other.addSubview(moved)
        #expect(moved.log == ["willMoveToSuperview", "didMoveToSuperview"], "the same window: no window callbacks")
        moved.log = []
        moved.removeFromSuperview()
        #expect(moved.log == inWindow)
    }

    /// One first responder per window; a text field scrolls itself into
    /// view and posts its beginning; leaving the window resigns it.
    @Test func aTextFieldBecomesFirstResponderAndScrollsItselfIntoView() {
        let (window, container, scrollView) = Self.nested()
        let a = UITextField(frame: CGRect(x: 16, y: 100, width: 100, height: 44))
        let b = UITextField(frame: CGRect(x: 16, y: 1_500, width: 100, height: 44))
        scrollView.addSubview(a)
        scrollView.addSubview(b)
        nonisolated(unsafe) var posted: [String] = []
        let tokens = [UITextField.textDidBeginEditingNotification, UITextField.textDidEndEditingNotification].map { name in
            NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) { note in
                let who = note.object as AnyObject? === a ? "a" : "b"
                posted.append("\(name.rawValue.contains("Begin") ? "begin" : "end") \(who)")
            }
        }
        defer { tokens.forEach(NotificationCenter.default.removeObserver) }
        #expect(a.becomeFirstResponder() && a.isFirstResponder)
        #expect(b.becomeFirstResponder() && b.isFirstResponder && !a.isFirstResponder)
        #expect(posted == ["begin a", "end a", "begin b"])
        let bottomAligned: CGFloat = 1_544 - 400
        #expect(scrollView.contentOffset.y == bottomAligned, "b's bottom at the visible bottom")
        container.removeFromSuperview()
        #expect(!b.isFirstResponder && posted.last == "end b", "out of the window, no first responder")
        #expect(!b.becomeFirstResponder(), "out of a window, none can be")
        _ = window
    }

    @Test func associatedObjectsLiveAsLongAsTheirObject() {
        final class Payload {}
        let key = UnsafeRawPointer(UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 1))
        weak var payload: Payload?
        weak var unretained: Payload?
        do {
            let view = UIView(frame: .zero)
            let p = Payload(), q = Payload()
            payload = p
            objc_setAssociatedObject(view, key, p, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
            objc_setAssociatedObject(view, key + 1, q, .OBJC_ASSOCIATION_ASSIGN)
            unretained = q
            #expect(objc_getAssociatedObject(view, key) as AnyObject? === p)
            objc_setAssociatedObject(view, key + 1, nil, .OBJC_ASSOCIATION_ASSIGN)
            #expect(objc_getAssociatedObject(view, key + 1) == nil && view.associatedObjects.count == 1)
        }
        #expect(payload == nil && unretained == nil, "released with the view; ASSIGN never retained")
    }

    /// The layout pass is the simulator's: a view resting at its top stays
    /// at its (new) top; a new size pulls the offset into range then, not
    /// before.
    @Test func theLayoutPassKeepsTheTopAndPullsTheOffsetIntoRange() {
        let (window, _, scrollView) = Self.nested()
        window.deviceSafeAreaInsets = UIEdgeInsets(top: 47, left: 0, bottom: 0, right: 0)
        window.layoutIfNeeded()
        scrollView.contentOffset = CGPoint(x: 0, y: -scrollView.adjustedContentInset.top)
        #expect(scrollView.adjustedContentInset.top == 20)
        scrollView.setNeedsLayout()
        window.deviceSafeAreaInsets = UIEdgeInsets(top: 67, left: 0, bottom: 0, right: 0)
        window.layoutIfNeeded()
        #expect(scrollView.contentOffset.y == -40, "rested at the top: at the new top")
        scrollView.contentOffset = CGPoint(x: 0, y: 1_600)
        window.layoutIfNeeded()
        scrollView.frame = CGRect(x: 5, y: 7, width: 200, height: 500)
        #expect(scrollView.contentOffset.y == 1_600, "not before the layout pass")
        window.layoutIfNeeded()
        #expect(scrollView.contentOffset.y == 1_500, "2000 - 500")
    }

    /// A text view's caret: where the world puts it, or where the text
    /// layout puts a selection; none without either.
    @Test func aTextViewsCaretIsTheWorldsOrItsSelections() {
        let textView = UITextView(frame: CGRect(x: 0, y: 0, width: 200, height: 400))
        #expect(textView.selectedTextRange == nil)
        textView.text = "one\ntwo\nthree"
        textView.selectedRange = NSRange(location: 6, length: 0)
        let range = try! #require(textView.selectedTextRange)
        #expect(textView.caretRect(for: range.end) == StandInTextLayout.caretRect(at: 6, in: "one\ntwo\nthree"))
        let second = CGPoint(
            x: StandInTextLayout.leftPadding + 2 * StandInTextLayout.advance, y: StandInTextLayout.topInset + StandInTextLayout.lineHeight)
        #expect(textView.caretRect(for: range.end).origin == second, "the second line, third column")
        textView.worldCaret = CGRect(x: 4, y: 120, width: 2, height: 20)
        #expect(textView.caretRect(for: textView.selectedTextRange!.end) == CGRect(x: 4, y: 120, width: 2, height: 20))
    }
}
