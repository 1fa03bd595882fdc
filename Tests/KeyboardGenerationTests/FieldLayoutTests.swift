import KeyboardGeneration
import KeyboardGeometry
import KeyboardScenarios
import KeyboardTrace
import Testing

/// The layouts the generator's traces give the app after every action.
/// The generator may draw fields that overlap (a tall text view over the
/// field below it, an adversary's form), but an action never makes two
/// fields overlap that did not: a text view that grows pushes every field
/// below it down, those flush under it included.
@Suite("Generated field layouts")
struct FieldLayoutTests {
    static let seed: UInt64 = 7_606

    static func overlap(_ a: KBRect, _ b: KBRect) -> Bool {
        let common = a.intersection(b)
        return !common.isNull && common.width > 0 && common.height > 0
    }

    @Test("no action makes two fields overlap, in 2,000 scenarios (seed 7606), text views that grow among them")
    func noActionMakesTwoFieldsOverlap() {
        var grown = 0, steps = 0
        for index in 0..<2_000 {
            let g = ScenarioGenerator.generated(seed: Self.seed, index: index, adversarial: index % 2 == 1)
            if g.features.contains(.textViewGrows) { grown += 1 }
            let lists = [g.trace.header.fields] + g.trace.fieldLists
            for (n, (before, after)) in zip(lists, lists.dropFirst()).enumerated() where before.count == after.count && before.count < 200 {
                steps += 1
                for i in after.indices {
                    for j in after.indices where j > i && !Self.overlap(before[i], before[j]) && Self.overlap(after[i], after[j]) {
                        Issue.record(
                            "scenario \(index) of seed \(Self.seed), layout \(n + 1): fields \(i) \(after[i]) and \(j) \(after[j]) now overlap")
                        return
                    }
                }
            }
        }
        #expect(grown >= 20, "scenarios whose text view grew: \(grown)")
        #expect(steps >= 40, "layouts that followed another: \(steps)")
    }
}
