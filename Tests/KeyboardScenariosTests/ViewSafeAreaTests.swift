import KBTestSupport
import KeyboardGeneration
import KeyboardGeometry
import KeyboardScenarios
import KeyboardTrace
import KeyboardWorld
import Testing

/// A view's safe area is the part of its container's it lies under, held to
/// the container's on each edge ([uikit-safe-area] in docs/sources.md): a
/// scroll view reaching past its window (the adversary's frames beyond the
/// window) gains nothing for the part past it, in the simulator and in the
/// UIKit stand-in, which take it from one rule.
@Suite("A view's safe area")
struct ViewSafeAreaTests {
    /// An iPhone's window: 47 at the top, 34 at the bottom.
    static let window = KBEdgeInsets(top: 47, left: 0, bottom: 34, right: 0)
    static let size = KBSize(width: 390, height: 844)

    @Test func aViewInsideItsContainerHasWhatItLiesUnder() {
        let view = KBRect(x: 0, y: 20, width: 390, height: 814)
        #expect(Self.window.safeArea(ofViewAt: view, inContainerOf: Self.size) == KBEdgeInsets(top: 27, left: 0, bottom: 24, right: 0))
    }

    /// Reaching 100.5 above the top and 300 below the bottom: the
    /// container's 47 and 34, not 147.5 and 334.
    @Test func aViewReachingPastItsContainerHasTheContainersInsetAndNoMore() {
        let view = KBRect(x: 0, y: -100.5, width: 390, height: 844 + 100.5 + 300)
        #expect(Self.window.safeArea(ofViewAt: view, inContainerOf: Self.size) == Self.window)
    }

    /// The sides follow the same rule as the top and the bottom. In a
    /// landscape iPhone's window (47 on each side), a view clear of both
    /// side bands has none there, one reaching 20 into each has 20 on
    /// each, and one reaching past both edges has the window's 47.
    @Test func theSidesOfALandscapeWindowGiveWhatTheViewLiesUnder() {
        let landscape = KBEdgeInsets(top: 0, left: 47, bottom: 21, right: 47), size = KBSize(width: 844, height: 390)
        func safe(x: Double, width: Double) -> KBEdgeInsets {
            landscape.safeArea(ofViewAt: KBRect(x: x, y: 0, width: width, height: 300), inContainerOf: size)
        }
        #expect(safe(x: 100, width: 600) == .zero)
        #expect(safe(x: 27, width: 790) == KBEdgeInsets(top: 0, left: 20, bottom: 0, right: 20))
        #expect(safe(x: 0, width: 797) == KBEdgeInsets(top: 0, left: 47, bottom: 0, right: 0), "against the left edge, clear of the right band")
        #expect(safe(x: -10, width: 864) == KBEdgeInsets(top: 0, left: 47, bottom: 0, right: 47))
    }

    /// A window with no bottom inset (an iPad's window that ends above the
    /// home indicator's strip) gives a view reaching 34 past its bottom
    /// none there.
    @Test func anEdgeWithNoInsetGivesNoneToAViewReachingPastIt() {
        let view = KBRect(x: 0, y: 0, width: 504, height: 987)
        let safe = KBEdgeInsets.zero.safeArea(ofViewAt: view, inContainerOf: KBSize(width: 504, height: 953))
        #expect(safe == .zero)
    }

    /// ``KBEdgeInsets/containerInset(under:clearOfEdgeBy:)`` is the rule's
    /// inverse on an edge: the container's inset it gives leaves a view at
    /// that gap exactly the inset it has, whether the view stops short of
    /// the edge or reaches past it.
    @Test(arguments: [0.5, 20, 34, 83])
    func theContainersInsetGivesTheViewItsOwnBack(viewInset: Double) {
        for gap in [-300.0, -34, -0.5, 0, 0.5, 10, 100] {
            let container = KBEdgeInsets.containerInset(under: viewInset, clearOfEdgeBy: gap)
            let view = KBRect(x: 0, y: 0, width: 390, height: 844 - gap)
            let safe = KBEdgeInsets(top: 0, left: 0, bottom: container, right: 0).safeArea(ofViewAt: view, inContainerOf: Self.size)
            #expect(safe.bottom == viewInset, "a view \(gap) clear of the edge")
        }
        #expect(KBEdgeInsets.containerInset(under: 0, clearOfEdgeBy: -34) == 0)
    }

    /// On generated scenarios, plain and adversarial: no scroll view's
    /// safe area exceeds its screen's on any edge, in any state of its
    /// trace, beyond the most the app adds at the bottom (the view
    /// controller's additional safe area). The adversary's frames reach
    /// past the window on a tenth of its scenarios each way, so the seed's
    /// first 2,000 hold the rule where it bites; the test also counts them.
    @Test(arguments: [UInt64(20_261_221)])
    func noScrollViewsSafeAreaExceedsItsScreens(seed: UInt64) {
        let mostAdded = ScenarioGenerator.additionalSafeBottoms.max() ?? 0
        var reachingPast = 0, states = 0
        for index in 0..<2_000 {
            let (scenario, trace) = ScenarioGenerator.scenarioAndTrace(seed: seed, index: index, adversarial: index % 2 == 1)
            var orientation = trace.header.orientation, window = trace.header.window, own = trace.header.scrollView
            var checked = false
            func check(_ line: Int) {
                let screen = scenario.device.safeArea(orientation), safe = own.safeArea
                states += 1
                if own.frame.minY < 0 || own.frame.maxY > window.height { reachingPast += checked ? 0 : 1; checked = true }
                #expect(
                    safe.top <= screen.top && safe.left <= screen.left && safe.right <= screen.right && safe.bottom <= screen.bottom + mostAdded,
                    "scenario \(index) of seed \(seed), line \(line): \(safe) on a screen of \(screen)")
            }
            check(1)
            for line in trace.events {
                guard case .layout(let change) = line.event else { continue }
                orientation = change.orientation ?? orientation
                window = change.window ?? window
                change.apply(to: &own)
                check(line.line)
            }
        }
        #expect(reachingPast > 100, "only \(reachingPast) scenarios reach past their window")
        #expect(states > 2_000)
    }

    /// On generated scenarios: a scroll view reaching past the bottom of a
    /// window that ends above the screen's bottom strip (an iPad's window
    /// in Stage Manager, Slide Over, or placed by the user) starts with no
    /// bottom safe area, even where the part past the window lies over the
    /// strip: its safe area passes through its window's, which has none.
    /// The test counts the scenarios where the screen's strip lies under
    /// the part past the window, so that it cannot pass on none.
    @Test(arguments: [UInt64(20_261_221)])
    func aScrollViewPastAWindowClearOfTheStripStartsWithNoBottomSafeArea(seed: UInt64) {
        var overTheStrip = 0
        for index in 0..<4_000 {
            let (scenario, trace) = ScenarioGenerator.scenarioAndTrace(seed: seed, index: index, adversarial: true)
            let h = trace.header
            let strip = h.screen.height - scenario.device.safeArea(h.orientation).bottom
            guard h.window.maxY <= strip, h.window.minY + h.scrollView.frame.maxY > strip else { continue }
            overTheStrip += 1
            #expect(h.scrollView.safeArea.bottom == 0, "scenario \(index) of seed \(seed): \(h.scrollView.safeArea) in a window \(h.window)")
        }
        #expect(overTheStrip >= 5, "only \(overTheStrip) scroll views reach over the strip past their window")
    }
}
