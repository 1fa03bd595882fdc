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

        /// What a step was: for messages, and for when its user looks
        /// (``GlanceMoment``): the kind of its first event and of its last,
        /// and whether it ends a keyboard's animation (a DidShow or
        /// DidHide).
        struct Step {
            var what: String
            var first: GlanceMoment
            var last: GlanceMoment
            var endsAnimation = false
        }

        /// One step of the session: a change, handed to the avoider, its
        /// answer applied; a keyboard's Will notification with its Did, as
        /// iOS sends them.
        mutating func step(_ g: inout SeededGenerator) -> Step {
            switch g.below(9) {
            case 0, 1:
                let height = [55.0, 216, 291, 336, 398][g.below(5)] + Double(g.below(3)) * 20
                let frame = KBRect(x: 0, y: screen.height - height, width: screen.width, height: height)
                let (will, did): (KeyboardNotification.Name, KeyboardNotification.Name) =
                    keyboard == nil ? (.willShow, .didShow) : (.willChangeFrame, .didChangeFrame)
                keyboard = frame
                perform(avoider.received(KeyboardNotification(name: will, frameEnd: frame, duration: 0.25, curve: 7), in: layout))
                perform(avoider.received(KeyboardNotification(name: did, frameEnd: frame), in: layout))
                return Step(what: "\(will.rawValue) \(height)", first: .will, last: .did, endsAnimation: did == .didShow)
            case 2:
                let frame = KBRect(x: 40, y: screen.height * 0.3, width: 320, height: 260)
                keyboard = frame
                perform(avoider.received(KeyboardNotification(name: .didChangeFrame, frameEnd: frame), in: layout))
                return Step(what: "floating", first: .did, last: .did)
            case 3:
                keyboard = nil
                let end = KBRect(x: 0, y: screen.height, width: screen.width, height: 300)
                perform(avoider.received(KeyboardNotification(name: .willHide, frameEnd: end, duration: 0.25, curve: 7), in: layout))
                perform(avoider.received(KeyboardNotification(name: .didHide, frameEnd: end), in: layout))
                return Step(what: "hide", first: .will, last: .did, endsAnimation: true)
            case 4:
                composer.height = g.below(3) == 0 ? 44 : Swift.min(composer.height + 20, 164)
                guard own.bottom > 0 else {
                    perform(avoider.contentChanged(layout))
                    return Step(what: "composer \(composer.height)", first: .appSide, last: .appSide)
                }
                // An app that reserves the composer's height in its own
                // inset sets it again, replacing the avoider's on the view:
                // a layout pass.
                own.bottom = composer.height
                view.contentInset = own
                perform(avoider.ownInsetSet(in: layout))
                return Step(what: "composer \(composer.height), own inset set", first: .layout, last: .layout)
            case 5, 6:
                view.contentSize.height += Double(20 + g.below(200))
                perform(avoider.contentChanged(layout))
                return Step(what: "message", first: .appSide, last: .appSide)
            default:
                // A layout pass that changes nothing.
                perform(avoider.layoutChanged(layout))
                return Step(what: "layout pass", first: .layout, last: .layout)
            }
        }

        /// The user scrolls, to the end or anywhere, and the app hands the
        /// avoider the change (as a trace's layout event that sets the
        /// offset does).
        /// Returns the transcript where the user put it.
        mutating func scroll(_ g: inout SeededGenerator) -> TranscriptMoment {
            let range = view.offsetRange(adjustedInset: view.adjustedContentInset)
            view.contentOffset.y = g.below(2) == 0 ? range.upperBound : range.lowerBound + g.unit() * (range.upperBound - range.lowerBound)
            let scrolled = moment
            perform(avoider.contentChanged(layout))
            return scrolled
        }
    }

    static let seed: UInt64 = 20_261_203
    static let sessions = TestTier.size(fast: 300, heavy: 20_000)
    static let steps = 30

    /// Judged as the trace oracle judges (``TraceJudge``): T1…T4 at each
    /// step the user looks at (``GlanceMoment/isAtRest(_:next:settled:)``,
    /// which needs the next step's first event), T1 and T2 against the
    /// transcript as its user last saw it: at the start, where the user
    /// scrolled it, and after each step looked at or ending a keyboard's
    /// animation.
    @Test("the avoider keeps every transcript rule (seed 20261203; 300 sessions of 30 steps, 20,000 in the heavy tier)")
    func everyRuleHoldsThroughSessions() {
        var g = SeededGenerator(seed: Self.seed)
        var judged = 0, followed = 0, kept = 0, hides = 0
        for s in 0..<Self.sessions {
            var session = Session.drawn(&g)
            session.perform(session.avoider.viewAppeared(in: session.layout))
            // The transcript as its user saw it, as the oracle remembers it
            // (content that fits is read as before).
            var seen = TraceJudge.seen(session.moment, after: nil)
            // The last step, until the next one says whether it was looked at.
            var last: (step: Session.Step, index: Int, moment: TranscriptMoment)?
            func settle(next: GlanceMoment?) -> Bool {
                guard let (step, i, moment) = last else { return true }
                last = nil
                let atRest = GlanceMoment.isAtRest(step.last, next: next, settled: true)
                guard atRest || step.endsAnimation else { return true }
                let after = TraceJudge.seen(moment, after: seen)
                defer { seen = after }
                guard atRest else { return true }
                let broken = TranscriptRule.broken(before: seen, after: after)
                #expect(broken.isEmpty, "session \(s) step \(i) (\(step.what)): \(broken); before \(seen), after \(after)")
                judged += 1
                if seen.isAtEnd && after.hasRoom && step.what == "message" { followed += 1 }
                if !seen.isAtEnd && after.hasRoom { kept += 1 }
                return broken.isEmpty
            }
            for i in 0..<Self.steps {
                // The user's scroll: an event of the app's own, looked at.
                let scrolled = g.below(4) == 0 ? session.scroll(&g) : nil
                let step = session.step(&g)
                guard settle(next: scrolled == nil ? step.first : .appSide) else { return }
                if let scrolled { seen = TraceJudge.seen(scrolled, after: seen) }
                last = (step, i, session.moment)
                if step.what == "hide" {
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
            guard settle(next: nil) else { return }
        }
        // The sessions reach what the rules tell apart.
        #expect(followed > 100 && kept > 300 && hides > 300, "\(judged) judged, \(followed) \(kept) \(hides)")
    }
}
