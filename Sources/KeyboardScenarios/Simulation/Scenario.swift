import KeyboardAvoidance
import KeyboardGeometry
import KeyboardTrace
import KeyboardWorld

/// A simulated situation: a device running a system, the app's layout, and
/// what the user does. ``ScenarioSimulator`` turns it into a v1 trace.
public struct Scenario: Hashable, Sendable {
    public var device: Device
    public var profile: TraceProfile
    /// The major system version, within the profile's and the device's.
    public var systemVersion: Int
    public var orientation: InterfaceOrientation
    public var placement: WindowPlacement
    /// A window the user placed and sized (``WindowPlacement/stageManager``
    /// only: Stage Manager's and iPadOS 26's windows), in the oriented space
    /// of ``orientation``; nil: the placement's own frame. Kept to what the
    /// system allows (``FreeWindows/allows(_:on:)``); another value falls
    /// back to the placement's frame.
    public var window: KBRect?
    /// What iOS tells the app about the keyboard when its window moves or
    /// is resized while the keyboard is up.
    public var keyboardAfterWindowChange: KeyboardAfterWindowChange
    /// What iOS tells the app once the user cancels an interactive
    /// dismissal (``UserAction/cancelDrag``).
    public var keyboardAfterCancelledDrag: KeyboardAfterCancelledDrag
    /// The height of bars above the scroll view inside the window (0, 44,
    /// 64); negative (the adversary's) puts the scroll view's top above the
    /// window's.
    public var topBar: Double
    /// How far the scroll view stops above the window's bottom; negative
    /// (the adversary's) extends it below.
    public var bottomGap: Double
    /// The app's own content inset.
    public var contentInset: KBEdgeInsets
    public var insetAdjustment: InsetAdjustment
    /// `alwaysBounceVertical`: under ``InsetAdjustment/scrollableAxes`` the
    /// top and bottom take the safe area even when the content is short.
    public var alwaysBounceVertical: Bool
    public var contentHeight: Double
    /// The fields, in content coordinates (x and width are fitted to the
    /// scroll view's width when the trace is written).
    public var fields: [KBRect]
    /// The keyboard each field asks for, by index; a field past the end of
    /// this list asks for ``FieldKeyboard/plain``.
    public var fieldKeyboards: [FieldKeyboard]
    /// The text each field holds, by index, which places its caret; a
    /// field past the end of this list holds ``FieldText/oneLine``.
    public var texts: [FieldText]
    /// A form sheet that keeps the keyboard after its field resigns
    /// (`disablesAutomaticKeyboardDismissal`, true for iPad form sheets).
    public var keepsKeyboardAfterResign: Bool
    /// How a Reduce Motion hide reports its end: an off-screen strip, or an
    /// empty rect.
    public var reduceMotionHide: ReduceMotionHide
    /// How the keyboard passes between this app and another beside it.
    public var keyboardHandOver: KeyboardHandOver
    /// What the app asks of avoidance: 10 points of distance unless given
    /// (a scenario written by hand), the generator's draw otherwise.
    public var policy: AvoidancePolicy
    public var actions: [UserAction]

    /// The two ends printed for Reduce Motion hides ([observed-sequences]).
    public enum ReduceMotionHide: String, Hashable, Sendable, CaseIterable {
        /// A 71 pt strip just below the screen.
        case offScreenStrip
        /// `CGRect.zero`.
        case emptyRect
    }

    public init(
        device: Device, profile: TraceProfile, systemVersion: Int? = nil, orientation: InterfaceOrientation = .portrait,
        placement: WindowPlacement = .fullScreen, window: KBRect? = nil,
        keyboardAfterWindowChange: KeyboardAfterWindowChange = .nothing,
        keyboardAfterCancelledDrag: KeyboardAfterCancelledDrag = .nothing, topBar: Double = 0, bottomGap: Double = 0,
        contentInset: KBEdgeInsets = .zero, insetAdjustment: InsetAdjustment = .automatic, alwaysBounceVertical: Bool = false,
        contentHeight: Double,
        fields: [KBRect], fieldKeyboards: [FieldKeyboard] = [], texts: [FieldText] = [], keepsKeyboardAfterResign: Bool = false,
        reduceMotionHide: ReduceMotionHide = .offScreenStrip, keyboardHandOver: KeyboardHandOver = KeyboardHandOver(),
        policy: AvoidancePolicy = AvoidancePolicy(distance: 10),
        actions: [UserAction]
    ) {
        self.device = device
        self.profile = profile
        self.systemVersion = systemVersion ?? Self.defaultVersion(profile, device)
        self.orientation = orientation
        self.placement = placement
        self.window = window
        self.keyboardAfterWindowChange = keyboardAfterWindowChange
        self.keyboardAfterCancelledDrag = keyboardAfterCancelledDrag
        self.topBar = topBar
        self.bottomGap = bottomGap
        self.contentInset = contentInset
        self.insetAdjustment = insetAdjustment
        self.alwaysBounceVertical = alwaysBounceVertical
        self.contentHeight = contentHeight
        self.fields = fields
        self.fieldKeyboards = fieldKeyboards
        self.texts = texts
        self.keepsKeyboardAfterResign = keepsKeyboardAfterResign
        self.reduceMotionHide = reduceMotionHide
        self.keyboardHandOver = keyboardHandOver
        self.policy = policy
        self.actions = actions
    }

    /// The newest version both the profile and the device cover (the
    /// profile's first when they share none).
    package static func defaultVersion(_ profile: TraceProfile, _ device: Device) -> Int {
        let p = profile.systemVersions, d = device.systemVersions
        let high = Swift.min(p.upperBound, d.upperBound)
        return high >= Swift.max(p.lowerBound, d.lowerBound) ? high : p.lowerBound
    }

    /// The keyboard field `i` asks for.
    package func keyboard(forField i: Int) -> FieldKeyboard {
        fieldKeyboards.indices.contains(i) ? fieldKeyboards[i] : .plain
    }
}
