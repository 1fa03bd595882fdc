/// `EdgeInsets`.
public struct EdgeInsets: Equatable, Sendable {
    public var top: CGFloat
    public var leading: CGFloat
    public var bottom: CGFloat
    public var trailing: CGFloat

    public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    public init() { self.init(top: 0, leading: 0, bottom: 0, trailing: 0) }
}

/// `Edge` and `Edge.Set`.
public enum Edge: Int8, CaseIterable {
    case top, leading, bottom, trailing

    public struct Set: OptionSet, Sendable {
        public typealias Element = Edge.Set
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public static let top = Set(.top)
        public static let leading = Set(.leading)
        public static let bottom = Set(.bottom)
        public static let trailing = Set(.trailing)
        public static let all: Set = [.top, .leading, .bottom, .trailing]
        public static let horizontal: Set = [.leading, .trailing]
        public static let vertical: Set = [.top, .bottom]
        public init(_ e: Edge) { rawValue = 1 << e.rawValue }
    }
}

/// `SafeAreaRegions`.
public struct SafeAreaRegions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let container = SafeAreaRegions(rawValue: 1)
    public static let keyboard = SafeAreaRegions(rawValue: 2)
    public static let all: SafeAreaRegions = [.container, .keyboard]
}

/// `ContentMarginPlacement`.
public struct ContentMarginPlacement: Hashable, Sendable {
    let name: String
    public static var automatic: ContentMarginPlacement { ContentMarginPlacement(name: "automatic") }
    public static var scrollContent: ContentMarginPlacement { ContentMarginPlacement(name: "scrollContent") }
    public static var scrollIndicators: ContentMarginPlacement { ContentMarginPlacement(name: "scrollIndicators") }
}

/// `UnitPoint`.
public struct UnitPoint: Hashable, Sendable {
    public var x: CGFloat
    public var y: CGFloat
    public init(x: CGFloat, y: CGFloat) {
        self.x = x
        self.y = y
    }
    public static let top = UnitPoint(x: 0.5, y: 0)
    public static let center = UnitPoint(x: 0.5, y: 0.5)
    public static let bottom = UnitPoint(x: 0.5, y: 1)
}

/// `Alignment`.
public struct Alignment: Equatable, Sendable {
    let name: String
    public static let center = Alignment(name: "center")
    public static let bottom = Alignment(name: "bottom")
}

/// `ScrollPhase` (iOS 18).
public enum ScrollPhase: Equatable, Sendable {
    case idle, tracking, interacting, decelerating, animating

    public var isScrolling: Bool { self != .idle }
}

/// `CoordinateSpaceProtocol`; the stand-in knows the global space only.
public protocol CoordinateSpaceProtocol {}

/// `GlobalCoordinateSpace`: the window's.
public struct GlobalCoordinateSpace: CoordinateSpaceProtocol {
    public init() {}
}

extension CoordinateSpaceProtocol where Self == GlobalCoordinateSpace {
    public static var global: GlobalCoordinateSpace { GlobalCoordinateSpace() }
}

/// `GeometryProxy`: a view's frame in the window, as the driver gives it.
public struct GeometryProxy {
    let frameInWindow: CGRect
    public let safeAreaInsets: EdgeInsets

    public var size: CGSize { frameInWindow.size }
    public func frame(in coordinateSpace: some CoordinateSpaceProtocol) -> CGRect { frameInWindow }
}

/// `ScrollGeometry`.
public struct ScrollGeometry: Equatable, Sendable {
    public var contentOffset: CGPoint
    public var contentSize: CGSize
    public var contentInsets: EdgeInsets
    public var containerSize: CGSize

    /// The stand-in's own: what the driver reports.
    public init(contentOffset: CGPoint, contentSize: CGSize, contentInsets: EdgeInsets, containerSize: CGSize) {
        self.contentOffset = contentOffset
        self.contentSize = contentSize
        self.contentInsets = contentInsets
        self.containerSize = containerSize
    }

    public var visibleRect: CGRect { CGRect(origin: contentOffset, size: containerSize) }
    public var bounds: CGRect { visibleRect }
}

/// `ScrollPosition`: the stand-in keeps each request to scroll, for the
/// driver to perform.
public struct ScrollPosition: Equatable {
    /// The point of the newest `scrollTo`, nil before one.
    public private(set) var point: CGPoint?
    /// How many `scrollTo` calls were made (the stand-in's own: two
    /// requests for the same point are two scrolls).
    public private(set) var requests = 0

    public init(idType: (some Hashable & Sendable).Type = Never.self) {}

    public mutating func scrollTo(x: CGFloat, y: CGFloat) {
        point = CGPoint(x: x, y: y)
        requests += 1
    }

    public mutating func scrollTo(y: CGFloat) { scrollTo(x: point?.x ?? 0, y: y) }
}

/// `Animation`: its curve's name and duration.
public struct Animation: Equatable, Sendable, CustomStringConvertible {
    public let curve: String
    public let duration: TimeInterval

    public static let `default` = Animation(curve: "default", duration: 0.35)
    public static func easeInOut(duration: TimeInterval) -> Animation { Animation(curve: "easeInOut", duration: duration) }
    public static func easeIn(duration: TimeInterval) -> Animation { Animation(curve: "easeIn", duration: duration) }
    public static func easeOut(duration: TimeInterval) -> Animation { Animation(curve: "easeOut", duration: duration) }
    public static func linear(duration: TimeInterval) -> Animation { Animation(curve: "linear", duration: duration) }

    public var description: String { "\(curve)(\(duration))" }
}

/// `withAnimation`: runs `body`, the renderer noting the animation the
/// state changes in it were made in.
@MainActor
public func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result) rethrows -> Result {
    StandInRenderer.animations.append(animation)
    return try body()
}
