import KeyboardAvoidance
import KeyboardGeometry
import KeyboardOracle
import KeyboardTrace
import KeyboardWorld

/// A SwiftUI chat screen as apps write it with iOS 18's scroll anchor: the
/// transcript (a `ScrollView` over a `LazyVStack` of messages) and the
/// composer bar stacked in a `VStack`, SwiftUI's own keyboard avoidance on,
/// and `.defaultScrollAnchor(.bottom, for: .sizeChanges)` on the
/// transcript ([swiftui-scroll-anchor] in docs/sources.md).
///
/// - **The frame:** SwiftUI's avoidance shrinks the stack's safe area by
///   the keyboard's region, so the bar rides the keyboard's top and the
///   transcript ends at the bar's top: the layout the keyboard layout guide
///   gives (``KeyboardLayoutGuideTranscriptStrategy``, whose layout this
///   calls; the world's composer, ``SimulatedWorld/composerTop(_:)``, is
///   where the bar is). Animated with the keyboard after a Will
///   notification, at once otherwise; nothing moves off screen.
/// - **The anchor, when the frame changes** (the keyboard, a rotation, a
///   window resized): the content at the visible region's bottom stays at
///   its bottom, as the anchor's `sizeChanges` role says (documented: the
///   anchor is used "when the container or content size changes"); the
///   offset is then held in its range. A transcript at its end stays at
///   its end; one scrolled up moves by the frame's change on screen, its
///   rows carried with its bottom edge.
/// - **The anchor, when messages arrive** (the content grows): the offset
///   is left alone, as measured on iOS 26.5 ([slicc-2072]: the anchor
///   alone stops following new messages). The documentation's words
///   ("content size changes") read the other way; no other measurement is
///   known, so the model keeps the measured one.
/// - **Not modelled:** the anchor's `alignment` and `initialOffset` roles
///   (set by `.defaultScrollAnchor(.bottom)` with no role: content that
///   fits would rest at the bottom, which a UIKit scroll view's range
///   cannot express), a `scrollPosition` binding (the anchor has no effect
///   while one is installed, [slicc-2072]), a composer in `safeAreaInset`.
///
/// Scope: iOS 18 and later (the anchor's roles), iPhone and iPad, chat
/// screens whose transcript ends at or above the composer's top, the
/// composer of one height (``LayoutAssumption/transcriptPinnableToTheComposer``).
/// Promise: the transcript rules (a chat screen has no I2).
public struct SwiftUIBottomAnchoredTranscriptStrategy: AvoidanceStrategy {
    public static let name = "swiftUIBottomAnchor"
    public static let summary =
        "a SwiftUI chat transcript above its composer with .defaultScrollAnchor(.bottom, for: .sizeChanges): SwiftUI's avoidance shrinks it, the anchor keeps the content at its bottom edge"
    public static let scope = StrategyScope(
        profiles: [.ios13, .ipados], minimumSystemVersion: 18, assumptions: [.transcriptPinnableToTheComposer], screens: [.chat])

    /// The frame the transcript had after the last event, and the content
    /// position at its visible bottom then: what the anchor keeps when the
    /// next event changes the frame.
    private var last: (frame: KBRect, anchor: Double)

    public init(world: SimulatedWorld) {
        last = Self.anchor(of: ScrollViewModel(world.ownScrollView))
    }

    /// The frame, and the content position at the bottom of the visible
    /// region: the offset, the frame's height, less the adjusted bottom
    /// inset.
    static func anchor(of scrollView: ScrollViewModel) -> (frame: KBRect, anchor: Double) {
        (scrollView.frame, scrollView.contentOffset.y + scrollView.frame.height - scrollView.adjustedContentInset.bottom)
    }

    public mutating func handle(_ event: TraceEvent, world: SimulatedWorld, scrollView: inout ScrollViewModel) -> StepOutcome {
        let before = scrollView
        guard KeyboardLayoutGuideTranscriptStrategy.layOut(&scrollView, in: world) else { return .ignored(.notObserved) }
        if scrollView.frame != last.frame {
            scrollView.contentOffset.y = last.anchor - scrollView.frame.height + scrollView.adjustedContentInset.bottom
            scrollView.clampOffset()
        }
        last = Self.anchor(of: scrollView)
        return LayoutGuideApp.outcome(of: event, before: before, after: scrollView, world: world)
    }
}
