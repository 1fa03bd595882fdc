import KeyboardAvoidance
import KeyboardGeometry
import KeyboardOracle
import KeyboardScenarios
import KeyboardTrace
import KeyboardWorld

/// MessageKit's `MessagesViewController` (4.x), a chat screen as the
/// library handles the keyboard ([messagekit-keyboard] in docs/sources.md):
/// the composer is the view controller's input accessory view, so the
/// frame iOS sends covers the composer and the keyboard together.
///
/// - **When:** on every `keyboardWillChangeFrame` (observed from
///   `viewDidLoad`, so off screen too), and at the first layout. A
///   composer that grows on screen is an accessory whose height changes,
///   which iOS reports with a WillChangeFrame: the model answers that
///   layout as one.
///   A notification without a begin frame is ignored, and on an iPad one
///   whose begin frame is empty (the library's workaround for a spurious
///   undocking notification).
/// - **The inset:** the end frame converted "from the window" into the
///   root view (a screen-space rect read as window-space: right in a
///   full-screen window, off by the window's origin in a Slide Over or
///   Stage Manager window), intersected with the collection view's frame;
///   where the intersection reaches the frame's bottom, the bottom content
///   inset becomes its height plus `additionalBottomInset` less what UIKit
///   adds for the safe area, else `additionalBottomInset` less that, never
///   below 0. At the first layout it is the accessory's height on the same
///   terms (the composer and the strip below its resting line: an
///   accessory anchored to the safe area reaches the screen's bottom). `additionalBottomInset` keeps its default, 0: the library sets
///   the bottom inset outright, so an app's own bottom inset is replaced.
///   Set without animation (`performWithoutAnimation`), with the indicator
///   insets.
/// - **The offset:** left alone (`maintainPositionOnKeyboardFrameChanged`
///   is off by default); with it on (``MessageKitMaintainingPositionStrategy``)
///   the offset moves by the inset's change, unless that would take it past
///   the content's height.
/// - **The frame iOS sends:** the model reads it as the composer's top
///   (where the world puts the composer, ``SimulatedWorld/composerTop(_:)``)
///   down to the screen's bottom edge: the accessory and whatever keyboard
///   lies under it. Systems differ on whether an accessory is in the frame
///   (docs/sources.md, [chatto-797] and [iq-2124]); this is the reading the
///   library was written for.
///
/// Scope: iOS 13 and later, iPhone and iPad, chat screens whose app sets
/// no bottom inset of its own (the library sets it outright; an app adds
/// to it through `additionalBottomInset`, which the model leaves at 0).
/// Promise: the transcript rules (a chat screen has no I2).
public struct MessageKitStrategy: AvoidanceStrategy {
    public static let name = "messageKit"
    public static let summary =
        "MessageKit: composer as input accessory view, bottom inset = keyboard frame ∩ transcript on WillChangeFrame, offset left alone"
    public static let scope = StrategyScope(
        profiles: [.ios13, .ipados], minimumSystemVersion: 13, assumptions: [.noBottomInsetOfItsOwn], screens: [.chat])
    private var library: MessagesViewControllerModel

    public init(world: SimulatedWorld) {
        library = MessagesViewControllerModel(maintainsPosition: false)
    }

    public mutating func handle(_ event: TraceEvent, world: SimulatedWorld, scrollView: inout ScrollViewModel) -> StepOutcome {
        library.handle(event, world: world, scrollView: &scrollView)
    }
}

/// ``MessageKitStrategy`` with `maintainPositionOnKeyboardFrameChanged`
/// on, as MessageKit's example app sets it: the offset moves by each
/// change of the bottom inset. Scope and promise as ``MessageKitStrategy``.
public struct MessageKitMaintainingPositionStrategy: AvoidanceStrategy {
    public static let name = "messageKitMaintainsPosition"
    public static let summary = "MessageKit with maintainPositionOnKeyboardFrameChanged on: the offset moves by the inset's change"
    public static let scope = MessageKitStrategy.scope
    private var library: MessagesViewControllerModel

