import KeyboardGeometry
import Testing

@testable import KeyboardAvoidance

/// The thinnest band that is room for a field: taller than
/// ``VisibleBand/minimumHeight``, strictly. A band of exactly that height
/// is rounding's, not room (the engine once showed a field in a
/// 4 × 10⁻¹⁴-point band; `SliverBandTests` replays that trace).
@Suite("The visible band's least height")
struct VisibleBandTests {
    static let field = FocusedField(frame: KBRect(x: 16, y: 400, width: 280, height: 44))

    @Test func aBandOfTheLeastHeightIsNoRoom() {
        let band = VisibleBand(top: 0, bottom: VisibleBand.minimumHeight, gapAbove: 0, gapBelow: 0)
        #expect(band.height == VisibleBand.minimumHeight)
        for policy in TallFieldPolicy.allCases {
            #expect(band.offsets(showing: Self.field, policy: policy) == nil, "\(policy)")
        }
    }

    /// Twice that height is room: the tall field's single offset (its top
    /// at the band's top for `.top`).
    @Test func aBandTwiceTheLeastHeightIsRoom() {
        let band = VisibleBand(top: 0, bottom: 2 * VisibleBand.minimumHeight, gapAbove: 0, gapBelow: 0)
        #expect(band.offsets(showing: Self.field, policy: .top) == 400...400)
        for policy in TallFieldPolicy.allCases {
            #expect(band.offsets(showing: Self.field, policy: policy) != nil, "\(policy)")
        }
    }

    /// A field exactly as tall as a band between two keyboard edges fits
    /// with no room for either gap: its top at the band's top, the gaps
    /// scaled to nothing (not kept whole, which would move it by the gap
    /// above).
    @Test func aFieldThatFitsExactlyKeepsNoGapOnEitherSide() {
        let band = VisibleBand(top: 100, bottom: 144, gapAbove: 10, gapBelow: 10)
        #expect(band.offsets(showing: Self.field, policy: .top) == 300...300)
    }
}
