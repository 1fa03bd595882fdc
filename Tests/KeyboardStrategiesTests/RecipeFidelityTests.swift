import KBTestSupport
import KeyboardHarness
import KeyboardAvoidance
import KeyboardGeneration
import KeyboardGeometry
import KeyboardOracle
import KeyboardStrategies
import KeyboardTrace
import KeyboardWorld
import Testing

/// Each recipe does what its own text says, and is judged where and by what
/// its authors meant (docs/sources.md): one test per detail, each citing the
/// line of the recipe it comes from.
@Suite("Recipes as written")
struct RecipeFidelityTests {
    static let phone = KBSize(width: 320, height: 568)
    static let shown = KBRect(x: 0, y: 352, width: 320, height: 216)
    static let below = KBRect(x: 0, y: 568, width: 320, height: 216)

    static func header(profile: TraceProfile = .ios8, fields: [KBRect] = [KBRect(x: 16, y: 400, width: 280, height: 44)]) -> TraceHeader {
        TraceHeader(
            profile: profile, screen: phone,
            scrollView: ScrollViewState(frame: KBRect(origin: .zero, size: phone), contentSize: KBSize(width: 320, height: 1500)), fields: fields
        )
    }

    static func note(_ name: KeyboardNotification.Name, from begin: KBRect, to end: KBRect, duration: Double = 0.25, curve: Int = 7) -> TraceEvent {
        .keyboard(
            KeyboardNotification(name: name, frameBegin: begin, frameEnd: end, bounds: end.size, duration: duration, curve: curve, isLocal: true))
    }

    static var show: [TraceEvent] { [note(.willShow, from: below, to: shown), note(.didShow, from: below, to: shown)] }
    static var hide: [TraceEvent] { [note(.willHide, from: shown, to: below), note(.didHide, from: shown, to: below)] }

    // MARK: The cookbook [cookbook]

    @Test func theCookbookObservesOnlyBetweenViewWillAppearAndViewWillDisappear() {
        // "register in viewWillAppear, unregister in viewWillDisappear".
        let trace = Trace(header: Self.header(), events: [.disappear, .focus(field: 0, caret: nil)] + Self.show + [.appear])
        let r = TraceReplayer.replay(trace, with: CookbookStrategy.self)
        #expect(r.steps[2].outcome == .ignored(.notRegistered), "the WillShow arrives while unregistered")
        #expect(r.steps.allSatisfy { $0.contentInset == .zero })
        #expect(!r.steps.contains { $0.violations.contains(.offScreenUntouched) })
        let back = Trace(header: Self.header(), events: [.disappear, .appear, .focus(field: 0, caret: nil)] + Self.show)
        #expect(TraceReplayer.replay(back, with: CookbookStrategy.self).steps[3].outcome.action == .apply, "registered again")
    }

