/// `UIScreen`: the interface-oriented screen. The stand-in has one main
/// screen, whose size the simulated device sets (``bounds`` is settable
/// here only: a rotation or another device).
@MainActor
open class UIScreen: NSObject {
    private static let mainScreen = UIScreen(bounds: CGRect(x: 0, y: 0, width: 390, height: 844))

    open class var main: UIScreen { mainScreen }

    /// The screen in its interface-oriented space (settable in the stand-in
    /// only).
    open var bounds: CGRect

    public init(bounds: CGRect) {
        self.bounds = bounds
        super.init()
    }

    private lazy var space = ScreenCoordinateSpace(screen: self)

    open var coordinateSpace: any UICoordinateSpace { space }
}

/// `UIInterfaceOrientation`: named after the home button's side, with
/// UIKit's raw values, which are `UIDeviceOrientation`'s: the interface's
/// landscape left is the device's landscape right (4), and the other way
/// round (UIApplication.h).
public enum UIInterfaceOrientation: Int, Sendable {
    case unknown = 0, portrait = 1, portraitUpsideDown = 2, landscapeLeft = 4, landscapeRight = 3
}

/// `UIScene`.
@MainActor
open class UIScene: UIResponder {}

/// `UIWindowScene` (iOS 13): the screen its windows are on and the
/// interface's orientation (settable in the stand-in only: the simulated
/// device rotates), and its effective geometry (iOS 16), whose observers
/// hear when the system moves or resizes the scene's window
/// (``geometryChanged()``, the stand-in's own).
@MainActor
open class UIWindowScene: UIScene {
    open var screen: UIScreen
    open var interfaceOrientation: UIInterfaceOrientation
    var observers = ObserverList()

    public init(screen: UIScreen = .main, interfaceOrientation: UIInterfaceOrientation = .portrait) {
        self.screen = screen
        self.interfaceOrientation = interfaceOrientation
        super.init()
    }

    /// `effectiveGeometry`: the scene's geometry now (a new object whenever
    /// it changes, as UIKit's is).
    open private(set) var effectiveGeometry = Geometry(interfaceOrientation: .portrait)

    /// The system moved or resized the scene (a window dragged, resized or
    /// tiled): `effectiveGeometry` is replaced, and its observers are
    /// notified (stand-in only).
    public func geometryChanged() {
        observers.notifying([.effectiveGeometry]) { effectiveGeometry = Geometry(interfaceOrientation: interfaceOrientation) }
    }

    /// `UIWindowScene.Geometry` (iOS 16): what the glue may read of it on
    /// iOS (`systemFrame` is Mac Catalyst's only).
    open class Geometry: NSObject {
        open private(set) var interfaceOrientation: UIInterfaceOrientation

        init(interfaceOrientation: UIInterfaceOrientation) {
            self.interfaceOrientation = interfaceOrientation
            super.init()
        }
    }
}

/// `UIWindow`: the root of a view tree, its frame in the screen. It keeps
/// its first responder, and the safe area the device gives it
/// (``deviceSafeAreaInsets``, settable in the stand-in only; its views'
/// safe areas are read from it).
@MainActor
open class UIWindow: UIView {
    open var screen: UIScreen
    open var windowScene: UIWindowScene?
    /// Its first responder.
    weak var firstResponder: UIResponder?
    /// The window's safe area, from its own edges, as the device gives it
    /// (a notch, a home indicator, where the window lies on the screen).
    /// Setting it invalidates the layout of every view in the window.
    public var deviceSafeAreaInsets: UIEdgeInsets = .zero {
        willSet { invalidateLayoutOfTree() }
    }

    public override init(frame: CGRect) {
        screen = .main
        super.init(frame: frame)
    }

    public init(windowScene: UIWindowScene) {
        screen = windowScene.screen
        self.windowScene = windowScene
        super.init(frame: windowScene.screen.bounds)
    }

    public required init?(coder: NSCoder) {
        screen = .main
        super.init(coder: coder)
    }

    open override var safeAreaInsets: UIEdgeInsets { deviceSafeAreaInsets }

    open override var window: UIWindow? { self }

    /// The key window: the last made key and visible.
    public private(set) static weak var keyWindow: UIWindow?

    open func makeKeyAndVisible() {
        isHidden = false
        UIWindow.keyWindow = self
    }

    /// Makes `responder` (in this window) the first responder, the current
    /// one resigning first; false when the current one refuses.
    func makeFirstResponder(_ responder: UIResponder) -> Bool {
        if firstResponder === responder { return true }
        if let current = firstResponder, !current.resignFirstResponder() { return false }
        firstResponder = responder
        return true
    }
}