    public init(world: SimulatedWorld) {
        library = MessagesViewControllerModel(maintainsPosition: true)
    }

    public mutating func handle(_ event: TraceEvent, world: SimulatedWorld, scrollView: inout ScrollViewModel) -> StepOutcome {
        library.handle(event, world: world, scrollView: &scrollView)
    }
}

/// What MessageKit's `MessagesViewController` does with the keyboard, for
/// both settings of `maintainPositionOnKeyboardFrameChanged` (see
/// ``MessageKitStrategy``).
struct MessagesViewControllerModel: Hashable, Sendable {
    /// `maintainPositionOnKeyboardFrameChanged`.
    let maintainsPosition: Bool
    /// Whether the first layout has set the initial inset.
    private var laidOut = false

    init(maintainsPosition: Bool) {
        self.maintainsPosition = maintainsPosition
    }

    mutating func handle(_ event: TraceEvent, world: SimulatedWorld, scrollView: inout ScrollViewModel) -> StepOutcome {
        guard let composer = world.composer else { return .ignored(.notObserved) }
        let before = scrollView
        if !laidOut {
            // `viewDidLayoutSubviews` on the first layout, before any event.
            laidOut = true
            // The accessory's height: the composer and the strip below its
            // resting line that the accessory reaches into.
            setBottomInset(Self.inset(covering: composer.height + composer.restingInset, scrollView: scrollView), on: &scrollView)
        }
        switch event {
        case .keyboard(let n) where n.name == .willChangeFrame:
            // No begin frame: the handler's first guard returns; an empty
            // one on an iPad: its workaround.
            guard let begin = n.frameBegin, !begin.isEmpty || Device.Family(screen: world.screen) != .pad else {
                return scrollView == before ? .ignored(.notObserved) : StepOutcome(action: .apply, animation: nil)
            }
        case .layout(let change) where change.composer != nil && world.isVisible:
            // An accessory view on screen whose height changed: iOS posts
            // a WillChangeFrame with the new frame.
            break
        default:
            return scrollView == before ? .ignored(.notObserved) : StepOutcome(action: .apply, animation: nil)
        }
        let frame = Self.sentFrame(world: world, composer: composer)
        let overlap = scrollView.frame.intersection(frame)
        let covered = overlap.isNull || scrollView.frame.maxY - overlap.maxY > 0.001 ? 0 : overlap.height
        let old = scrollView.contentInset.bottom
        let new = Self.inset(covering: covered, scrollView: scrollView)
        setBottomInset(new, on: &scrollView)
        if maintainsPosition, new != old {
            let y = scrollView.contentOffset.y + (new - old)
            if y <= scrollView.contentSize.height { scrollView.contentOffset.y = y }
        }
        if scrollView == before { return .ignored(.unchanged) }
        return StepOutcome(action: scrollView.isRestored(to: world) ? .restore : .apply, animation: nil)
    }

    /// `max(0, covered + additionalBottomInset − automaticallyAddedBottomInset)`,
    /// with `additionalBottomInset` at its default, 0.
    static func inset(covering covered: Double, scrollView: ScrollViewModel) -> Double {
        let added = scrollView.adjustedContentInset.bottom - scrollView.contentInset.bottom
        return Swift.max(0, covered - added)
    }

    /// `messageCollectionViewBottomInset`'s setter: the content inset's and
    /// the indicators' bottom.
    func setBottomInset(_ inset: Double, on scrollView: inout ScrollViewModel) {
        scrollView.contentInset.bottom = inset
        scrollView.indicatorInsets.bottom = inset
    }

    /// The end frame iOS sends with the composer as the input accessory
    /// view, as the library reads it in the root view: from the composer's
    /// top to the screen's bottom edge, in screen coordinates read as the
    /// window's.
    static func sentFrame(world: SimulatedWorld, composer: Composer) -> KBRect {
        let top = world.window.minY + world.composerTop(composer)
        return KBRect(x: 0, y: top, width: world.screen.width, height: Swift.max(0, world.screen.height - top))
    }
}