    @Test func aWillHandlersNestedAnimationInheritsTheKeyboardsCurveAndDuration() {
        // The cookbook's `animateWithDuration:` runs inside the keyboard's
        // animation block, without OverrideInheritedCurve [uikit-animation].
        let trace = Trace(
            header: Self.header(),
            events: [.focus(field: 0, caret: nil), Self.note(.willShow, from: Self.below, to: Self.shown, duration: 0.4, curve: 7)])
        let step = TraceReplayer.replay(trace, with: CookbookStrategy.self).steps[1]
        #expect(step.outcome.animation == StrategyAnimation(duration: 0.4, curve: .keyboard))
        // Listing 4-1's WillHide changes the insets in the hide's block too.
        let hide = Trace(
            header: Self.header(),
            events: [.focus(field: 0, caret: nil)] + Self.show + [Self.note(.willHide, from: Self.shown, to: Self.below, duration: 0.3, curve: 7)])
        #expect(
            TraceReplayer.replay(hide, with: Apple2013Strategy.self).steps[3].outcome.animation == StrategyAnimation(duration: 0.3, curve: .keyboard))
        // A Did handler runs after the animation: Listing 4-1's scroll is
        // UIKit's own animated scroll, not the keyboard's.
        #expect(TraceReplayer.replay(hide, with: Apple2013Strategy.self).steps[2].outcome.animation == .uikitScroll)
    }

    // MARK: Apple 2009 [apple-2009]

    @Test func apple2009ShrinksTheFrameAndNeverTouchesTheContentInset() throws {
        // "resizes the scroll view": the frame, by the bounds' height; iPhone
        // OS 3 had contentInset, but the recipe does not use it.
        let trace = try Repository.trace(Repository.url("corpora").appendingPathComponent("traces/iphone3g-legacy-keys.kbtrace"))
        let r = TraceReplayer.replay(trace, with: Apple2009Strategy.self)
        #expect(r.steps.allSatisfy { $0.contentInset == trace.header.scrollView.contentInset })
        #expect(r.steps[2].frame.height == trace.header.scrollView.frame.height - 216, "DidShow: shorter by the bounds' 216")
        #expect(r.steps.last?.frame == trace.header.scrollView.frame, "DidHide: back")
    }

    @Test func scrollingTheZeroRectOfAMissingFieldDoesNothing() {
        // `[nil frame]` is CGRectZero; scrollRectToVisible ignores an empty
        // rect [s21g-2008]: the offset stays where the user left it.
        var header = Self.header(profile: .iphoneos3)
        header.scrollView.contentOffset = KBPoint(x: 0, y: 300)
        let trace = Trace(
            header: header,
            events: [
                .keyboard(
                    KeyboardNotification(
                        name: .didShow, bounds: KBSize(width: 320, height: 216), centerBegin: KBPoint(x: 160, y: 676),
                        centerEnd: KBPoint(x: 160, y: 460)))
            ])
        let step = TraceReplayer.replay(trace, with: Apple2009Strategy.self).steps[0]
        #expect(step.contentOffset.y == 300)
        #expect(step.frame.height == 568 - 216)
    }

    // MARK: Apple 2013, Listing 4-3 [apple-2013]

    @Test func listing43IsAFragmentAndItsCompletionIsASeparateStrategy() {
        let trace = Trace(header: Self.header(), events: [.focus(field: 0, caret: nil)] + Self.show + Self.hide)
        // As printed: keyboardWasShown: only; the content view stays grown.
        let fragment = TraceReplayer.replay(trace, with: Apple2013ContentFrameStrategy.self)
        #expect(fragment.steps[3].outcome == .ignored(.notObserved), "no hide handler in the listing")
        #expect(fragment.steps.last.map { $0.violations.contains(.restoration) } == true)
        // With the inverse hide handler: the frame grows by 216 and shrinks back.
        let completed = TraceReplayer.replay(trace, with: Apple2013ContentFrameWithHideStrategy.self)
        #expect(completed.steps[3].outcome.action == .restore)
        #expect(!completed.steps.contains { $0.violations.contains(.restoration) })
        #expect(Apple2013ContentFrameStrategy.summary.contains("fragment"))
        #expect(Apple2013ContentFrameWithHideStrategy.summary.contains("not Apple's text"))
    }

    // MARK: Scopes and promises

    @Test func eachRecipeIsScopedToWhereItsAuthorsMeantItToRun() {
        #expect(Apple2009Strategy.scope.profiles == [.iphoneos3] && Apple2009Strategy.scope.families == [.phone])
        for s in [Apple2013Strategy.scope, Apple2013ContentFrameStrategy.scope, Apple2013ContentFrameWithHideStrategy.scope, CookbookStrategy.scope] {
            #expect(s.profiles == [.ios7, .ios8])
            #expect(s.assumptions.contains(.fullScreenWindow) && s.assumptions.contains(.noInsetsOfItsOwn))
        }
        #expect(IQKeyboardManagerStrategy.scope.profiles == [.ios13, .ipados], "IQKeyboardManager 8 needs iOS 13")
        #expect(EngineStrategy.scope == .everything)
        // The SwiftUI modifier reads `ScrollGeometry` and scrolls by
        // `ScrollPosition`: iOS 18 and later.
        var swiftUI = Self.header(profile: .ios13)
        swiftUI.systemVersion = 18
        #expect(SwiftUIWithKbbenchStrategy.scope.admits(swiftUI))
        swiftUI.systemVersion = 17
        #expect(SwiftUIWithKbbenchStrategy.scope.exclusions(swiftUI) == ["iOS 17, before iOS 18"])
        // Read from a header: why a trace is outside.
        var h = Self.header()
        h.scrollView.contentInset = KBEdgeInsets(top: 64)
        #expect(CookbookStrategy.scope.exclusions(h) == ["a content inset of the app's own"])
        #expect(Apple2009Strategy.scope.exclusions(Self.header()) == ["era ios8"])
        h.window = KBRect(x: 0, y: 100, width: 320, height: 468)
        #expect(CookbookStrategy.scope.exclusions(h).contains("a window smaller than the screen"))
    }

    /// The iOS 7 recipes predate safe areas: a header whose scroll view
    /// gets an inset from one is outside their scope, not IQ's or the
    /// engine's.
    @Test func theIOS7RecipesAreNotJudgedWhereASafeAreaAddsAnInset() {
        var h = Self.header()
        h.scrollView.safeArea = KBEdgeInsets(top: 20)
        for s in [Apple2013Strategy.scope, Apple2013ContentFrameStrategy.scope, CookbookStrategy.scope] {
            #expect(s.exclusions(h) == ["an inset from a safe area (iOS 11 and later)"])
        }
        h.scrollView.insetAdjustment = .never
        #expect(CookbookStrategy.scope.admits(h), "a safe area that adds nothing is no iOS 11 feature the recipe missed")
    }

    /// Listing 4-1 never mentions an undocked or split keyboard: a trace in
    /// which the keyboard's truth leaves the bottom edge is outside
    /// apple2013's scope (read from the events), not the cookbook's, which
    /// says the iPad's keyboard can be split and moved. A rotation's new
    /// screen is the edge a docked keyboard reaches.
    @Test func apple2013IsJudgedOnDockedKeyboardsOnly() throws {
        let header =
            #"{"schemaVersion":1,"kind":"kbtrace","profile":"ios8","screen":[768,1024],"orientation":"portrait","window":[0,0,768,1024],"scrollView":{"frame":[0,0,768,1024],"contentSize":[768,1024]},"fields":[]}"#
        let docked = try TraceReader.read(
            header + "\n"
                + #"{"event":"layout","screen":[1024,768],"orientation":"landscapeLeft","window":[0,0,1024,768],"truth":{"keyboard":[0,416,1024,352]}}"#,
            file: "d")
        let undocked = try TraceReader.read(
            header + "\n"
                + #"{"event":"layout","screen":[1024,768],"orientation":"landscapeLeft","window":[0,0,1024,768],"truth":{"keyboard":[0,300,1024,352]}}"#,
            file: "u")
        #expect(Apple2013Strategy.scope.admits(docked) && Apple2013ContentFrameStrategy.scope.admits(docked))
        #expect(Apple2013Strategy.scope.exclusions(undocked) == ["an undocked, split or floating keyboard"])
        #expect(Apple2013Strategy.scope.admits(undocked.header), "a header alone cannot tell")
        #expect(CookbookStrategy.scope.admits(undocked))
        #expect(Apple2013Strategy.scope.summary.contains("a docked keyboard"))
        // The devices in words: both families, or the one.
        #expect(Apple2009Strategy.scope.summary.contains("; iPhone") && !Apple2009Strategy.scope.summary.contains("iPad"))
        #expect(StrategyScope(profiles: [.ios13], families: [.pad]).summary.hasSuffix("; iPad"))
        #expect(StrategyScope(profiles: [.ios13], families: [.phone, .pad]).summary.hasSuffix("; iPhone and iPad"))
    }

    @Test func recipesAreJudgedByThePromiseOfVisibilityAloneTheEngineByItsPolicy() {
        var h = Self.header()
        h.policy = AvoidancePolicy(distance: 10, tallField: .centre)
        for recipe in [Apple2009Strategy.self, Apple2013Strategy.self, CookbookStrategy.self] as [any AvoidanceStrategy.Type] {
            #expect(recipe.promise(for: h) == .visible)
        }
        #expect(EngineStrategy.promise(for: h) == VisibilityPromise(distance: 10, tallField: .policy(.centre)))
        #expect(IQKeyboardManagerStrategy.promise(for: h).distance == 10)
        // A field flush against the keyboard keeps the recipes' promise, not
        // the engine's 10 pt.
        let flush = Trace(
            header: Self.header(fields: [KBRect(x: 16, y: 308, width: 280, height: 44)]), events: [.focus(field: 0, caret: nil)] + Self.show)
        #expect(TraceReplayer.replay(flush, with: CookbookStrategy.self).violationCount == 0)
    }
}
