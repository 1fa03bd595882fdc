import KBTestSupport
import KeyboardGeometry
import Testing

@Suite("Fixed portrait and oriented screen spaces")
struct FixedScreenSpaceTests {
    /// An iPad (768 × 1024 portrait). iOS 7 reports a landscape keyboard in
    /// the fixed space as a tall, narrow rect along one long edge.
    let ipad = KBSize(width: 768, height: 1024)

    @Test func landscapeRightKeyboardLiesAlongTheFixedLeftEdge() {
        let space = FixedScreenSpace(portraitSize: ipad, orientation: .landscapeRight)
        let fixed = KBRect(x: 0, y: 0, width: 352, height: 1024)
        #expect(fixed.height == 1024, "the height a naive recipe reads")
        #expect(space.orientedRect(fromFixed: fixed) == KBRect(x: 0, y: 416, width: 1024, height: 352))
    }

    @Test func landscapeLeftKeyboardLiesAlongTheFixedRightEdge() {
        let space = FixedScreenSpace(portraitSize: ipad, orientation: .landscapeLeft)
        let fixed = KBRect(x: 416, y: 0, width: 352, height: 1024)
        #expect(space.orientedRect(fromFixed: fixed) == KBRect(x: 0, y: 416, width: 1024, height: 352))
    }

    @Test func upsideDownKeyboardIsAtTheFixedTop() {
        let space = FixedScreenSpace(portraitSize: ipad, orientation: .portraitUpsideDown)
        #expect(space.orientedRect(fromFixed: KBRect(x: 0, y: 0, width: 768, height: 264)) == KBRect(x: 0, y: 760, width: 768, height: 264))
    }

    @Test func portraitIsTheIdentity() {
        let space = FixedScreenSpace(portraitSize: ipad, orientation: .portrait)
        let r = KBRect(x: 1.5, y: 2, width: 3, height: 4)
        #expect(space.orientedRect(fromFixed: r) == r)
        #expect(space.orientedSize == ipad)
    }

    @Test func orientedSizeExchangesSidesInLandscape() {
        let space = FixedScreenSpace(orientedSize: KBSize(width: 1024, height: 768), orientation: .landscapeLeft)
        #expect(space.portraitSize == ipad)
        #expect(space.orientedSize == KBSize(width: 1024, height: 768))
    }

    @Test(arguments: InterfaceOrientation.allCases)
    func conversionsAreInverse(orientation: InterfaceOrientation) {
        for seed in TestSeeds.standard {
            var rng = SeededGenerator(seed: seed)
            let space = FixedScreenSpace(portraitSize: KBSize(width: 375, height: 812), orientation: orientation)
            for _ in 0..<1000 {
                // Halves are exact in binary, so the round trip is exact.
                let r = KBRect(
                    x: Double(Int.random(in: -2000...2000, using: &rng)) / 2, y: Double(Int.random(in: -2000...2000, using: &rng)) / 2,
                    width: Double(Int.random(in: 0...2000, using: &rng)) / 2, height: Double(Int.random(in: 0...2000, using: &rng)) / 2
                )
                let there = space.orientedRect(fromFixed: r)
                #expect(space.fixedRect(fromOriented: there) == r, "seed \(seed): \(r)")
                #expect(there.width == (orientation.isLandscape ? r.height : r.width), "seed \(seed)")
            }
        }
    }

    @Test func nullStaysNull() {
        let space = FixedScreenSpace(portraitSize: ipad, orientation: .landscapeLeft)
        #expect(space.orientedRect(fromFixed: .null).isNull)
        #expect(space.fixedRect(fromOriented: .null).isNull)
    }
}

@Suite("View placement: screen → window → view")
struct ViewPlacementTests {
    @Test func slideOverWindowShiftsTheKeyboardIntoWindowSpace() {
        // A Slide Over window 320 wide at the right of a 1024-wide landscape iPad.
        let window = ViewPlacement(frame: KBRect(x: 694, y: 10, width: 320, height: 748))
        let keyboard = KBRect(x: 0, y: 416, width: 1024, height: 352)
        #expect(window.rectInView(fromParent: keyboard) == KBRect(x: -694, y: 406, width: 1024, height: 352))
    }

    @Test func contentOffsetIsTheBoundsOrigin() {
        let scroll = ViewPlacement(frame: KBRect(x: 0, y: 64, width: 375, height: 603), boundsOrigin: KBPoint(x: 0, y: 200))
        let field = KBRect(x: 16, y: 500, width: 343, height: 44)
        let inWindow = scroll.rectInParent(field)
        #expect(inWindow == KBRect(x: 16, y: 364, width: 343, height: 44))
        #expect(scroll.rectInView(fromParent: inWindow) == field)
        #expect(scroll.bounds == KBRect(x: 0, y: 200, width: 375, height: 603))
    }
}
