import KeyboardAvoidance
import KeyboardGeometry
import KeyboardScenarios
import KeyboardTrace
import KeyboardWorld

/// Chat screens drawn from the generator's scenarios: the device, era,
/// window, app layout and every keyboard sequence of scenario `index` of a
/// seed (``ScenarioGenerator/generated(seed:index:adversarial:)``), played
/// on a chat screen instead of a screen of fields.
///
/// What changes, in draw order after the scenario's own draws:
/// - the scroll view is a transcript and the header has a ``Composer``: 44,
///   52 or 56 points tall, resting on the window's bottom edge or (three in
///   five) on its bottom safe area, as a bar pinned to `keyboardLayoutGuide`
///   does; the transcript starts at its end (three in four) or at its top;
/// - the composer is the only field, outside the transcript: the header
///   has no fields, and the scenario's focus and blur lines (which named
///   fields in the scroll view) are left out, as is a layout's new field
///   list. The keyboard notifications stay as iOS sent them: they are what
///   the composer's first responder raises;
/// - after each line, one time in seven, something happens in the chat: a
///   message arrives (its height 44, 60, 120 or 300 points added to the
///   content: 45 %), the user scrolls the transcript (to 0, a quarter, a
///   half or four fifths of the app's own range: 25 %), the composer grows
///   a line (20 points, up to four lines: 20 %), or a message is sent (the
///   composer back to its first height and the message arriving, in one
///   layout: 10 %). Each is a `layout` event with the line's truth;
/// - a layout that moves the window's bottom safe area (a rotation, a
///   window moved or resized, the scroll view's safe area) moves the
///   resting line of a composer that rests on it, in the same event.
///
/// Property: the chat screen depends only on the seed and the index; the
/// keyboard's truth changes at the same notifications as in the scenario's
/// own trace.
package enum ChatScreens {
    /// A chat screen: the scenario it was drawn from, its trace, and its
    /// labels (``ScenarioFeature/isCarried(on:)``).
    package struct Generated: Sendable {
        package var scenario: Scenario
        package var trace: Trace
        /// The scenario's labels that a chat screen carries, and the `chat`
        /// group's.
        package var features: ScenarioFeatures
        /// The draws that follow the scenario's: what ``played(_:)`` plays
        /// a trace of the scenario with.
        package var draws: SeededRandom

        /// `base`, a trace of ``scenario`` or of a scenario shrunk from it,
        /// played on this chat screen: the composer, the chat's events and
        /// the transcript drawn as they were for ``trace``, so that the
        /// shrinker's candidates stay chat screens of the same kind.
        /// Property: `played(ScenarioSimulator.trace(scenario)) == trace`.
        package func played(_ base: Trace) -> Trace {
            var r = draws
            var features = ScenarioFeatures()
            return ChatScreens.chatScreen(from: base, features: &features, &r)
        }
    }

    /// The heights a composer starts at.
    static let composerHeights: [Double] = [44, 52, 56]
    /// One line of a composer's text.
    static let lineHeight = 20.0
    /// The lines a composer grows by before it scrolls its own text.
    static let maximumExtraLines = 4
    /// The heights of the messages that arrive.
    static let messageHeights: [Double] = [44, 60, 120, 300]
    /// Where in the app's own range the user scrolls the transcript.
    static let scrollFractions: [Double] = [0, 0.25, 0.5, 0.8]
    /// The chance that something happens in the chat after a line.
    static let happeningChance = 1.0 / 7.0

    /// Chat screen `index` of `seed`: scenario `index` of `seed` (adversarial
    /// as asked), played on a chat screen drawn from the same stream.
    package static func generated(seed: UInt64, index: Int, adversarial: Bool) -> Generated {
        var r = SeededRandom(seed: seed, index: UInt64(index))
        let g = ScenarioGenerator.generated(from: &r, adversarial: adversarial)
        let draws = r
        var features = ScenarioFeatures(g.features.filter { $0.isCarried(on: .chat) })
        let trace = chatScreen(from: g.trace, features: &features, &r)
        return Generated(scenario: g.scenario, trace: trace, features: features, draws: draws)
    }

    /// `base` played on a chat screen drawn from `r`; what it exercised is
    /// added to `features`.
    package static func chatScreen(from base: Trace, features: inout ScenarioFeatures, _ r: inout some ChoiceSource) -> Trace {
        var header = base.header
        header.fields = []
        let firstHeight = r.pick(composerHeights)
        let restsOnSafeArea = r.chance(0.6)
        var own = header.scrollView, window = header.window
        var composer = Composer(height: firstHeight, restingInset: restsOnSafeArea ? windowSafeBottom(own, window: window) : 0)
        header.composer = composer
        if composer.restingInset > 0 { features.insert(.chatRestsOnSafeArea) }
        if r.chance(0.75) {
            let range = ownRange(header.scrollView)
            header.scrollView.contentOffset.y = range.upperBound
            own.contentOffset = header.scrollView.contentOffset
            if range.upperBound > range.lowerBound { features.insert(.chatStartsAtEnd) }
        }
        var lines: [TraceLine] = []
        lines.reserveCapacity(base.events.count * 2)
        // The height of the messages that arrived so far.
        var arrived = 0.0
        for (i, line) in base.events.enumerated() {
            var line = line
            line.observation = nil
            switch line.event {
            case .focus, .blur: continue
            case .layout(var change):
                change.fieldList = nil
                // The scenario's own content sizes (a rotation's new width,
                // a text view that grew) keep the messages that arrived.
                change.contentSize?.height += arrived
                if let size = change.contentSize, size.height > own.contentSize.height {
                    // Content that grows at its end (a text view of the
                    // scenario's that grew) is a message arriving.
                    features.insert(.chatMessageArrives)
                    if case .shown? = line.truth { features.insert(.chatMessageWhileKeyboardUp) }
                }
                change.apply(to: &own)
                if let w = change.window { window = w }
                if restsOnSafeArea {
                    let resting = windowSafeBottom(own, window: window)
                    if resting != composer.restingInset {
                        composer.restingInset = resting
                        change.composer = composer
                        features.insert(.chatRestingLineMoves)
                    }
                }
                line.event = .layout(change)
            case .keyboard, .appear, .disappear: break
            }
            lines.append(line)
            // Nothing comes between two notifications iOS posts together
            // (a WillChangeFrame and its WillShow, a DidChangeFrame and its
            // DidHide), nor between a change of the screen or the window
            // and the notifications it brings; between a Will and its Did,
            // anything may.
            if i + 1 < base.events.count, case .keyboard(let next) = base.events[i + 1].event {
                switch line.event {
                case .keyboard(let n) where n.name.isWill == next.name.isWill: continue
                case .layout(let c) where c.movesGeometry: continue
                default: break
                }
            }
            guard r.chance(happeningChance) else { continue }
            var change = LayoutChange()
            let kind = r.below(20)
            switch kind {
            case 0..<9, 18..<20:
                let height = r.pick(messageHeights)
                arrived += height
                change.contentSize = KBSize(width: own.contentSize.width, height: own.contentSize.height + height)
                features.insert(.chatMessageArrives)
                if case .shown? = line.truth { features.insert(.chatMessageWhileKeyboardUp) }
                if kind >= 18 && composer.height != firstHeight {
                    // Sent: the composer back to one line as the message arrives.
                    composer.height = firstHeight
                    change.composer = composer
                    features.insert(.chatMessageSent)
                }
            case 9..<14:
                let range = ownRange(own)
                let y = range.lowerBound + r.pick(scrollFractions) * (range.upperBound - range.lowerBound)
                change.contentOffset = KBPoint(x: own.contentOffset.x, y: y)
                features.insert(.chatUserScrolls)
            default:
                guard composer.height < firstHeight + Double(maximumExtraLines) * lineHeight else { continue }
                composer.height += lineHeight
                change.composer = composer
                features.insert(.chatComposerGrows)
            }
            change.apply(to: &own)
            lines.append(TraceLine(line: 0, event: .layout(change), truth: line.truth))
        }
        return Trace(header: header, lines: lines, fieldLists: []).renumbered
    }

    /// The offsets the app's own scroll view allows: its own content inset
    /// and the safe area UIKit adds.
    static func ownRange(_ state: ScrollViewState) -> ClosedRange<Double> {
        state.offsetRange(adjustedInset: state.adjustedContentInset)
    }

    /// The window's bottom safe area as the scroll view's own safe area
    /// shows it: its bottom safe inset and the gap below it, when it has
    /// one (a scroll view that stops above the home indicator's strip does
    /// not say, and a composer there rests on the window's edge); the
    /// whole of it for a scroll view reaching past the window's bottom.
    static func windowSafeBottom(_ state: ScrollViewState, window: KBRect) -> Double {
        KBEdgeInsets.containerInset(under: state.safeArea.bottom, clearOfEdgeBy: window.height - state.frame.maxY)
    }
}
