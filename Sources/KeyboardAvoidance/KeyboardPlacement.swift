import KeyboardGeometry

/// Where the keyboard is relative to the screen, which decides how the
/// avoider answers.
///
/// Classification of a frame in the oriented screen space:
/// - ``offScreen``: empty (zero size, `.zero` frames included) or not
///   overlapping the screen with any area.
/// - ``docked``: reaches the screen's bottom edge (within half a point) or
///   beyond it. The iPad hardware-keyboard shortcuts bar is docked: its
///   ~313 pt rect lies mostly below the screen and only the visible part
///   counts.
/// - ``floating``: on screen but ending above the bottom edge: the undocked,
///   split and floating iPad keyboards. They get no bottom inset.
public enum KeyboardPlacement: Hashable, Sendable {
    case offScreen
    case docked(KBRect)
    case floating(KBRect)

    /// The half-point tolerance for "reaches the bottom edge", for frames
    /// computed with rounding by the system.
    public static let bottomEdgeTolerance: Double = 0.5

    /// Whether `frame` reaches the bottom edge of a screen of `screen` size,
    /// within ``bottomEdgeTolerance``, or goes beyond it: what makes a
    /// keyboard on screen ``docked`` rather than ``floating``. Says nothing
    /// about whether `frame` is on screen at all (a frame wholly below the
    /// screen reaches it too). False when `frame.maxY` is NaN.
    @inlinable @inline(__always)
    public static func reachesBottomEdge(_ frame: KBRect, screen: KBSize) -> Bool {
        frame.maxY >= screen.height - bottomEdgeTolerance
    }

    /// Classifies `frame` (oriented screen space) on a screen of `screen` size.
    @inlinable @inline(__always)
    public init(frame: KBRect, screen: KBSize) {
        if !frame.overlaps(KBRect(origin: .zero, size: screen)) {
            self = .offScreen
        } else if Self.reachesBottomEdge(frame, screen: screen) {
            self = .docked(frame)
        } else {
            self = .floating(frame)
        }
    }

    /// ``init(frame:screen:)`` for a frame the avoider has validated (finite,
    /// with a non-negative size, as every frame it resolves is): the same
    /// classification, without the null, NaN and negative-size cases.
    ///
    /// Property: equal to `init(frame:screen:)` for every such frame and
    /// screen. With a size of +0, −0 or more, `minX` and `maxX` equal
    /// `origin.x` and `origin.x + width` as numbers (at most the sign of a
    /// zero differs, which no comparison sees), and likewise for y.
    @inline(__always)
    init(validatedFrame frame: KBRect, screen: KBSize) {
        let x = frame.origin.x, y = frame.origin.y
        let maxX = x + frame.size.width, maxY = y + frame.size.height
        if !(Swift.max(x, 0) < Swift.min(maxX, screen.width) && Swift.max(y, 0) < Swift.min(maxY, screen.height)) {
            self = .offScreen
        } else if maxY >= screen.height - Self.bottomEdgeTolerance {
            self = .docked(frame)
        } else {
            self = .floating(frame)
        }
    }

    /// The keyboard's frame, unless it is off screen.
    @inlinable
    public var frame: KBRect? {
        switch self {
        case .offScreen: nil
        case .docked(let r), .floating(let r): r
        }
    }
}
