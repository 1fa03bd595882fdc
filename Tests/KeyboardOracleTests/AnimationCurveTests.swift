import KeyboardOracle
import Testing

/// The curves the oracle animates with: UIKit's raw values, and each
/// curve's shape against a cubic Bézier solved here independently (by
/// bisection, not the oracle's table).
@Suite("Animation curves")
struct AnimationCurveTests {
    /// `UIViewAnimationCurve`: easeInOut 0, easeIn 1, easeOut 2, linear 3;
    /// the keyboard's 7; anything else falls back to ease-in-out.
    @Test func rawValuesAreUIKits() {
        let expected: [(Int, AnimationCurve)] = [
            (0, .easeInOut), (1, .easeIn), (2, .easeOut), (3, .linear), (7, .keyboard), (4, .easeInOut), (-1, .easeInOut), (8, .easeInOut),
        ]
        for (raw, curve) in expected { #expect(AnimationCurve(rawCurve: raw) == curve, "\(raw)") }
    }

    /// The y of the cubic Bézier from (0, 0) to (1, 1) through (x1, y1) and
    /// (x2, y2) at the x `t`: x(s) is increasing on 0…1 for these control
    /// points, so bisection finds s.
    static func bezier(_ p: (Double, Double, Double, Double), at t: Double) -> Double {
        func coordinate(_ a: Double, _ b: Double, _ s: Double) -> Double { 3 * (1 - s) * (1 - s) * s * a + 3 * (1 - s) * s * s * b + s * s * s }
        var low = 0.0, high = 1.0
        for _ in 0..<80 {
            let mid = (low + high) / 2
            if coordinate(p.0, p.2, mid) < t { low = mid } else { high = mid }
        }
        return coordinate(p.1, p.3, (low + high) / 2)
    }

    /// Core Animation's named timing functions (ease-in 0.42, 0, 1, 1;
    /// ease-out 0, 0, 0.58, 1; ease-in-out 0.42, 0, 0.58, 1), linear, and
    /// the keyboard's approximation (0.38, 0.7, 0.125, 1): within the
    /// table's documented 1e-5 at every sampled time.
    @Test func eachCurveIsItsBezier() {
        let curves: [(AnimationCurve, (Double, Double, Double, Double))] = [
            (.easeIn, (0.42, 0, 1, 1)), (.easeOut, (0, 0, 0.58, 1)), (.easeInOut, (0.42, 0, 0.58, 1)), (.linear, (0, 0, 1, 1)),
            (.keyboard, (0.38, 0.7, 0.125, 1)),
        ]
        for (curve, points) in curves {
            for step in 0...20 {
                let t = Double(step) / 20
                #expect(abs(curve.progress(t) - Self.bezier(points, at: t)) <= 1e-5, "\(curve) at \(t)")
            }
            #expect(curve.progress(-1) == 0 && curve.progress(2) == 1, "\(curve) clamps")
        }
    }
}
