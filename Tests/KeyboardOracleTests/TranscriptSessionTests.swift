import KBTestSupport
import KeyboardAvoidance
import KeyboardGeometry
import KeyboardOracle
import Testing

/// The avoider on chat screens (a layout with a ``Composer``), held to the
/// transcript rules through whole generated sessions: the keyboard shown,
/// resized, floated and hidden, the composer grown, messages arriving and
/// the user scrolling between them, in windows anywhere on the screen.
/// Each answer is applied as the app would and judged against the moment
/// before its event, so what the avoider remembers between events (a
/// transcript left at its end) is judged too.
@Suite("The avoider keeps the transcript rules through chat sessions", .tags(.heavyTier))
struct TranscriptSessionTests {
    /// One chat screen and the user's session on it.
    struct Session {
        var screen: KBSize
        var window: KBRect
        /// The transcript, as it is on the view now (the inset the avoider
        /// set, the offset it and the user left).
        var view: ScrollViewState
        /// The app's own content inset, what the avoider is handed.
        var own: KBEdgeInsets
        var composer: Composer
        /// The keyboard's frame on screen (the oriented space), nil when hidden.
        var keyboard: KBRect?
        var avoider = KeyboardAvoider()

        static func drawn(_ g: inout SeededGenerator) -> Session {
            let screen = [KBSize(width: 390, height: 844), KBSize(width: 844, height: 390), KBSize(width: 1_024, height: 1_366)][g.below(3)]
            // A full-screen window, or one placed anywhere (an iPadOS 26
            // window, a form sheet): some above the keyboard's reach.
            var window = KBRect(origin: .zero, size: screen)
            if g.below(3) == 0 {
                let w = screen.width * (0.5 + 0.5 * g.unit()), h = screen.height * (0.4 + 0.6 * g.unit())
                window = KBRect(x: (screen.width - w) * g.unit(), y: (screen.height - h) * g.unit(), width: w, height: h)
            }
            let safeBottom = window.maxY == screen.height && g.below(2) == 0 ? 34.0 : 0
            let topBar = [0.0, 44, 64][g.below(3)]
            let composer = Composer(height: 44 + Double(g.below(40)), restingInset: g.below(4) == 0 ? 0 : safeBottom)
            // The app's own bottom inset: none, or the composer's height
            // (apps that reserve it themselves, over the safe area UIKit
            // adds: a composer that rests on the safe area's bottom).
            let reserves = composer.restingInset == safeBottom && g.below(2) == 0
            let own = KBEdgeInsets(top: 0, left: 0, bottom: reserves ? composer.height : 0, right: 0)
            let view = ScrollViewState(
                frame: KBRect(x: 0, y: topBar, width: window.width, height: window.height - topBar),
                safeArea: KBEdgeInsets(top: 0, left: 0, bottom: safeBottom, right: 0), contentInset: own,
                contentSize: KBSize(width: window.width, height: Double(g.below(3_000))), contentOffset: .zero)
            return Session(screen: screen, window: window, view: view, own: own, composer: composer)
        }

        var layout: LayoutSnapshot {
            var handed = view
            handed.contentInset = own
            return LayoutSnapshot(screen: screen, window: window, scrollView: handed, composer: composer)
        }

        /// The composer's top edge in the window: on the docked keyboard's
        /// top or on its resting line, whichever is higher.
        var composerTop: Double {
            var line = window.height - composer.restingInset
            if let k = keyboard, k.maxY >= screen.height - 0.5 { line = Swift.min(line, k.minY - window.minY) }
            return line - composer.height
        }

        var moment: TranscriptMoment { TranscriptRuleTests.Change.moment(view, composerTop: composerTop) }

        /// Does what the app does with `action`.
        mutating func perform(_ action: AvoidanceAction) {
            guard let a = action.adjustment else { return }
            view.contentInset = a.contentInset
            if let offset = a.contentOffset { view.contentOffset = offset }
        }

