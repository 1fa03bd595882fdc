import KBTestSupport
import KeyboardGeometry
import Testing

@Suite("Rect edge cases")
struct RectTests {
    let a = Rect(x: 0, y: 0, width: 10, height: 5)

    @Test func nullIsTheEmptyPointSet() {
        #expect(Rect.null.isNull)
        #expect(Rect.null.isEmpty)
        #expect(Rect.null.width == 0 && Rect.null.height == 0)
        #expect(Rect.null.minX == .infinity)
        #expect(!Rect.null.contains(Point.zero))
        #expect(Rect.null.union(a) == a)
        #expect(a.union(.null) == a)
        #expect(Rect.null.intersection(a).isNull)
        #expect(Rect.null.offsetBy(dx: 1, dy: 1).isNull)
        #expect(Rect.null.insetBy(dx: -1, dy: -1).isNull)
        #expect(Rect.null.standardized.isNull)
    }

    @Test func zeroIsEmptyButNotNull() {
        #expect(Rect.zero.isEmpty)
        #expect(!Rect.zero.isNull)
        #expect(!Rect.zero.contains(Point.zero), "half-open: an empty rect contains no point")
        let far = Rect(x: 100, y: 100, width: 0, height: 0)
        #expect(a.union(far) == Rect(x: 0, y: 0, width: 100, height: 100), "empty rects take part in union")
    }

    @Test func negativeSizesAreStandardized() {
        let n = Rect(x: 10, y: 10, width: -5, height: -5)
        #expect(n.standardized == Rect(x: 5, y: 5, width: 5, height: 5))
        #expect(n.minX == 5 && n.maxX == 10 && n.width == 5 && n.midY == 7.5)
        #expect(n.contains(Point(x: 7, y: 7)))
        #expect(n.offsetBy(dx: 1, dy: 1) == Rect(x: 6, y: 6, width: 5, height: 5))
        #expect(n != n.standardized, "== compares stored fields")
    }

    @Test func touchingRectsIntersectInAZeroHeightRect() {
        let below = Rect(x: 0, y: 5, width: 10, height: 5)
        let i = a.intersection(below)
        #expect(i == Rect(x: 0, y: 5, width: 10, height: 0))
        #expect(!i.isNull && i.isEmpty)
        #expect(a.intersects(below))
    }

    @Test func disjointRectsIntersectInNull() {
        let far = Rect(x: 20, y: 20, width: 1, height: 1)
        #expect(a.intersection(far).isNull)
        #expect(!a.intersects(far))
    }

    @Test func intersectionIsContainedInBoth() {
        let b = Rect(x: 4, y: -2, width: 20, height: 4)
        let i = a.intersection(b)
        #expect(i == Rect(x: 4, y: 0, width: 6, height: 2))
        #expect(a.contains(i) && b.contains(i))
        #expect(b.intersection(a) == i)
    }

    @Test func overlapsMeansAPositiveAreaIntersection() {
        let touching = Rect(x: 0, y: 5, width: 10, height: 5)
        #expect(!a.overlaps(touching) && a.intersects(touching))
        #expect(a.overlaps(Rect(x: 9, y: 4, width: 5, height: 5)))
        #expect(!a.overlaps(Rect(x: 2, y: 2, width: 0, height: 2)), "a zero-width rect covers no area")
        #expect(!a.overlaps(.null) && !Rect.null.overlaps(a))
        #expect(Rect(x: 10, y: 10, width: -5, height: -5).overlaps(Rect(x: 6, y: 6, width: 1, height: 1)))
        var rng = SeededGenerator(seed: 77)
        for _ in 0..<20_000 {
            let p = Rect(x: rng.double(in: -50...50).rounded(), y: rng.double(in: -50...50).rounded(), width: rng.double(in: -30...30).rounded(), height: rng.double(in: -30...30).rounded())
            let q = Rect(x: rng.double(in: -50...50).rounded(), y: rng.double(in: -50...50).rounded(), width: rng.double(in: -30...30).rounded(), height: rng.double(in: -30...30).rounded())
            #expect(p.overlaps(q) == !p.intersection(q).isEmpty, "seed 77: \(p) \(q)")
        }
    }

    @Test func nanNeverTraps() {
        let nan = Rect(x: .nan, y: 0, width: 10, height: 10)
        #expect(nan.isDegenerate)
        #expect(nan.intersection(a).isNull)
        #expect(a.intersection(nan).isNull)
        #expect(nan.union(a) == a)
        #expect(!nan.contains(Point(x: 1, y: 1)))
        #expect(!a.contains(Point(x: .nan, y: 1)))
        #expect(a.contains(nan), "a NaN rect counts as the empty set")
        #expect(nan.insetBy(dx: 1, dy: 1).isNull)
        #expect(nan.divided(atDistance: 1, from: .minXEdge).slice.isNull)
    }

    @Test func containsPointIsHalfOpen() {
        #expect(a.contains(Point(x: 0, y: 0)))
        #expect(!a.contains(Point(x: 10, y: 0)))
        #expect(!a.contains(Point(x: 0, y: 5)))
        #expect(a.contains(Point(x: 9.999, y: 4.999)))
    }

    @Test func containsRectIncludesEdgesAndTheEmptySet() {
        #expect(a.contains(a))
        #expect(a.contains(Rect.null))
        #expect(!Rect.null.contains(a))
        #expect(a.contains(Rect(x: 10, y: 5, width: 0, height: 0)), "an empty rect on the far corner is inside")
        #expect(!a.contains(Rect(x: 10.5, y: 1, width: 0, height: 0)))
    }

    @Test func insetToZeroIsKeptAndBeyondIsNull() {
        #expect(a.insetBy(dx: 5, dy: 1) == Rect(x: 5, y: 1, width: 0, height: 3))
        #expect(a.insetBy(dx: 6, dy: 1).isNull)
        #expect(a.insetBy(dx: -1, dy: -1) == Rect(x: -1, y: -1, width: 12, height: 7))
        #expect(a.inset(by: EdgeInsets(top: 1, left: 2, bottom: 1, right: 2)) == Rect(x: 2, y: 1, width: 6, height: 3))
        #expect(a.inset(by: EdgeInsets(top: 3, bottom: 3)).isNull)
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
        #expect(slice == Rect(x: 0, y: 3, width: 10, height: 2))
        #expect(remainder == Rect(x: 0, y: 0, width: 10, height: 3))
    }

    @Test func infiniteHasFiniteEdges() {
        #expect(Rect.infinite.minX.isFinite && Rect.infinite.maxX.isFinite)
        #expect(Rect.infinite.intersection(a) == a)
        #expect(Rect.infinite.contains(a))
    }

    @Test func edgeInsetsAddEdgeByEdge() {
        let e = EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
        #expect(e + .zero == e)
        #expect(e + e - e == e)
        #expect(e.withBottom(9) == EdgeInsets(top: 1, left: 2, bottom: 9, right: 4))
        #expect(!EdgeInsets(top: .nan).isFinite)
    }
}
