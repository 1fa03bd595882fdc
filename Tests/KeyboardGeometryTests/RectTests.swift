import KBTestSupport
import KeyboardGeometry
import Testing

@Suite("KBRect edge cases")
struct RectTests {
    let a = KBRect(x: 0, y: 0, width: 10, height: 5)

    @Test func nullIsTheEmptyPointSet() {
        #expect(KBRect.null.isNull)
        #expect(KBRect.null.isEmpty)
        #expect(KBRect.null.width == 0 && KBRect.null.height == 0)
        #expect(KBRect.null.minX == .infinity)
        #expect(!KBRect.null.contains(KBPoint.zero))
        #expect(KBRect.null.union(a) == a)
        #expect(a.union(.null) == a)
        #expect(KBRect.null.intersection(a).isNull)
        #expect(KBRect.null.offsetBy(dx: 1, dy: 1).isNull)
        #expect(KBRect.null.insetBy(dx: -1, dy: -1).isNull)
        #expect(KBRect.null.standardized.isNull)
    }

    /// What messages print: the null rect by name (its origin is infinite),
    /// every other value by its numbers.
    @Test func descriptionsNameNullAndPrintTheNumbers() {
        #expect(KBRect.null.description == "KBRect.null")
        #expect(a.description == "(0.0, 0.0, 10.0, 5.0)")
        #expect(KBRect.zero.description == "(0.0, 0.0, 0.0, 0.0)")
        #expect(KBPoint(x: 1.5, y: -2).description == "(1.5, -2.0)")
        #expect(KBSize(width: 375, height: 336).description == "(375.0 × 336.0)")
        #expect(KBEdgeInsets(top: 1, left: 2, bottom: 3, right: 4).description == "[1.0, 2.0, 3.0, 4.0]")
    }

    @Test func aPointMovesByBothOffsets() {
        #expect(KBPoint(x: 1, y: 2).offsetBy(dx: 10, dy: -20) == KBPoint(x: 11, y: -18))
        #expect(KBPoint(x: 1, y: 2).offsetBy(dx: 0, dy: 0) == KBPoint(x: 1, y: 2))
    }

    @Test func zeroIsEmptyButNotNull() {
        #expect(KBRect.zero.isEmpty)
        #expect(!KBRect.zero.isNull)
        #expect(KBRect.zero.origin == KBPoint.zero && KBRect.zero.size == KBSize.zero, "at the origin, as CGRect.zero")
        #expect(KBRect.zero.union(KBRect(x: 10, y: 20, width: 5, height: 5)) == KBRect(x: 0, y: 0, width: 15, height: 25))
        #expect(!KBRect.zero.contains(KBPoint.zero), "half-open: an empty rect contains no point")
        let far = KBRect(x: 100, y: 100, width: 0, height: 0)
        #expect(a.union(far) == KBRect(x: 0, y: 0, width: 100, height: 100), "empty rects take part in union")
    }

    @Test func negativeSizesAreStandardized() {
        let n = KBRect(x: 10, y: 10, width: -5, height: -5)
        #expect(n.standardized == KBRect(x: 5, y: 5, width: 5, height: 5))
        #expect(n.minX == 5 && n.maxX == 10 && n.width == 5 && n.midY == 7.5)
        #expect(n.contains(KBPoint(x: 7, y: 7)))
        #expect(n.offsetBy(dx: 1, dy: 1) == KBRect(x: 6, y: 6, width: 5, height: 5))
        #expect(n != n.standardized, "== compares stored fields")
    }

    @Test func touchingRectsIntersectInAZeroHeightRect() {
        let below = KBRect(x: 0, y: 5, width: 10, height: 5)
        let i = a.intersection(below)
        #expect(i == KBRect(x: 0, y: 5, width: 10, height: 0))
        #expect(!i.isNull && i.isEmpty)
        #expect(a.intersects(below))
    }

    @Test func disjointRectsIntersectInNull() {
        let far = KBRect(x: 20, y: 20, width: 1, height: 1)
        #expect(a.intersection(far).isNull)
        #expect(!a.intersects(far))
    }

    @Test func intersectionIsContainedInBoth() {
        let b = KBRect(x: 4, y: -2, width: 20, height: 4)
        let i = a.intersection(b)
        #expect(i == KBRect(x: 4, y: 0, width: 6, height: 2))
        #expect(a.contains(i) && b.contains(i))
        #expect(b.intersection(a) == i)
    }

