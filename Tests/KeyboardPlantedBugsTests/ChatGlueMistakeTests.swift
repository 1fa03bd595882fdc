import KeyboardGeneration
import KeyboardGeometry
import KeyboardPlantedBugs
import KeyboardTrace
import KeyboardWorld
import Testing

/// What a planted chat bug hands on, event by event: the mistake as its
/// summary states it, not only that a campaign finds it.
@Suite("Planted chat bugs, event by event")
struct ChatGlueMistakeTests {
    /// Following only the keyboard drops the content's own changes (a
    /// message, a composer that grew) and hands on the rest: the keyboard's
    /// notifications, and a change that moves the offset (the user's
    /// scroll).
    @Test func followingOnlyTheKeyboardDropsNewContentAndHandsOnTheRest() throws {
        let trace = DrawnScenario(mixedSeed: 1, index: 0, screens: .chat).trace
        let world = WorldReplay(trace).world
        var memory: Void = ()
        var arrived = LayoutChange()
        arrived.contentSize = KBSize(width: 390, height: 2_000)
        var scrolled = LayoutChange()
        scrolled.contentOffset = KBPoint(x: 0, y: 100)
        #expect(FollowsOnlyTheKeyboard.hear(.layout(arrived), world: world, memory: &memory) == nil, "a message is dropped")
        #expect(FollowsOnlyTheKeyboard.hear(.layout(scrolled), world: world, memory: &memory) == .layout(scrolled), "a scroll is handed on")
        let keyboard = try #require(trace.events.lazy.map(\.event).first { if case .keyboard = $0 { true } else { false } })
        #expect(FollowsOnlyTheKeyboard.hear(keyboard, world: world, memory: &memory) == keyboard, "a notification is handed on")
    }
}
