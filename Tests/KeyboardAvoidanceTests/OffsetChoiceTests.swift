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

    /// A field as tall as its band up to ``Rounding/allowance(at:)`` is
    /// read both ways: where the first reading's offsets are out of reach,
    /// the other's are taken; a field a double further from the band's
    /// height is not read again. Here the field is taller (first read as
    /// tall, by its caret, whose offsets miss the range) and, read as
    /// fitting, its top at the band's top (offset 0) is in reach. A band
    /// 2⁻¹⁹ pt tall makes the edge exact.
    @Test func aFieldAsTallAsItsBandUpToTheAllowanceIsReadTheOtherWayWhereTheFirstIsOutOfReach() throws {
        let h = 0x1p-19
        let band = VisibleBand(top: 0, bottom: h, gapAbove: 0, gapBelow: 0)
        let edge = h + Rounding.allowance(at: h)
        try #require(edge - h == Rounding.allowance(at: h), "nothing rounded")
        func choice(height: Double) -> OffsetChoice {
            var c = OffsetChoice(current: -1, range: -1...0.5e-6)
            let caret = KBRect(x: 0, y: 2.5e-6, width: 1, height: 1e-7)
            c.consider(band, showing: FocusedField(frame: KBRect(x: 0, y: 0, width: 10, height: height), caret: caret), policy: .caret)
            return c
        }
        let read = choice(height: edge)
        #expect(read.best == 0, "taller by the allowance exactly: read as fitting too")
        let notRead = choice(height: edge.nextUp)
        #expect(notRead.best == nil && notRead.fallback == 0.5e-6, "a double more: the caret's reading only, out of reach")
    }

    /// The other reading is taken only where the first is out of reach.
    /// A 100-pt field (its caret 80 pt down) at y 1000, with the view at
    /// 650: the band above a floating keyboard (0…300) shows it from 800;
    /// the band below (500…600) is exactly its height, so it shows it
    /// whole at 500, no nearer, and its caret's reading (490…580) would be
    /// nearer but is not asked for.
    @Test func aReachableFirstReadingIsNotReadAgain() {
        var c = OffsetChoice(current: 650, range: -1000...2000)
        let field = FocusedField(frame: KBRect(x: 0, y: 1000, width: 10, height: 100), caret: KBRect(x: 0, y: 1080, width: 1, height: 10))
        c.consider(VisibleBand(top: 0, bottom: 300, gapAbove: 0, gapBelow: 0), showing: field, policy: .caret)
        c.consider(VisibleBand(top: 500, bottom: 600, gapAbove: 0, gapBelow: 0), showing: field, policy: .caret)
        #expect(c.best == 800)
    }
}