    @Test func overlapsMeansAPositiveAreaIntersection() {
        let touching = KBRect(x: 0, y: 5, width: 10, height: 5)
        #expect(!a.overlaps(touching) && a.intersects(touching))
        #expect(a.overlaps(KBRect(x: 9, y: 4, width: 5, height: 5)))
        #expect(!a.overlaps(KBRect(x: 2, y: 2, width: 0, height: 2)), "a zero-width rect covers no area")
        #expect(!a.overlaps(.null) && !KBRect.null.overlaps(a))
        #expect(KBRect(x: 10, y: 10, width: -5, height: -5).overlaps(KBRect(x: 6, y: 6, width: 1, height: 1)))
        var rng = SeededGenerator(seed: 77)
        for _ in 0..<20_000 {
            let p = KBRect(
                x: rng.double(in: -50...50).rounded(), y: rng.double(in: -50...50).rounded(), width: rng.double(in: -30...30).rounded(),
                height: rng.double(in: -30...30).rounded())
            let q = KBRect(
                x: rng.double(in: -50...50).rounded(), y: rng.double(in: -50...50).rounded(), width: rng.double(in: -30...30).rounded(),
                height: rng.double(in: -30...30).rounded())
            #expect(p.overlaps(q) == !p.intersection(q).isEmpty, "seed 77: \(p) \(q)")
        }
    }

    @Test func nanNeverTraps() {
        let nan = KBRect(x: .nan, y: 0, width: 10, height: 10)
        #expect(nan.isDegenerate)
        #expect(nan.intersection(a).isNull)
        #expect(a.intersection(nan).isNull)
        #expect(nan.union(a) == a)
        #expect(!nan.contains(KBPoint(x: 1, y: 1)))
        #expect(!a.contains(KBPoint(x: .nan, y: 1)))
        #expect(a.contains(nan), "a NaN rect counts as the empty set")
        #expect(nan.insetBy(dx: 1, dy: 1).isNull)
        #expect(nan.divided(atDistance: 1, from: .minXEdge).slice.isNull)
    }

    @Test func containsPointIsHalfOpen() {
        #expect(a.contains(KBPoint(x: 0, y: 0)))
        #expect(!a.contains(KBPoint(x: 10, y: 0)))
        #expect(!a.contains(KBPoint(x: 0, y: 5)))
        #expect(a.contains(KBPoint(x: 9.999, y: 4.999)))
    }

    @Test func containsRectIncludesEdgesAndTheEmptySet() {
        #expect(a.contains(a))
        #expect(a.contains(KBRect.null))
        #expect(!KBRect.null.contains(a))
        #expect(a.contains(KBRect(x: 10, y: 5, width: 0, height: 0)), "an empty rect on the far corner is inside")
        #expect(!a.contains(KBRect(x: 10.5, y: 1, width: 0, height: 0)))
    }

    @Test func insetToZeroIsKeptAndBeyondIsNull() {
        #expect(a.insetBy(dx: 5, dy: 1) == KBRect(x: 5, y: 1, width: 0, height: 3))
        #expect(a.insetBy(dx: 6, dy: 1).isNull)
        #expect(a.insetBy(dx: -1, dy: -1) == KBRect(x: -1, y: -1, width: 12, height: 7))
        #expect(a.inset(by: KBEdgeInsets(top: 1, left: 2, bottom: 1, right: 2)) == KBRect(x: 2, y: 1, width: 6, height: 3))
        #expect(a.inset(by: KBEdgeInsets(top: 3, bottom: 3)).isNull)
    }

    @Test(arguments: RectEdge.allCases)
    func dividedPartitionsTheRect(edge: RectEdge) {
        let (slice, remainder) = a.divided(atDistance: 3, from: edge)
        #expect(slice.union(remainder) == a)
        #expect(slice.width * slice.height + remainder.width * remainder.height == 50)
        let (whole, rest) = a.divided(atDistance: 100, from: edge)
        #expect(whole == a)
        #expect(rest.isEmpty && !rest.isNull)
        let (none, all) = a.divided(atDistance: -3, from: edge)
        #expect(none.isEmpty && all == a)
    }

    @Test func dividedFromMaxYKeepsTheRemainderAtTheTop() {
        let (slice, remainder) = a.divided(atDistance: 2, from: .maxYEdge)
        #expect(slice == KBRect(x: 0, y: 3, width: 10, height: 2))
        #expect(remainder == KBRect(x: 0, y: 0, width: 10, height: 3))
    }

    @Test func infiniteHasFiniteEdges() {
        #expect(KBRect.infinite.minX.isFinite && KBRect.infinite.maxX.isFinite)
        #expect(KBRect.infinite.intersection(a) == a)
        #expect(KBRect.infinite.contains(a))
    }

    @Test func edgeInsetsAddEdgeByEdge() {
        let e = KBEdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
        #expect(e + .zero == e)
        #expect(e + e - e == e)
        #expect(e.withBottom(9) == KBEdgeInsets(top: 1, left: 2, bottom: 9, right: 4))
        #expect(!KBEdgeInsets(top: .nan).isFinite)
    }
}
