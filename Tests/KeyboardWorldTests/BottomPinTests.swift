import KBTestSupport
import KeyboardGeneration
import KeyboardGeometry
import KeyboardWorld
import Testing

/// A scroll view whose bottom follows an anchor (``BottomPin``): at rest it
/// is the app's own frame bit for bit, the bottom moves with the anchor by
/// exactly what it moved, keeping the gap, and only the height changes.
@Suite("A scroll view pinned at its bottom")
struct BottomPinTests {
    /// A frame whose bottom (700.33) is not a sum the pin could rebuild
    /// exactly: at rest it must come back as it was.
    static let own = KBRect(x: 0, y: 91.67, width: 390, height: 608.66)

    @Test func atRestTheFrameIsTheAppsOwn() throws {
        let pin = try #require(BottomPin(own: Self.own, restingAnchor: 810))
        #expect(pin.gap == 810 - Self.own.maxY)
        #expect(pin.frame(own: Self.own, anchor: 810) == Self.own)
        #expect(pin.frame(own: Self.own, anchor: 844) == Self.own, "an anchor below rest does not stretch the view")
    }

    @Test func theBottomRisesWithTheAnchorAndKeepsTheGap() throws {
        let pin = try #require(BottomPin(own: Self.own, restingAnchor: 810))
        let frame = pin.frame(own: Self.own, anchor: 508)
        #expect(frame.minY == Self.own.minY && frame.minX == Self.own.minX && frame.width == Self.own.width)
        #expect(abs(frame.height - (Self.own.height - 302)) < 1e-9)
        #expect(pin.frame(own: Self.own, anchor: -500).height == 0, "never a negative height")
    }

    @Test func aFrameEndingBelowTheAnchorCannotBePinnedToIt() {
        #expect(BottomPin(own: Self.own, restingAnchor: 690) == nil)
        #expect(BottomPin(own: Self.own, restingAnchor: Self.own.maxY) != nil)
    }

    /// The edge, exactly: a frame may end below the anchor by the rounding
    /// lost at it (``Rounding/lost(at:)``, a billionth of a point near 0),
    /// and not a double more. At an anchor of 0 the arithmetic is exact.
    @Test func aFrameEndingBelowTheAnchorByItsRoundingIsPinned() {
        let lost = Rounding.lost(at: 0)
        let pin = BottomPin(own: KBRect(x: 0, y: 0, width: 390, height: lost), restingAnchor: 0)
        #expect(pin?.gap == 0, "pinned, with no gap")
        #expect(BottomPin(own: KBRect(x: 0, y: 0, width: 390, height: lost.nextUp), restingAnchor: 0) == nil)
    }

    @Test("the height never grows and follows the anchor exactly (seed 20261127, 2,000 pins)")
    func theHeightFollowsTheAnchor() {
        var random = SeededGenerator(seed: 20_261_127)
        func number(_ range: ClosedRange<Double>) -> Double { range.lowerBound + random.unit() * (range.upperBound - range.lowerBound) }
        for _ in 0..<2_000 {
            let own = KBRect(x: 0, y: number(0...200), width: 390, height: number(0...700))
            let resting = own.maxY + number(0...100)
            guard let pin = BottomPin(own: own, restingAnchor: resting) else {
                Issue.record("\(own) at \(resting)")
                continue
            }
            let anchor = number(-200...1000)
            let frame = pin.frame(own: own, anchor: anchor)
            #expect(frame.height <= own.height && frame.height >= 0)
            if anchor < resting, own.height - (resting - anchor) > 0 {
                #expect(abs((own.maxY - frame.maxY) - (resting - anchor)) < 1e-9, "\(own) \(resting) \(anchor)")
            }
        }
    }
}
