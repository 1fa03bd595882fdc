import KeyboardAvoidance
import KeyboardGeometry
import KeyboardOracle
import KeyboardTrace
import KeyboardWorld

/// A chat screen laid out with UIKit's keyboard layout guide, as apps pin a
/// transcript and its composer ([kbguide-article], [wwdc21-10259] in
/// docs/sources.md): the composer bar's bottom pinned to
/// `view.keyboardLayoutGuide.topAnchor`, the transcript's bottom to the
/// bar's top, and the app doing nothing else.
///
/// - **The frame:** Auto Layout's, after every event: the transcript ends
///   where the bar's top is (the world's composer, ``SimulatedWorld/composerTop(_:)``),
///   less the gap the app's own layout leaves above it. So it shrinks as
///   a docked keyboard rises, and grows back as it goes. Animated with the
///   keyboard after a Will notification (the guide follows the keyboard's
///   animation), at once otherwise; nothing moves while the view is off
///   screen.
/// - **The offset:** left where it is; UIKit pulls it back only where the
///   smaller range ends before it (``SimulatedWorld/resize(_:to:)``). A
///   transcript at its end therefore loses its newest rows below the
///   bar's top when the keyboard rises: the jump users report.
/// - **The app's layout:** the trace's transcript frame is the one the
///   constraints give with the keyboard down; a transcript that reaches
///   below the bar's top cannot be pinned to it, and a bar that grows
///   would change that frame, which the model's chat screens keep
///   (``LayoutAssumption/transcriptPinnableToTheComposer``).
///
/// Scope: iOS 15 and later, iPhone and iPad, chat screens whose transcript
/// ends at or above the composer's top, the composer of one height.
/// Promise: the transcript rules (a chat screen has no I2).
public struct KeyboardLayoutGuideTranscriptStrategy: AvoidanceStrategy {
    public static let name = "keyboardLayoutGuideTranscript"
    public static let summary =
        "a chat transcript pinned to UIKeyboardLayoutGuide through its composer bar: the frame shrinks, the offset is left alone"
    public static let scope = StrategyScope(
        profiles: [.ios13, .ipados], minimumSystemVersion: KeyboardLayoutGuideStrategy.scope.minimumSystemVersion,
        assumptions: [.transcriptPinnableToTheComposer], screens: [.chat])

    public init(world: SimulatedWorld) {}

    /// The transcript's pin to the top of the bar on its resting line. Nil
    /// on a screen of fields, or where the transcript ends below that top.
    static func pin(in world: SimulatedWorld) -> BottomPin? {
        guard let composer = world.composer else { return nil }
        return BottomPin(own: world.ownScrollView.frame, restingAnchor: world.window.height - composer.restingInset - composer.height)
    }

    public mutating func handle(_ event: TraceEvent, world: SimulatedWorld, scrollView: inout ScrollViewModel) -> StepOutcome {
        let before = scrollView
        guard Self.layOut(&scrollView, in: world) else { return .ignored(.notObserved) }
        return LayoutGuideApp.outcome(of: event, before: before, after: scrollView, world: world)
    }

    /// Gives the transcript the frame that ends at the bar's top (UIKit
    /// holding the offset in the new range). False, the scroll view
    /// untouched, off screen, on a screen of fields, or where the pin does
    /// not hold.
    static func layOut(_ scrollView: inout ScrollViewModel, in world: SimulatedWorld) -> Bool {
        guard world.isVisible, let composer = world.composer, let pin = pin(in: world) else { return false }
        world.resize(&scrollView, to: pin.frame(own: world.ownScrollView.frame, anchor: world.composerTop(composer)))
        return true
    }
}
