import KeyboardAvoidance
import KeyboardGeometry
@testable import KeyboardHarness
import KeyboardOracle
import KeyboardStrategies
import KeyboardWorld
import Testing

/// The shootout's "(by choice)" count: scenarios whose every violation fell
/// where a strategy's documented choice applies.
@Suite("Documented choices")
struct DocumentedChoiceTests {
    static func step(_ violations: [Invariant], floating: Bool) -> ReplayReport.Step {
        var judgement = Oracle.Judgement()
        judgement.violations = violations
        judgement.keyboardFloating = floating
        let scrollView = ScrollViewModel(
            ScrollViewState(frame: KBRect(x: 0, y: 0, width: 834, height: 1194), contentSize: KBSize(width: 834, height: 3000)))
        return ReplayReport.Step(line: 2, outcome: StepOutcome(action: .ignore), after: scrollView, judgement: judgement)
    }

    @Test func onlyAScenarioWithNoViolationOutsideTheChoiceCountsAsByChoice() {
        let scenarios: [[ReplayReport.Step]] = [
            // Hidden under a floating keyboard, and nothing else: the choice.
            [Self.step([.fieldVisible], floating: true), Self.step([], floating: false)],
            // The same, and a needless scroll with no floating keyboard: a bug as well.
            [Self.step([.fieldVisible], floating: true), Self.step([.noNeedlessScroll], floating: false)],
            // A floating keyboard and no violation.
            [Self.step([], floating: true)],
        ]
        var iq = StrategyTally(name: "iq", documentedChoices: [.floatingKeyboardIsHidden])
        var recipe = StrategyTally(name: "recipe")
        for (index, steps) in scenarios.enumerated() {
            iq.add(ReplayReport(strategy: "iq", steps: steps), index: index, promise: .visible, chatScreen: false)
            recipe.add(ReplayReport(strategy: "recipe", steps: steps), index: index, promise: .visible, chatScreen: false)
        }
        #expect(iq.anyViolation == 2 && iq.anyOnlyByChoice == 1)
        #expect(recipe.anyViolation == 2 && recipe.anyOnlyByChoice == nil, "no documented choice: no count")
    }

    /// IQKeyboardManager documents its floating-keyboard rule and that it
    /// acts only while one of its fields edits, the keyboard
    /// layout guide its default of ignoring undocked keyboards (the setup
    /// that follows them documents none), and no recipe documents any.
    @Test func theLibrariesDocumentTheirChoicesAndNoRecipeDocumentsAny() {
        let documented: [String: [DocumentedChoice]] = [
            IQKeyboardManagerStrategy.name: [.floatingKeyboardIsHidden, .onlyItsFieldsKeyboardIsHandled],
            KeyboardLayoutGuideStrategy.name: [.undockedKeyboardIsIgnored],
            KeyboardLayoutGuideScrollingStrategy.name: [.undockedKeyboardIsIgnored],
        ]
        for s in StrategyCatalog.allUnderTest {
            #expect(s.documentedChoices == documented[s.name, default: []], "\(s.name)")
        }
    }
}
