import Foundation
import KBTestSupport
import KeyboardGeometry
import Testing

/// Our geometry against Foundation's `CGRect` on Linux, operation by
/// operation, over seeded random rectangles: negative, zero, huge,
/// fractional, and rectangles sharing edges with each other.
///
/// NaN is left out of the random values: Foundation's `intersection` traps
/// on it (ours treats NaN rects as null; see `RectTests.nanNeverTraps`).
/// Deliberate divergences, each with its own test in `DivergenceTests`:
/// 1. `union` with a null operand returns the other operand standardized
///    (Foundation returns it as stored).
/// 2. `contains(KBRect)` compares edges exactly (Foundation compares a
///    re-rounded union, and so can deny containment of a rect inside or,
///    at huge magnitudes, grant it to one outside).
/// 3. NaN never traps (Foundation's `intersection` does).
@Suite("Differential: KBRect vs Foundation CGRect")
struct FoundationDifferentialTests {
    static let casesPerSeed = 20_000
    /// 5 seeds × 20,000 = 100,000 cases for every operation.
    static let seeds: [UInt64] = [11, 23, 0xC0FFEE, 0xBADC0DE, 20_261_122]

    /// A random coordinate of one of several kinds.
    static func coordinate(_ rng: inout SeededGenerator) -> Double {
        switch Int.random(in: 0..<10, using: &rng) {
        case 0: return 0
        case 1: return Double(Int.random(in: -20...20, using: &rng))
        case 2: return rng.double(in: -1e6...1e6)
        case 3: return rng.pick([1e15, -1e15, 1e300, -1e300, 0.1, -0.1, 1 / 3, 1e-300])
        case 4: return Double(Int.random(in: -2000...2000, using: &rng)) / 4
        default: return rng.double(in: -1000...1000)
        }
    }

    static func extent(_ rng: inout SeededGenerator) -> Double {
        switch Int.random(in: 0..<8, using: &rng) {
        case 0: return 0
        case 1: return -coordinate(&rng).magnitude
        default: return coordinate(&rng)
        }
    }

    static func rect(_ rng: inout SeededGenerator, near other: KBRect? = nil) -> KBRect {
        if Int.random(in: 0..<20, using: &rng) == 0 { return .null }
        if let o = other, !o.isNull, Int.random(in: 0..<3, using: &rng) == 0 {
            // Share an edge or a coordinate with `other`, to exercise touching.
            let x = rng.pick([o.minX, o.maxX, o.midX, coordinate(&rng)])
            let y = rng.pick([o.minY, o.maxY, o.midY, coordinate(&rng)])
            return KBRect(x: x, y: y, width: extent(&rng), height: extent(&rng))
        }
        return KBRect(x: coordinate(&rng), y: coordinate(&rng), width: extent(&rng), height: extent(&rng))
    }

    static func cg(_ r: KBRect) -> CGRect { CGRect(x: r.origin.x, y: r.origin.y, width: r.size.width, height: r.size.height) }
    static func cg(_ p: KBPoint) -> CGPoint { CGPoint(x: p.x, y: p.y) }

    /// Same four doubles (NaN equal to NaN, +0 equal to −0).
    static func same(_ r: KBRect, _ c: CGRect) -> Bool {
        func eq(_ a: Double, _ b: Double) -> Bool { a == b || (a.isNaN && b.isNaN) }
        return eq(r.origin.x, Double(c.origin.x)) && eq(r.origin.y, Double(c.origin.y)) && eq(r.size.width, Double(c.size.width))
            && eq(r.size.height, Double(c.size.height))
    }

    static func eachCase(_ body: (KBRect, KBRect, inout SeededGenerator, UInt64) -> Void) {
        for seed in seeds {
            var rng = SeededGenerator(seed: seed)
            for _ in 0..<casesPerSeed {
                let a = rect(&rng)
                let b = rect(&rng, near: a)
                body(a, b, &rng, seed)
            }
        }
    }

    @Test func intersectionMatches() {
        var failures = 0
        Self.eachCase { a, b, _, seed in
            let ours = a.intersection(b), theirs = Self.cg(a).intersection(Self.cg(b))
            if !Self.same(ours, theirs) || a.intersects(b) != Self.cg(a).intersects(Self.cg(b)) {
                failures += 1
                if failures <= 3 { Issue.record("seed \(seed): \(a) ∩ \(b): ours \(ours), Foundation \(theirs)") }
            }
        }
        #expect(failures == 0)
    }

