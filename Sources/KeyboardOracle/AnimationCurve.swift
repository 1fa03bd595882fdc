import KeyboardAvoidance
import KeyboardWorld

/// A timing curve: maps the elapsed fraction of an animation to the
/// fraction of its change applied.
///
/// Curve model: UIKit's four documented curves are the standard cubic
/// Béziers (ease-in-out 0.42,0,0.58,1; ease-in 0.42,0,1,1; ease-out
/// 0,0,0.58,1; linear). The keyboard's undocumented curve 7 is modelled as
/// the cubic Bézier (0.38, 0.7, 0.125, 1.0), an approximation reported
/// publicly by developers who matched it by eye; another report describes it
/// as a spring (mass 3, stiffness 1000, damping 500). Neither was measured
/// here. What matters for the harness is relative: a strategy animating with
/// the keyboard's own curve and duration moves in lockstep with it whatever
/// the curve's exact shape.
public enum AnimationCurve: Hashable, Sendable {
    case easeInOut
    case easeIn
    case easeOut
    case linear
    /// The keyboard's curve (7).
    case keyboard

    /// The curve for a `UIViewAnimationCurve` raw value; unknown values fall
    /// back to ease-in-out, UIKit's default.
    public init(rawCurve: Int) {
        switch rawCurve {
        case 1: self = .easeIn
        case 2: self = .easeOut
        case 3: self = .linear
        case 7: self = .keyboard
        default: self = .easeInOut
        }
    }

    private var controlPoints: (Double, Double, Double, Double) {
        switch self {
        case .easeInOut: (0.42, 0, 0.58, 1)
        case .easeIn: (0.42, 0, 1, 1)
        case .easeOut: (0, 0, 0.58, 1)
        case .linear: (0, 0, 1, 1)
        case .keyboard: (0.38, 0.7, 0.125, 1)
        }
    }

    /// The fraction of the change applied after `fraction` of the time
    /// (clamped to 0…1). Monotonic; 0 at 0 and 1 at 1. Read from a table of
    /// 1,024 exact samples with linear interpolation between them (within
    /// 1e-5 of the exact curve), so that judging thousands of frames is cheap;
    /// the same input always gives the same output, so two strategies
    /// animating with the same curve stay in exact lockstep.
    public func progress(_ fraction: Double) -> Double {
        let t = Swift.min(Swift.max(fraction, 0), 1)
        if self == .linear || t == 0 || t == 1 { return t }
        let table = Self.tables[tableIndex]
        let x = t * Double(Self.samples)
        let i = Swift.min(Int(x), Self.samples - 1)
        let f = x - Double(i)
        return table[i] + (table[i + 1] - table[i]) * f
    }

    private static let samples = 1024

    private var tableIndex: Int {
        switch self {
        case .easeInOut: 0
        case .easeIn: 1
        case .easeOut: 2
        case .linear: 3
        case .keyboard: 4
        }
    }

    private static let tables: [[Double]] = [AnimationCurve.easeInOut, .easeIn, .easeOut, .linear, .keyboard].map { curve in
        (0...samples).map { curve.exactProgress(Double($0) / Double(samples)) }
    }

    /// The curve's exact value, by bisection on the Bézier's x.
    func exactProgress(_ fraction: Double) -> Double {
        let t = Swift.min(Swift.max(fraction, 0), 1)
        if self == .linear || t == 0 || t == 1 { return t }
        let (x1, y1, x2, y2) = controlPoints
        // Solve x(s) = t for s by bisection (x is monotonic for these points).
        func bezier(_ s: Double, _ a: Double, _ b: Double) -> Double {
            let u = 1 - s
            return 3 * u * u * s * a + 3 * u * s * s * b + s * s * s
        }
        var low = 0.0, high = 1.0
        for _ in 0..<40 {
            let mid = (low + high) / 2
            if bezier(mid, x1, x2) < t { low = mid } else { high = mid }
        }
        return bezier((low + high) / 2, y1, y2)
    }
}

/// How a strategy animates a change it makes.
public struct StrategyAnimation: Hashable, Sendable {
    public var duration: Double
    public var curve: AnimationCurve

    public init(duration: Double, curve: AnimationCurve) {
        self.duration = duration
        self.curve = curve
    }

    /// The keyboard's own animation, as its notification describes it (0.25 s
    /// and curve 7 where the keys are missing, as on a rotation's Did).
    ///
    /// What a change made in a Will handler gets: iOS posts Will
    /// notifications inside the keyboard's animation block, so a change
    /// there animates with the keyboard ([uptech-2020] in docs/sources.md),
    /// and a nested `animateWithDuration:` block without
    /// `OverrideInheritedCurve` / `OverrideInheritedDuration` inherits the
    /// in-flight animation's curve and remaining duration ([uikit-animation]).
    public static func keyboard(_ n: KeyboardNotification) -> StrategyAnimation {
        StrategyAnimation(
            duration: n.duration ?? KeyboardAnimation.systemDefault.duration,
            curve: AnimationCurve(rawCurve: n.curve ?? KeyboardAnimation.systemDefault.curve)
        )
    }

    /// UIKit's own animated scroll (`scrollRectToVisible:animated:YES`,
    /// `setContentOffset:animated:YES`) outside any animation block: 0.3 s,
    /// ease-in-out (estimate: UIKit does not document it).
    public static let uikitScroll = StrategyAnimation(duration: 0.3, curve: .easeInOut)
}
