import Foundation
import KBTestSupport
import KeyboardHarness
import KeyboardGeometry
import KeyboardOracle
import KeyboardStrategies
import KeyboardTrace
import KeyboardWorld
import Testing

/// The hand-written traces of `corpora/traces/`, each with the insets and
/// offsets the engine must produce at its key steps, worked out by hand in
/// the comments.
@Suite("Hand-written corpus traces")
struct CorpusTraceTests {
    struct Expectation: Sendable, CustomStringConvertible {
        var trace: String
        /// (line, bottom content inset, content offset y) after that line.
        var steps: [(line: Int, bottom: Double, offset: Double)]
        var description: String { trace }
    }

    /// Where the policy keeps 10 pt from the keyboard, the inset clears the
    /// keyboard *and* the distance (docs/contract.md, "The inset"): every
    /// inset below is the overlap worked out in its comment, plus 10.
    static let expectations: [Expectation] = [
        // 375×667, QuickType keyboard 258 at y 409; field 560…604, distance
        // 10: offset = 604 + 10 − 409 = 205. Hiding restores inset 0; 205 is
        // within 1000 − 667.
        Expectation(trace: "iphone8-portrait-first-focus", steps: [(3, 268, 205), (7, 0, 205), (10, 0, 205)]),
        // 320×568, keyboard 253 at 315, band 20…315. Field 2 (900…944):
        // 944 + 10 − 315 = 639. Field 1 (400…444) is above: 400 − 20 = 380.
        Expectation(trace: "iphone5-focus-switch", steps: [(3, 263, -20), (5, 263, 639), (8, 263, 380), (12, 0, 380)]),
        // 414×736 portrait, keyboard 271 at 465: 644 + 10 − 465 = 189. In
        // landscape (736×414), keyboard 209 at 205: 644 + 10 − 205 = 449.
        Expectation(trace: "iphone6plus-rotation", steps: [(3, 281, 189), (7, 0, 189), (10, 219, 449)]),
        // 375×812, keyboard 335 with a 34 pt home-indicator safe area: inset
        // 335 − 34 = 301; band 44…477: 744 + 10 − 477 = 277.
        Expectation(trace: "iphonex-safe-area", steps: [(3, 311, 277), (5, 0, 277)]),
        // The same phone, short content (700 < 812) under scrollableAxes: no
        // axis scrolls, so UIKit adds no safe area and the inset is the
        // whole 335 + 10; the content starts at y 0 (no top adjustment). The
        // field (640…684): 684 + 10 − 477 = 217; focusing the top field
        // (120…164, hidden above y 0 at offset 217) brings it to 120. With
        // alwaysBounceVertical the axis scrolls: the offset is pinned to the
        // new top (−44) and the inset is 345 − 34 = 311.
        Expectation(
            trace: "iphonex-short-form-scrollable-axes",
            steps: [(3, 345, 217), (5, 345, 120), (6, 0, 0), (9, 0, -44), (11, 311, 217), (13, 0, -44)]),
        // iOS 7, iPad landscapeRight: the fixed rect 352 × 1024 is a 352 pt
        // keyboard at y 416. Scroll view from 64: overlap 704 − 352 = 352;
        // 544 + 10 − 352 = 202.
        Expectation(trace: "ipad-ios7-landscape", steps: [(3, 362, 202), (5, 0, 202)]),
        // iPhone OS 3 bounds + centers: keyboard 264…480; scroll view from 20:
        // overlap 216. Field 1 (380…411): 411 − 244 = 167. The owner change
        // sends WillHide without DidHide, then DidShow again.
        Expectation(trace: "iphone3g-legacy-keys", steps: [(3, 216, 0), (5, 216, 167), (6, 0, 167), (7, 216, 167), (9, 0, 167)]),
        // iPad docked 264 (field visible), undocked to 500…764 (no inset;
        // 644 + 10 − 500 = 154), split to 450…670 (644 + 10 − 450 = 204),
        // docked again (inset 264, field visible at 204).
        Expectation(trace: "ipad-undock-split-dock", steps: [(3, 274, 0), (5, 0, 0), (6, 0, 154), (8, 0, 204), (10, 274, 204)]),
        // iPad Pro shortcuts bar: 55 of 313 pt visible, safe bottom 20:
        // inset 35; band 24…1311: 1344 + 10 − 1311 = 43.
        Expectation(trace: "ipadpro-hardware-shortcuts-bar", steps: [(3, 45, 43), (6, 0, 43)]),
        // Slide Over window at x 704: keyboard top 416; 544 + 10 − 416 = 138.
        Expectation(trace: "ipad-slide-over", steps: [(3, 362, 138), (5, 0, 138)]),
        // Another app's keyboard (isLocal false): inset, never a scroll.
        Expectation(trace: "ipad-split-view-other-app", steps: [(2, 362, 300), (4, 0, 300)]),
        // Off screen: nothing; on appear: inset 216 (scroll view 64…667,
        // overlap 216); focus: 544 + 10 − (603 − 216) = 167.
        Expectation(trace: "iphone8-offscreen-then-appear", steps: [(3, 0, 0), (5, 226, 0), (6, 226, 167), (7, 0, 167)]),
        // Own top inset 64; 644 + 10 − 451 = 203. A Reduce Motion hide keeps
        // an on-screen frame but restores [64,0,0,0], and the offset is pulled
        // back into range: 800 − 667 = 133.
        Expectation(trace: "iphone8-reduce-motion-hide", steps: [(3, 226, 203), (6, 0, 133)]),
        // Heights 0, 216, 258: 544 + 10 − 451 = 103, then 544 + 10 − 409 = 145;
        // a zero frame ends it.
        Expectation(trace: "iphone8-third-party-triple-willshow", steps: [(3, 0, -20), (4, 226, 103), (5, 268, 145), (7, 0, 145)]),
        // iPad 810×1080 (iPadOS 16, written by the simulator), status bar
        // 20, offset −20. Docked 320 at 760: inset 330; field 1 on screen
        // 660…704, +10 = 714 ≤ 760, no scroll. Floating at (470, 710, 320,
        // 250) over the field's columns: no inset; band above it ends at
        // 710: 704 + 10 − 710 = 4 → −16. Moved to (245, 408, 320, 272):
        // above needs 684 − y + 10 ≤ 408 → y ≥ 286; below (from 680 + 10)
        // needs y ≤ −50, out of range: 286. Field 0 (200…244) is then
        // above the screen: 200 − y ≥ 20 → 180. Docked again: inset 330,
        // the field (20…64) stays. The hide restores; 180 is in range.
        Expectation(
            trace: "ipad-floating-keyboard",
            steps: [(3, 330, -20), (7, 0, -16), (8, 0, 286), (9, 0, 180), (10, 330, 180), (15, 0, 180)]),
        // Form sheet window at y 100, scroll view from 56 in it (156…900 on
        // screen); keyboard top 760: overlap 140; 644 + 10 − 604 = 50.
        Expectation(trace: "ipad-form-sheet-offset-window", steps: [(3, 150, 50), (5, 0, 50)]),
        // The frame arrives before the focus; the 500 pt text view is taller
        // than the 295 pt band, so its caret (900…920) is kept clear:
        // 920 + 10 − 315 = 615.
        Expectation(trace: "iphone5-frame-before-focus-tall-textview", steps: [(2, 263, -20), (3, 263, 615), (4, 263, 615)]),
        // Payloads the engine rejects change nothing: an hour-long and an
        // infinite duration, a frame a billion points tall. The hide's
        // infinite duration falls back to 0.25 s and restores; the oracle
        // judges against the keyboard the engine was right to keep.
        Expectation(
            trace: "iphone8-absurd-durations-and-frames",
            steps: [(3, 268, 205), (4, 268, 205), (5, 268, 205), (7, 268, 205), (8, 0, 205), (9, 0, 205)]),
    ]

