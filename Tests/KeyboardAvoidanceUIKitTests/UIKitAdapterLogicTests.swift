import KeyboardAvoidance
import KeyboardAvoidanceFoundation
@testable import KeyboardAvoidanceUIKit
import KeyboardGeometry
import Testing

/// The UIKit adapter's logic that needs no UIKit, tested here; the UIKit
/// file itself is built by the macOS CI job only.
@Suite("UIKit adapter logic")
struct UIKitAdapterLogicTests {
    @Test func theKeyboardCurveGoesIntoBitsSixteenToNineteen() {
        // UIView.AnimationOptions(rawValue: curve << 16), plus beginFromCurrentState (1 << 2).
        #expect(UIKitValues.animationOptions(curve: 7) == 0x70004)
        #expect(UIKitValues.animationOptions(curve: 0) == 0x4)
        #expect(UIKitValues.animationOptions(curve: 3) == 0x30004)
        // A curve that cannot be expressed in four bits falls back to ease in-out.
        #expect(UIKitValues.animationOptions(curve: 16) == 0x4 && UIKitValues.animationOptions(curve: -1) == 0x4)
    }

    @Test func interfaceOrientationsAreNamedAfterTheHomeButton() {
        let portrait = KBSize(width: 390, height: 844), landscape = KBSize(width: 844, height: 390)
        #expect(InterfaceOrientation(uiKitRawValue: 1, screen: portrait) == .portrait)
        #expect(InterfaceOrientation(uiKitRawValue: 2, screen: portrait) == .portraitUpsideDown)
        #expect(InterfaceOrientation(uiKitRawValue: 3, screen: landscape) == .landscapeRight)
        #expect(InterfaceOrientation(uiKitRawValue: 4, screen: landscape) == .landscapeLeft)
        #expect(InterfaceOrientation(uiKitRawValue: 0, screen: landscape) == .landscapeRight)
        #expect(InterfaceOrientation(uiKitRawValue: 0, screen: portrait) == .portrait)
    }

    @Test func allFourBehavioursMap() {
        #expect(UIKitValues.insetAdjustment(rawValue: 1, systemAddsVerticalSafeArea: true) == .scrollableAxes)
        #expect(UIKitValues.insetAdjustment(rawValue: 2, systemAddsVerticalSafeArea: true) == .never)
        #expect(UIKitValues.insetAdjustment(rawValue: 3, systemAddsVerticalSafeArea: false) == .always)
        // .automatic: inside a navigation controller UIKit adds the top and
        // bottom even to a short view; elsewhere it behaves as scrollableAxes.
        #expect(UIKitValues.insetAdjustment(rawValue: 0, systemAddsVerticalSafeArea: true) == .automatic)
        #expect(UIKitValues.insetAdjustment(rawValue: 0, systemAddsVerticalSafeArea: false) == .scrollableAxes)
        #expect(UIKitValues.insetAdjustment(rawValue: 99, systemAddsVerticalSafeArea: true) == .automatic)
    }

    static func reading(contentInset: KBEdgeInsets, adjusted: KBEdgeInsets, behaviour: Int = 0, content: Double = 700) -> ScrollViewReading {
        ScrollViewReading(
            screenBounds: KBRect(x: 0, y: 0, width: 375, height: 812), interfaceOrientation: 1,
            windowFrameInScreen: KBRect(x: 0, y: 0, width: 375, height: 812), frameInWindow: KBRect(x: 0, y: 88, width: 375, height: 724),
            safeAreaInsets: KBEdgeInsets(top: 0, bottom: 34), contentInset: contentInset, adjustedContentInset: adjusted,
            insetAdjustmentBehavior: behaviour, alwaysBounceVertical: false, alwaysBounceHorizontal: false,
            contentSize: KBSize(width: 375, height: content), contentOffset: KBPoint(x: 0, y: 0)
        )
    }

