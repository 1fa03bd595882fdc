import KeyboardAvoidance
import KeyboardGeometry
import Testing

/// UIKit's four `contentInsetAdjustmentBehavior`s as the engine reads them:
/// which edges of the safe area join the content inset.
@Suite("Inset adjustment behaviours")
struct InsetAdjustmentTests {
    /// An iPhone in landscape: safe area on every edge but the top.
    static let safe = KBEdgeInsets(top: 0, left: 44, bottom: 21, right: 44)

    static func layout(_ a: InsetAdjustment, content: KBSize, bounceVertical: Bool = false, bounceHorizontal: Bool = false) -> LayoutSnapshot {
        LayoutSnapshot(
            screen: KBSize(width: 812, height: 375), orientation: .landscapeLeft,
            scrollView: ScrollViewState(
                frame: KBRect(x: 0, y: 0, width: 812, height: 375), safeArea: safe, insetAdjustment: a, alwaysBounceVertical: bounceVertical,
                alwaysBounceHorizontal: bounceHorizontal, contentSize: content)
        )
    }

    static let tall = KBSize(width: 812, height: 1000), short = KBSize(width: 812, height: 300), wide = KBSize(width: 1600, height: 300)

    @Test func neverAndAlwaysIgnoreScrolling() {
        for content in [Self.tall, Self.short, Self.wide] {
            #expect(Self.layout(.never, content: content).scrollView.safeAreaContribution == .zero)
            #expect(Self.layout(.always, content: content).scrollView.safeAreaContribution == Self.safe)
        }
    }

    @Test func automaticAlwaysTakesTopAndBottomAndTheSidesOnlyWhenScrollingSideways() {
        #expect(Self.layout(.automatic, content: Self.short).scrollView.safeAreaContribution == KBEdgeInsets(top: 0, left: 0, bottom: 21, right: 0))
        #expect(Self.layout(.automatic, content: Self.wide).scrollView.safeAreaContribution == Self.safe)
        #expect(Self.layout(.automatic, content: Self.short, bounceHorizontal: true).scrollView.safeAreaContribution == Self.safe)
    }

    @Test func scrollableAxesTakesTheEdgesOfEachAxisThatScrolls() {
        #expect(
            Self.layout(.scrollableAxes, content: Self.tall).scrollView.safeAreaContribution == KBEdgeInsets(top: 0, left: 0, bottom: 21, right: 0))
        #expect(Self.layout(.scrollableAxes, content: Self.short).scrollView.safeAreaContribution == .zero)
        #expect(Self.layout(.scrollableAxes, content: Self.short, bounceVertical: true).scrollView.safeAreaContribution == KBEdgeInsets(bottom: 21))
        #expect(
            Self.layout(.scrollableAxes, content: Self.wide).scrollView.safeAreaContribution == KBEdgeInsets(top: 0, left: 44, bottom: 0, right: 44))
        // Exactly as tall as the frame: not scrollable (UIKit compares with >).
        #expect(Self.layout(.scrollableAxes, content: KBSize(width: 812, height: 375)).scrollView.safeAreaContribution == .zero)
    }

    /// A short form under scrollableAxes: no safe area at the bottom, so the
    /// keyboard inset must cover the home-indicator strip itself.
    @Test func aShortScrollableAxesFormClearsTheKeyboardFromTheFrameEdge() throws {
        let layout = LayoutSnapshot(
            screen: KBSize(width: 375, height: 812),
            scrollView: ScrollViewState(
                frame: KBRect(x: 0, y: 0, width: 375, height: 812), safeArea: KBEdgeInsets(top: 44, bottom: 34), insetAdjustment: .scrollableAxes,
                contentSize: KBSize(width: 375, height: 700))
        )
        var avoider = KeyboardAvoider(policy: AvoidancePolicy(distance: 0))
        _ = avoider.focusBegan(FocusedField(frame: KBRect(x: 16, y: 640, width: 343, height: 44)), in: layout)
        let action = avoider.received(
            KeyboardNotification(
                name: .willShow, frameBegin: KBRect(x: 0, y: 812, width: 375, height: 291), frameEnd: KBRect(x: 0, y: 521, width: 375, height: 291),
                duration: 0.25, curve: 7),
            in: layout
        )
        let adjustment = try #require(action.adjustment)
        // No safe area is added at the bottom: the inset is the keyboard's
        // whole overlap, 291 pt.
        #expect(adjustment.contentInset.bottom == 291)
        let offset = try #require(adjustment.contentOffset)
        // The field's bottom (684) rests at the keyboard's top (521).
        #expect(offset.y == 684 - 521)
    }
}