    @Test(arguments: expectations)
    func theEngineProducesTheWorkedOutInsetsAndOffsets(e: Expectation) throws {
        let url = Repository.url("corpora").appendingPathComponent("traces/\(e.trace).kbtrace")
        let report = TraceReplayer.replay(try Repository.trace(url), with: EngineStrategy.self)
        #expect(report.violationCount == 0)
        #expect(report.unsatisfiableCount == 0)
        for expected in e.steps {
            guard let step = report.steps.first(where: { $0.line == expected.line }) else {
                Issue.record("\(e.trace): no step at line \(expected.line)")
                continue
            }
            #expect(step.contentInset.bottom == expected.bottom, "\(e.trace):\(expected.line) inset")
            #expect(step.indicatorInsets.bottom == expected.bottom, "\(e.trace):\(expected.line) indicator inset")
            #expect(step.contentOffset.y == expected.offset, "\(e.trace):\(expected.line) offset")
        }
    }

    @Test func everyHandWrittenTraceHasWorkedOutExpectations() {
        let names = Set(Repository.traces(in: "traces").map { $0.deletingPathExtension().lastPathComponent })
        #expect(names.count >= 12)
        #expect(names == Set(Self.expectations.map(\.trace)))
    }

    @Test func theCorpusCoversAtLeastFourDevices() throws {
        var screens = Set<String>()
        for url in Repository.traces(in: "traces") {
            let s = try Repository.trace(url).header.screen
            screens.insert("\(Int(min(s.width, s.height)))x\(Int(max(s.width, s.height)))")
        }
        #expect(screens.count >= 4, "\(screens)")
    }
}

/// Every trace anywhere under `corpora/` replays with the engine with no
/// violation: the regression corpus runs before any random case.
@Suite("Corpus replay")
struct CorpusReplayTests {
    @Test(arguments: Repository.traces(in: "."))
    func replaysCleanlyWithTheEngine(url: URL) throws {
        let report = TraceReplayer.replay(try Repository.trace(url), with: EngineStrategy.self)
        #expect(report.violationCount == 0, "\(url.lastPathComponent): \(report.violationsByInvariant.filter { $0.1 > 0 })")
    }
}