    @Test func unionMatches() {
        var failures = 0
        Self.eachCase { a, b, _, seed in
            // Divergence 1: compare with Foundation's result standardized.
            let ours = a.union(b), theirs = Self.cg(a).union(Self.cg(b)).standardized
            if !Self.same(ours, theirs) {
                failures += 1
                if failures <= 3 { Issue.record("seed \(seed): \(a) ∪ \(b): ours \(ours), Foundation \(theirs)") }
            }
        }
        #expect(failures == 0)
    }

    @Test func containsMatches() {
        var failures = 0
        Self.eachCase { a, b, rng, seed in
            let p = KBPoint(x: rng.pick([a.minX, a.maxX, a.midX, Self.coordinate(&rng)]), y: rng.pick([a.minY, a.maxY, Self.coordinate(&rng)]))
            let pointOK = a.contains(p) == Self.cg(a).contains(Self.cg(p))
            // Divergence 2: where Foundation's re-rounded union moves an edge,
            // it denies containment; ours must then be the exact edge test.
            let theirs = Self.cg(a).contains(Self.cg(b))
            let exact = b.isNull || (!a.isNull && b.minX >= a.minX && b.maxX <= a.maxX && b.minY >= a.minY && b.maxY <= a.maxY)
            // Foundation's answer is only trusted where no edge re-rounds: in
            // its union, or in standardizing either rect (maxX = minX + width).
            func reRounds(_ r: KBRect) -> Bool { !r.isNull && (r.standardized.maxX != r.maxX || r.standardized.maxY != r.maxY) }
            let u = Self.cg(a).union(Self.cg(b)).standardized
            let unionLosesAnEdge =
                !a.isNull && !b.isNull
                && (Double(u.maxX) != max(a.standardized.maxX, b.standardized.maxX)
                    || Double(u.maxY) != max(a.standardized.maxY, b.standardized.maxY))
            let rounded = !Self.same(a.standardized, u) || unionLosesAnEdge || reRounds(a) || reRounds(b)
            let rectOK = a.contains(b) == exact && (a.contains(b) == theirs || rounded)
            if !pointOK || !rectOK {
                failures += 1
                if failures <= 3 { Issue.record("seed \(seed): \(a) contains \(p) / \(b): point ok \(pointOK), rect ok \(rectOK)") }
            }
        }
        #expect(failures == 0)
    }

    @Test func insetOffsetAndStandardizeMatch() {
        var failures = 0
        Self.eachCase { a, _, rng, seed in
            let dx = Self.extent(&rng), dy = Self.extent(&rng)
            let c = Self.cg(a)
            let checks = [
                Self.same(a.insetBy(dx: dx, dy: dy), c.insetBy(dx: dx, dy: dy)),
                Self.same(a.offsetBy(dx: dx, dy: dy), c.offsetBy(dx: dx, dy: dy)),
                Self.same(a.standardized, c.standardized),
                a.minX == Double(c.minX) || a.isNull, a.maxY == Double(c.maxY) || a.isNull,
                a.width == Double(c.width), a.height == Double(c.height),
                a.isEmpty == c.isEmpty, a.isNull == c.isNull,
            ]
            if checks.contains(false) {
                failures += 1
                if failures <= 3 { Issue.record("seed \(seed): \(a) by \(dx), \(dy): checks \(checks)") }
            }
        }
        #expect(failures == 0)
    }

    @Test func dividedMatches() {
        var failures = 0
        let edges: [(RectEdge, CGRectEdge)] = [(.minXEdge, .minXEdge), (.maxXEdge, .maxXEdge), (.minYEdge, .minYEdge), (.maxYEdge, .maxYEdge)]
        Self.eachCase { a, _, rng, seed in
            let d = Self.extent(&rng)
            let (ours, theirs) = rng.pick(edges)
            let o = a.divided(atDistance: d, from: ours)
            let t = Self.cg(a).divided(atDistance: d, from: theirs)
            if !Self.same(o.slice, t.slice) || !Self.same(o.remainder, t.remainder) {
                failures += 1
                if failures <= 3 { Issue.record("seed \(seed): \(a) divided \(d) from \(ours): ours \(o), Foundation \(t)") }
            }
        }
        #expect(failures == 0)
    }
}
