import KeyboardAvoidance
import KeyboardGeometry
import KeyboardTrace

/// A simulated situation: a device and app layout, and what the user does.
/// ``ScenarioSimulator`` turns it into a v1 trace.
public struct Scenario: Hashable, Sendable {
    public var device: Device
    public var profile: TraceProfile
    public var orientation: InterfaceOrientation
    public var placement: WindowPlacement
    /// The height of bars above the scroll view inside the window (0, 44, 64).
    public var topBar: Double
    /// How far the scroll view stops above the window's bottom.
    public var bottomGap: Double
    /// The app's own content inset.
    public var contentInset: EdgeInsets
    public var insetAdjustment: InsetAdjustment
    public var contentHeight: Double
    /// The fields, in content coordinates (x and width are fitted to the
    /// scroll view's width when the trace is written).
    public var fields: [Rect]
    public var policy: AvoidancePolicy
    public var actions: [UserAction]

    public init(
        device: Device, profile: TraceProfile, orientation: InterfaceOrientation = .portrait,
        placement: WindowPlacement = .fullScreen, topBar: Double = 0, bottomGap: Double = 0,
        contentInset: EdgeInsets = .zero, insetAdjustment: InsetAdjustment = .automatic, contentHeight: Double,
        fields: [Rect], policy: AvoidancePolicy = AvoidancePolicy(distance: 10), actions: [UserAction]
    ) {
        self.device = device
        self.profile = profile
        self.orientation = orientation
        self.placement = placement
        self.topBar = topBar
        self.bottomGap = bottomGap
        self.contentInset = contentInset
        self.insetAdjustment = insetAdjustment
        self.contentHeight = contentHeight
        self.fields = fields
        self.policy = policy
        self.actions = actions
    }
}