        /// One step of the session: a change, handed to the avoider, its
        /// answer applied. Returns what the step was, for messages.
        mutating func step(_ g: inout SeededGenerator) -> String {
            switch g.below(9) {
            case 0, 1:
                let height = [55.0, 216, 291, 336, 398][g.below(5)] + Double(g.below(3)) * 20
                let frame = KBRect(x: 0, y: screen.height - height, width: screen.width, height: height)
                let name: KeyboardNotification.Name = keyboard == nil ? .willShow : .willChangeFrame
                keyboard = frame
                perform(avoider.received(KeyboardNotification(name: name, frameEnd: frame, duration: 0.25, curve: 7), in: layout))
                return "\(name.rawValue) \(height)"
            case 2:
                let frame = KBRect(x: 40, y: screen.height * 0.3, width: 320, height: 260)
                keyboard = frame
                perform(avoider.received(KeyboardNotification(name: .didChangeFrame, frameEnd: frame), in: layout))
                return "floating"
            case 3:
                keyboard = nil
                let end = KBRect(x: 0, y: screen.height, width: screen.width, height: 300)
                perform(avoider.received(KeyboardNotification(name: .willHide, frameEnd: end, duration: 0.25, curve: 7), in: layout))
                return "hide"
            case 4:
                composer.height = g.below(3) == 0 ? 44 : Swift.min(composer.height + 20, 164)
                guard own.bottom > 0 else {
                    perform(avoider.layoutChanged(layout))
                    return "composer \(composer.height)"
                }
                // An app that reserves the composer's height in its own
                // inset sets it again, replacing the avoider's on the view.
                own.bottom = composer.height
                view.contentInset = own
                perform(avoider.ownInsetSet(in: layout))
                return "composer \(composer.height), own inset set"
            case 5, 6:
                view.contentSize.height += Double(20 + g.below(200))
                perform(avoider.layoutChanged(layout))
                return "message"
            default:
                // A layout pass that changes nothing.
                perform(avoider.layoutChanged(layout))
                return "layout pass"
            }
        }

        /// The user scrolls, to the end or anywhere: no event.
        mutating func scroll(_ g: inout SeededGenerator) {
            let range = view.offsetRange(adjustedInset: view.adjustedContentInset)
            view.contentOffset.y = g.below(2) == 0 ? range.upperBound : range.lowerBound + g.unit() * (range.upperBound - range.lowerBound)
        }
    }

    static let seed: UInt64 = 20_261_203
    static let sessions = TestTier.size(fast: 300, heavy: 20_000)
    static let steps = 30

    @Test("the avoider keeps every transcript rule (seed 20261203; 300 sessions of 30 steps, 20,000 in the heavy tier)")
    func everyRuleHoldsThroughSessions() {
        var g = SeededGenerator(seed: Self.seed)
        var judged = 0, followed = 0, kept = 0, hides = 0
        var readers: [String] = []
        for s in 0..<Self.sessions {
            var session = Session.drawn(&g)
            session.perform(session.avoider.viewAppeared(in: session.layout))
            // The transcript as its user saw it, as the oracle remembers it
            // (content that fits is read as before).
            var seen: TranscriptMoment?
            for i in 0..<Self.steps {
                if g.below(4) == 0 { session.scroll(&g) }
                let before = TraceJudge.seen(session.moment, after: seen)
                let what = session.step(&g)
                let after = TraceJudge.seen(session.moment, after: before)
                seen = after
                var broken = TranscriptRule.broken(before: before, after: after)
                // docs/invariants.md, "Known issue: T2 on generated chat
                // screens".
                if broken == [.rowsReadStayInPlace] {
                    readers.append("session \(s) step \(i)")
                    broken = []
                }
                #expect(broken.isEmpty, "session \(s) step \(i) (\(what)): \(broken); before \(before), after \(after)")
                if !broken.isEmpty { return }
                judged += 1
                if before.isAtEnd && after.hasRoom && what == "message" { followed += 1 }
                if !before.isAtEnd && after.hasRoom { kept += 1 }
                if what == "hide" {
                    hides += 1
                    // A hide leaves what the composer at rest needs, never
                    // less than the app's own inset.
                    let rest = TranscriptSolution.solve(
                        scrollView: session.layout.scrollView, composerTop: session.composerTop - session.view.frame.minY,
                        wasAtEnd: false)
                    #expect(abs(session.view.contentInset.bottom - rest.contentInset.bottom) < 1e-9, "session \(s) step \(i)")
                    #expect(session.view.contentInset.bottom >= session.own.bottom)
                }
            }
        }
        withKnownIssue("the avoider and the oracle read a few transcripts differently as reading or following (T2)", isIntermittent: true) {
            #expect(readers.isEmpty, "T2 at \(readers.count) of \(Self.sessions * Self.steps) steps: \(readers.prefix(10))")
        }
        // The sessions reach what the rules tell apart.
        #expect(followed > 100 && kept > 500 && hides > 300, "\(judged) judged, \(followed) \(kept) \(hides)")
    }
}
