import KBTestSupport
import KeyboardGeneration
import KeyboardGeometry
import KeyboardWorld
import Testing

/// `UIKeyboardLayoutGuide`'s rules, one test each, with the numbers of a
/// 390 × 844 view whose bottom safe area is 34 (the guide's documentation
/// and header, [kbguide-header] and [kbguide-docs] in docs/sources.md).
@Suite("The keyboard layout guide")
struct KeyboardLayoutGuideTests {
    static let view = KBSize(width: 390, height: 844)
    static let docked = KBRect(x: 0, y: 508, width: 390, height: 336)
    static let undocked = KBRect(x: 0, y: 300, width: 390, height: 250)
    static let floating = KBRect(x: 40, y: 400, width: 320, height: 250)

    static func frame(
        _ guide: KeyboardLayoutGuide = KeyboardLayoutGuide(), keyboard: KBRect?, docked: Bool = true, safeBottom: Double = 34, version: Int = 17
    ) -> KBRect {
        guide.frame(keyboard: keyboard, docked: docked, view: view, safeAreaBottom: safeBottom, systemVersion: version)
    }

    @Test func offScreenTheGuideIsTheBottomSafeArea() {
        #expect(Self.frame(keyboard: nil) == KBRect(x: 0, y: 810, width: 390, height: 34))
        #expect(Self.frame(keyboard: nil, safeBottom: 0) == KBRect(x: 0, y: 844, width: 390, height: 0))
    }

    @Test func withoutTheBottomSafeAreaItRestsAtTheViewsBottomFromIOS17() {
        let guide = KeyboardLayoutGuide(usesBottomSafeArea: false)
        #expect(Self.frame(guide, keyboard: nil, version: 17) == KBRect(x: 0, y: 844, width: 390, height: 0))
        // Before iOS 17 the property does not exist: the safe area it is.
        #expect(Self.frame(guide, keyboard: nil, version: 16) == KBRect(x: 0, y: 810, width: 390, height: 34))
    }

    @Test func aDockedKeyboardsGuideIsThePartOfTheViewItCovers() {
        #expect(Self.frame(keyboard: Self.docked) == Self.docked)
        // A shortcuts bar reaching far below the screen: only what covers the view.
        let bar = KBRect(x: 0, y: 789, width: 390, height: 313)
        #expect(Self.frame(keyboard: bar) == KBRect(x: 0, y: 789, width: 390, height: 55))
        // A window narrower than the keyboard (Slide Over): the intersection.
        let wide = KBRect(x: -100, y: 508, width: 700, height: 336)
        #expect(Self.frame(keyboard: wide) == Self.docked)
    }

    @Test func aKeyboardThatCoversNothingOfTheViewLeavesTheGuideAtRest() {
        let below = KBRect(x: 0, y: 900, width: 390, height: 336)
        #expect(Self.frame(keyboard: below) == Self.frame(keyboard: nil))
    }

    @Test(arguments: [undocked, floating])
    func byDefaultAnUndockedKeyboardIsAsOffScreen(_ keyboard: KBRect) {
        #expect(Self.frame(keyboard: keyboard, docked: false) == Self.frame(keyboard: nil))
    }

    @Test(arguments: [undocked, floating])
    func followingUndockedKeyboardsTheGuideIsTheKeyboard(_ keyboard: KBRect) {
        let guide = KeyboardLayoutGuide(followsUndockedKeyboard: true)
        #expect(Self.frame(guide, keyboard: keyboard, docked: false) == keyboard)
    }

    @Test func aNegativeDismissPaddingCountsAsZero() {
        #expect(KeyboardLayoutGuide(keyboardDismissPadding: -12).keyboardDismissPadding == 0)
        #expect(KeyboardLayoutGuide(keyboardDismissPadding: 12).keyboardDismissPadding == 12)
        #expect(KeyboardLayoutGuide(keyboardDismissPadding: .nan).keyboardDismissPadding == 0)
    }

    @Test func theNearEdgeIsTheBottomForADockedKeyboardAndTheCloserOneOtherwise() {
        typealias G = KeyboardLayoutGuide
        #expect(G.nearVerticalEdge(Self.docked, view: Self.view) == .bottom)
        #expect(G.nearVerticalEdge(Self.frame(keyboard: nil), view: Self.view) == .bottom)
        // 300 above, 294 below: nearer the bottom.
        #expect(G.nearVerticalEdge(Self.undocked, view: Self.view) == .bottom)
        #expect(G.nearVerticalEdge(KBRect(x: 0, y: 100, width: 390, height: 250), view: Self.view) == .top)
        // A tie goes to the bottom.
        #expect(G.nearVerticalEdge(KBRect(x: 0, y: 297, width: 390, height: 250), view: Self.view) == .bottom)
        // The other reading: near only an edge the guide touches.
        #expect(G.nearVerticalEdge(KBRect(x: 0, y: 100, width: 390, height: 250), view: Self.view, touchingOnly: true) == nil)
        #expect(G.nearVerticalEdge(KBRect(x: 0, y: 0, width: 390, height: 250), view: Self.view, touchingOnly: true) == .top)
        #expect(G.nearVerticalEdge(Self.docked, view: Self.view, touchingOnly: true) == .bottom)
    }

    /// Seeded: wherever a keyboard is, the guide lies within its view; a
    /// docked keyboard over the view puts the guide's top at the keyboard's.
    @Test("the guide stays in its view, a docked keyboard's top is its top (seed 20261127, 2,000 keyboards)")
    func theGuideStaysInItsView() {
        var random = SeededGenerator(seed: 20_261_127)
        func number(_ range: ClosedRange<Double>) -> Double { range.lowerBound + random.unit() * (range.upperBound - range.lowerBound) }
        let bounds = KBRect(origin: .zero, size: Self.view)
        for _ in 0..<2_000 {
            let keyboard = KBRect(x: number(-200...400), y: number(-100...1000), width: number(0...600), height: number(0...400))
            let docked = random.below(2) == 0
            let follows = random.below(2) == 0
            let g = Self.frame(KeyboardLayoutGuide(followsUndockedKeyboard: follows), keyboard: keyboard, docked: docked)
            #expect(bounds.contains(g), "\(keyboard) docked \(docked) follows \(follows): \(g)")
            let covered = keyboard.intersection(bounds)
            if docked, !covered.isNull, !covered.isEmpty { #expect(g.minY == keyboard.minY || keyboard.minY < 0) }
        }
    }
}
