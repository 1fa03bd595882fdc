import KeyboardHarness
import Testing

/// A band of no real height is no room: where a floating keyboard's bottom
/// meets the scroll view's bottom edge in the window's coordinates, rounding
/// leaves a band 4 × 10⁻¹⁴ points tall below the keyboard, and the engine
/// once showed the field "in" it, off the window. Found by `kbbench fuzz
/// --strategy engine --seed 20261210` (scenario 1,326,902), shrunk to 4
/// events: an iPad window moved and resized under a floating keyboard.
@Suite("A sliver of a band is not room for a field")
struct SliverBandTests {
    static let text = [
        #"{"schemaVersion":1,"kind":"kbtrace","profile":"ipados","systemVersion":23,"screen":[834,1210],"orientation":"portrait","window":[255,445,386,388],"scrollView":{"frame":[0,0.3333333333333333,386,487.6666666666667],"contentSize":[386,1100],"contentOffset":[0,0]},"fields":[[16,690,280,44]],"policy":{"distance":0}}"#,
        #"{"event":"focus","field":0,"truth":{"keyboard":"hidden"}}"#,
        #"{"event":"keyboard","name":"UIKeyboardWillChangeFrameNotification","frameBegin":[0,1210,834,320],"frameEnd":[0,890,834,320],"bounds":[834,320],"centerBegin":[417,1370],"centerEnd":[417,1050],"duration":0.25,"curve":7,"isLocal":true,"truth":{"keyboard":[0,890,834,320]}}"#,
        #"{"event":"keyboard","name":"UIKeyboardDidChangeFrameNotification","frameBegin":[0,890,834,320],"frameEnd":[494,840,320,250],"bounds":[320,250],"centerBegin":[417,1050],"centerEnd":[654,965],"duration":0.25,"curve":7,"isLocal":true,"truth":{"keyboard":[494,840,320,250]}}"#,
        #"{"event":"layout","window":[211,605,523,385],"scrollView":{"frame":[0,0.3333333333333333,523,484.6666666666667],"contentSize":[523,1100]},"truth":{"keyboard":[494,840,320,250]}}"#,
    ].joined(separator: "\n")

    @Test func theFieldIsShownAboveTheFloatingKeyboard() throws {
        let report = TraceReplayer.replay(try TraceReader.read(Self.text, file: "sliver.kbtrace"), with: EngineStrategy.self)
        #expect(report.steps.allSatisfy { $0.violations.isEmpty }, "\(report.steps.map(\.violations))")
        // Above the keyboard (its top 840 − 605⅓ = 234⅔ in the view): the
        // field's bottom (734) at most there.
        let offset = try #require(report.steps.last).contentOffset.y
        #expect(734 - offset <= 234.67 && 690 - offset >= 0, "offset \(offset)")
    }
}
