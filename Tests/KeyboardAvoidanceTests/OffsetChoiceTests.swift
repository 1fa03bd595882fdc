import KeyboardGeometry
import Testing

@testable import KeyboardAvoidance

/// The engine's choice of offset among a field's bands: a band's offsets
/// that miss the scroll view's range by no more than what doubles lose at
/// their magnitude (``Rounding/lost(at:)``) still meet it; beyond that, the
/// band is out of reach and only the fallback is set.
@Suite("The offset choice's reach")
struct OffsetChoiceTests {
    /// A band from 100 above the view's top to its top, and a field of no
    /// height at `y`: the band shows it at offsets `y...y + 100`, which miss
    /// the range `-50...0` by `y`.
    static func choice(fieldAt y: Double) -> OffsetChoice {
        var choice = OffsetChoice(current: -10, range: -50...0)
        let band = VisibleBand(top: -100, bottom: 0, gapAbove: 0, gapBelow: 0)
        choice.consider(band, showing: FocusedField(frame: KBRect(x: 0, y: y, width: 10, height: 0)), policy: .top)
        return choice
    }

    @Test func offsetsThatMissByTheAllowanceExactlyStillMeet() {
        #expect(Rounding.lost(at: 1e-9) == 1e-9, "the gap below is the allowance, to the bit")
        let meets = Self.choice(fieldAt: 1e-9)
        #expect(meets.best == 0 && meets.fallback == nil)
        let misses = Self.choice(fieldAt: 2e-9)
        #expect(misses.best == nil && misses.fallback == 0)
    }
}
