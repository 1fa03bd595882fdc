import KeyboardAvoidance
import KeyboardGeometry
import KeyboardTrace

/// A simulated situation: a device running a system, the app's layout, and
/// what the user does. ``ScenarioSimulator`` turns it into a v1 trace.
package struct Scenario: Hashable, Sendable {
    package var device: Device
    package var profile: TraceProfile
    /// The major system version, within the profile's and the device's.
    package var systemVersion: Int
    package var orientation: InterfaceOrientation
    package var placement: WindowPlacement
    /// The height of bars above the scroll view inside the window (0, 44,
    /// 64); negative (the adversary's) puts the scroll view's top above the
    /// window's.
    package var topBar: Double
    /// How far the scroll view stops above the window's bottom; negative
    /// (the adversary's) extends it below.
    package var bottomGap: Double
    /// The app's own content inset.
    package var contentInset: KBEdgeInsets
    package var insetAdjustment: InsetAdjustment
    /// `alwaysBounceVertical`: under ``InsetAdjustment/scrollableAxes`` the
    /// top and bottom take the safe area even when the content is short.
    package var alwaysBounceVertical: Bool
    package var contentHeight: Double
    /// The fields, in content coordinates (x and width are fitted to the
    /// scroll view's width when the trace is written).
    package var fields: [KBRect]
    /// The keyboard each field asks for, by index; a field past the end of
    /// this list asks for ``FieldKeyboard/plain``.
    package var fieldKeyboards: [FieldKeyboard]
    /// A form sheet that keeps the keyboard after its field resigns
    /// (`disablesAutomaticKeyboardDismissal`, true for iPad form sheets).
    package var keepsKeyboardAfterResign: Bool
    /// How a Reduce Motion hide reports its end: an off-screen strip, or an
    /// empty rect.
    package var reduceMotionHide: ReduceMotionHide
    package var policy: AvoidancePolicy
    package var actions: [UserAction]

    /// The two ends printed for Reduce Motion hides ([observed-sequences]).
    package enum ReduceMotionHide: String, Hashable, Sendable, CaseIterable {
        /// A 71 pt strip just below the screen.
        case offScreenStrip
        /// `CGRect.zero`.
        case emptyRect
    }

    package init(
        device: Device, profile: TraceProfile, systemVersion: Int? = nil, orientation: InterfaceOrientation = .portrait,
        placement: WindowPlacement = .fullScreen, topBar: Double = 0, bottomGap: Double = 0,
        contentInset: KBEdgeInsets = .zero, insetAdjustment: InsetAdjustment = .automatic, alwaysBounceVertical: Bool = false,
        contentHeight: Double,
        fields: [KBRect], fieldKeyboards: [FieldKeyboard] = [], keepsKeyboardAfterResign: Bool = false,
        reduceMotionHide: ReduceMotionHide = .offScreenStrip, policy: AvoidancePolicy = AvoidancePolicy(distance: 10),
        actions: [UserAction]
    ) {
        self.device = device
        self.profile = profile
        self.systemVersion = systemVersion ?? Self.defaultVersion(profile, device)
        self.orientation = orientation
        self.placement = placement
        self.topBar = topBar
        self.bottomGap = bottomGap
        self.contentInset = contentInset
        self.insetAdjustment = insetAdjustment
        self.alwaysBounceVertical = alwaysBounceVertical
        self.contentHeight = contentHeight
        self.fields = fields
        self.fieldKeyboards = fieldKeyboards
        self.keepsKeyboardAfterResign = keepsKeyboardAfterResign
        self.reduceMotionHide = reduceMotionHide
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
