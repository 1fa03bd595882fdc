import KeyboardAvoidance
import KeyboardGeometry
import KeyboardOracle
import KeyboardTrace
import KeyboardWorld

/// A replayed trace as a sequence of scenes, one per event, every rect in
/// the interface-oriented screen space: what `kbbench replay --svg` draws.
///
/// Built from the trace and a strategy's ``ReplayReport``: the world (screen,
/// window, keyboard, fields) is replayed from the trace, which no strategy
/// changes; the scroll view after each step (frame, insets, offset) and the
/// judgement come from the report. So a storyboard can be drawn for any
/// strategy, an external one included, without running it again.
///
/// Conversions, each pinned by a test: the scroll view's frame is in the
/// window's root view, which sits at the window's origin on screen; fields
/// are in content coordinates, drawn at `frame.origin + field.origin −
/// contentOffset`; the keyboard is the world's reading (the truth when the
/// trace carries it), already converted from the payload's space, and for
/// traces whose payloads are not in the oriented screen space (iOS ≤ 7's
/// fixed portrait space, a window's space) the raw end frame as sent is kept
/// for the caption.
public struct Storyboard: Hashable, Sendable {
    /// How the keyboard on screen looks, read from its frame alone.
    public enum KeyboardStyle: String, Hashable, Sendable {
        /// Full width at the screen's bottom.
        case docked
        /// Docked, but showing at most ``hardwareBarHeight`` points on
        /// screen: the bar iOS keeps with a hardware keyboard (shortcuts,
        /// predictions), whose frame reaches below the screen.
        case hardwareBar = "hardware bar"
        /// Nearly full width (at least 90 % of the screen's) but above the
        /// bottom: an iPad keyboard undocked or split.
        case undocked
        /// Anything else: the small floating keyboard.
        case floating

        /// The tallest docked keyboard drawn as a hardware keyboard's bar.
        public static let hardwareBarHeight = 80.0

        init(_ keyboard: KBRect, screen: KBSize) {
            let atBottom = KeyboardPlacement.reachesBottomEdge(keyboard, screen: screen)
            let fullWidth = keyboard.width >= screen.width - 0.5
            if atBottom && fullWidth {
                let shown = Swift.min(keyboard.maxY, screen.height) - keyboard.minY
                self = shown <= Self.hardwareBarHeight ? .hardwareBar : .docked
            } else {
                self = keyboard.width >= 0.9 * screen.width ? .undocked : .floating
            }
        }
    }

    /// One event and what the screen showed after it.
    public struct Scene: Hashable, Sendable {
        /// The event's line in the trace file.
        public var line: Int
        public var event: TraceEvent
        public var screen: KBSize
        public var orientation: InterfaceOrientation
        /// The app's window, on screen.
        public var window: KBRect
        /// The scroll view's frame after the step, on screen.
        public var scrollView: KBRect
        /// Where the scroll view's content is seen after the step, on
        /// screen: the oracle's visible region without any distance (one
        /// band, or two around a floating keyboard). Empty bands are kept
        /// (top ≥ bottom): nothing of the content is visible.
        public var visibleBands: [ClosedRange<Double>]
        /// The content's whole extent on screen: the scroll view's origin
        /// minus the content offset, the content's size.
        public var content: KBRect
        /// The keyboard on screen, nil when hidden.
        public var keyboard: KBRect?
        public var keyboardStyle: KeyboardStyle?
        /// The end frame exactly as the payload sent it, for traces whose
        /// payloads use another space than the oriented screen (nil
        /// otherwise, or when the event is no keyboard notification).
        public var rawEndFrame: KBRect?
        /// The payload's space, named for captions.
        public var frameSpace: KeyboardFrameSpace
        /// Every field, on screen.
        public var fields: [KBRect]
        /// The focused field's index.
        public var focused: Int?
        /// Whether the oracle sees the focused field (no distance asked);
        /// nil with no field focused.
        public var focusedVisible: Bool?
        /// What the strategy did and what it set.
        public var outcome: StepOutcome
        public var contentInset: KBEdgeInsets
        public var contentOffset: KBPoint
        public var violations: [Invariant]
    }

    public var strategy: String
    public var scenes: [Scene]

    /// The index of the first scene with a violation, if any.
    public var firstViolation: Int? { scenes.firstIndex { !$0.violations.isEmpty } }

    /// The scenes from `before` scenes ahead of the first violation to
    /// `after` scenes past it: the part of a long trace a person needs to
    /// see why it fails. The whole storyboard when nothing fails.
    public func excerpt(before: Int = 3, after: Int = 1) -> Storyboard {
        guard let first = firstViolation else { return self }
        var copy = self
        copy.scenes = Array(scenes[Swift.max(0, first - Swift.max(0, before))...Swift.min(scenes.count - 1, first + Swift.max(0, after))])
        return copy
    }

    /// The storyboard of `report`, which must be a replay of `trace` (one
    /// step per event, in order; extra steps or events are left out).
    /// `promise` says how the strategy treats tall fields (its visibility
    /// promise; the distance is not drawn).
    public init(trace: Trace, report: ReplayReport, promise: VisibilityPromise) {
        strategy = report.strategy
        scenes = []
        var replay = WorldReplay(trace)
        for step in report.steps {
            guard let line = replay.advance() else { break }
            // The strategy's scroll view after the step.
            replay.scrollView.frame = step.frame
            replay.scrollView.contentInset = step.contentInset
            replay.scrollView.indicatorInsets = step.indicatorInsets
            replay.scrollView.contentOffset = step.contentOffset
            scenes.append(Scene(world: replay.world, scrollView: replay.scrollView, line: line, step: step, tallField: promise.tallField))
        }
    }
}

extension Storyboard.Scene {
    init(world: SimulatedWorld, scrollView: ScrollViewModel, line: TraceLine, step: ReplayReport.Step, tallField: TallFieldRule) {
        self.line = line.line
        event = line.event
        screen = world.screen
        orientation = world.orientation
        window = world.window
        let origin = world.window.origin
        let frame = scrollView.frame.offsetBy(dx: origin.x, dy: origin.y)
        self.scrollView = frame
        let region = VisibleRegion(world: world, scrollView: scrollView, distance: 0)
        visibleBands = region.bands.map { $0.top...Swift.max($0.top, $0.bottom) }
        let offset = scrollView.contentOffset
        content = KBRect(
            x: frame.minX - offset.x, y: frame.minY - offset.y, width: scrollView.contentSize.width, height: scrollView.contentSize.height)
        keyboard = world.keyboard
        keyboardStyle = world.keyboard.map { Storyboard.KeyboardStyle($0, screen: world.screen) }
        frameSpace = world.profile.frameSpace
        if frameSpace != .oriented, case .keyboard(let n) = line.event { rawEndFrame = n.frameEnd } else { rawEndFrame = nil }
        fields = world.fields.map { $0.offsetBy(dx: frame.minX - offset.x, dy: frame.minY - offset.y) }
        focused = world.focused
        focusedVisible = world.focusedField.map { region.shows($0, atOffset: offset.y, rule: tallField) }
        outcome = step.outcome
        contentInset = step.contentInset
        contentOffset = step.contentOffset
        violations = step.violations
    }
}
