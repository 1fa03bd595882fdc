import KeyboardAvoidance
import KeyboardGeometry
import KeyboardTrace
import KeyboardWorld
import Testing

@Suite("A floating keyboard")
struct KeyboardFloatsTests {
    /// An 834 × 1194 iPad in portrait.
    static let world = SimulatedWorld(
        trace: Trace(
            header: TraceHeader(
                profile: .ipados, screen: KBSize(width: 834, height: 1194),
                scrollView: ScrollViewState(frame: KBRect(x: 0, y: 0, width: 834, height: 1194), contentSize: KBSize(width: 834, height: 3000)),
                fields: [KBRect(x: 16, y: 500, width: 280, height: 44)]
            ), events: []))

    @Test(
        "Only a keyboard narrower than the screen and clear of its bottom floats",
        arguments: [
            (KBRect(x: 200, y: 600, width: 320, height: 260), true), // floating
            (KBRect(x: 0, y: 500, width: 834, height: 313), false), // undocked or split: the screen's width
            (KBRect(x: 0, y: 881, width: 834, height: 313), false), // docked
            (KBRect(x: 200, y: 934, width: 320, height: 260), false), // narrow, but on the bottom edge
            (KBRect(x: 200, y: 933.5, width: 320, height: 260), false), // half a point short of the edge: on it
            (KBRect(x: 200, y: 933.25, width: 320, height: 260), true), // three quarters short: clear of it
            (nil, false),
        ] as [(KBRect?, Bool)]
    )
    func floats(keyboard: KBRect?, floats: Bool) {
        var world = Self.world
        world.keyboard = keyboard
        #expect(world.keyboardFloats == floats)
    }
}