    /// The snapshot holds the app's own inset, never ours, and the behaviour
    /// UIKit is applying, read off adjustedContentInset.
    @Test func theSnapshotComesFromPlainNumbers() {
        // Ours applied (bottom 300 over an own 44): UIKit adds the 34 pt bottom.
        let inNavigation = Self.reading(contentInset: KBEdgeInsets(bottom: 300), adjusted: KBEdgeInsets(bottom: 334))
            .snapshot(ownContentInset: KBEdgeInsets(bottom: 44))
        #expect(inNavigation.scrollView.contentInset == KBEdgeInsets(bottom: 44))
        #expect(inNavigation.scrollView.insetAdjustment == .automatic)
        #expect(
            inNavigation.scrollView.frame == KBRect(x: 0, y: 88, width: 375, height: 724) && inNavigation.screen == KBSize(width: 375, height: 812))
        #expect(inNavigation.scrollView.safeAreaContribution == KBEdgeInsets(bottom: 34))
        // The same short view outside a navigation controller: UIKit adds nothing.
        let alone = Self.reading(contentInset: KBEdgeInsets(bottom: 300), adjusted: KBEdgeInsets(bottom: 300)).snapshot(
            ownContentInset: KBEdgeInsets(bottom: 44))
        #expect(alone.scrollView.insetAdjustment == .scrollableAxes && alone.scrollView.safeAreaContribution == .zero)
    }

    /// UIKit adds the top safe area as it adds the bottom: a view under the
    /// status bar alone (safe top 47, no bottom) is read by its top, within
    /// half a point, and never by a top safe area of 0.
    @Test func theSafeAreaAddedAtTheTopCountsAsTheBottomDoes() {
        func adds(top: Double, adjustedTop: Double) -> Bool {
            var r = Self.reading(contentInset: KBEdgeInsets(top: 10), adjusted: KBEdgeInsets(top: adjustedTop))
            r.safeAreaInsets = KBEdgeInsets(top: top)
            return r.systemAddsVerticalSafeArea
        }
        #expect(adds(top: 47, adjustedTop: 57), "10 of the app's own, 47 of UIKit's")
        #expect(adds(top: 47, adjustedTop: 57.25))
        #expect(!adds(top: 47, adjustedTop: 57.5), "half a point off is not within half a point")
        #expect(!adds(top: 47, adjustedTop: 10), "UIKit adds nothing")
        #expect(!adds(top: 47, adjustedTop: 67), "20 beyond the own 10 and the 47")
        #expect(!adds(top: 0, adjustedTop: 10), "no safe area: nothing to tell")
    }

    @Test func theBookTellsTheAppsInsetFromOurs() {
        var book = OwnInsetBook(contentInset: KBEdgeInsets(top: 64), indicatorInsets: KBEdgeInsets(top: 64))
        let ours = OwnInsetBook.AppliedInsets(contentInset: KBEdgeInsets(top: 64, bottom: 300), indicatorInsets: KBEdgeInsets(top: 64, bottom: 300))
        book.willApply(ours)
        book.willSet(ours)
        #expect(book.contentInsetChanged(to: KBEdgeInsets(top: 64, bottom: 300)) == .ours)
        #expect(book.indicatorInsetsChanged(to: KBEdgeInsets(top: 64, bottom: 300)) == .ours)
        // The app sets a new inset of its own while ours is applied.
        #expect(book.contentInsetChanged(to: KBEdgeInsets(top: 100)) == .appChanged)
        #expect(book.ownContentInset == KBEdgeInsets(top: 100) && book.applied == nil)
        // Restoring puts back the app's own; UIKit's report of it is ours.
        book.willRestore()
        book.willSet(.init(contentInset: KBEdgeInsets(top: 100), indicatorInsets: KBEdgeInsets(top: 64)))
        #expect(book.contentInsetChanged(to: KBEdgeInsets(top: 100)) == .ours)
        #expect(book.contentInsetChanged(to: KBEdgeInsets(top: 20)) == .appChanged && book.ownContentInset == KBEdgeInsets(top: 20))
    }

    /// An app that sets exactly the inset ours has (a 44 pt toolbar under a
    /// keyboard that covers 44 pt of the view) sets its own: our set's
    /// report came back already, so this one is the app's, and detaching
    /// puts its 44 back, not the 0 it had before.
    @Test func anAppsInsetEqualToOursIsStillTheApps() {
        var book = OwnInsetBook(contentInset: .zero, indicatorInsets: .zero)
        let ours = OwnInsetBook.AppliedInsets(contentInset: KBEdgeInsets(bottom: 44), indicatorInsets: KBEdgeInsets(bottom: 44))
        book.willApply(ours)
        book.willSet(ours)
        #expect(book.contentInsetChanged(to: KBEdgeInsets(bottom: 44)) == .ours, "our own set, reported")
        #expect(book.contentInsetChanged(to: KBEdgeInsets(bottom: 44)) == .appChanged, "the app's set of the same value")
        #expect(book.ownContentInset == KBEdgeInsets(bottom: 44))
        // Reports that come later (the stand-in's other reading) come in the
        // order of the sets: ours first, then the app's.
        var later = OwnInsetBook(contentInset: .zero, indicatorInsets: .zero)
        later.willApply(ours)
        later.willSet(ours)
        #expect(later.contentInsetChanged(to: KBEdgeInsets(bottom: 44)) == .ours)
        #expect(later.contentInsetChanged(to: KBEdgeInsets(bottom: 88)) == .appChanged && later.ownContentInset == KBEdgeInsets(bottom: 88))
    }
}
