import KeyboardAvoidance
import KeyboardGeometry
import KeyboardScenarios
import KeyboardTrace
import KeyboardWorld

/// Generates scenarios from a seed, deterministically: scenario `i` of seed
/// `s` depends only on `(s, i)` (see ``SeededRandom/init(seed:index:)``).
///
/// Algorithm, in draw order: device (uniform over the catalog); profile
/// (uniform over those whose era the device ran: iPhone OS 3 only on the
/// 320×480 phone, `ios13` on phones, `ipados` on iPads, `ios7` and `ios8` on
/// both); system version (uniform over the versions both cover);
/// orientation (portrait 70 %); window placement (iPads: full screen 3 in 8,
/// Stage Manager 2 in 8, else Slide Over, Split View or a form sheet; from
/// iPadOS 26, where windows are the norm, a windowed app's window 4 in 9,
/// full screen 2 in 9, else Slide Over, Split View or a form sheet; each only
/// where the system and device have it, falling back to full screen); for
/// a Stage Manager or windowed app's window, three in four a window the user
/// placed (``drawWindow(on:_:)``); bars
/// above the scroll view and a gap below it; the app's own inset (none 70 %,
/// a 64 pt top bar inset or a 44 pt toolbar inset); inset adjustment (from
/// iOS 11: never 15 %; see also ``drawInsetBehaviour(_:_:)``, drawn last); content height (shorter than the view, a little
/// taller, or three times taller); 1–8 fields (one in five a tall text view,
/// never taller than the content), each with its keyboard (a number pad
/// 15 %, a 44 pt accessory toolbar 20 % where the era has them) and, for a
/// text view, its text (``FieldText``: one line to two past its last row,
/// or, in one that grows with its text (half of them), its last three
/// rows, so that typing soon grows it);
/// whether a form sheet keeps its keyboard after resign; how Reduce Motion
/// reports its hides; how the keyboard passes between this app and another
/// beside it (``KeyboardHandOver``); the policy (distance 0 or 10; tall
/// fields at the top, by the caret or centred); what iOS tells the app
/// about the keyboard when its window changes (``KeyboardAfterWindowChange``);
/// then 3–12 actions, each
/// drawn from those valid in the simulator's current state (see
/// ``ScenarioSimulator/isValid(_:)``), weighted towards focus switches and
/// dismissals, and a final dismissal so that restoration is always judged.
/// The scenario's labels (``ScenarioFeature``) are what its simulation
/// exercised (``Generated/features``).
package enum ScenarioGenerator {
    /// What a seed means: scenario `i` of seed `s` is the same scenario for
    /// every build of one generator version. Any change to what the
    /// generator draws, or to how the simulator turns a scenario into
    /// events, bumps it; the pins are then regenerated (docs/pins.md). It is
    /// written beside every seed kbbench reports (the shootout, fuzz
    /// summaries and states, audit round trips, result records), and a fuzz
    /// state of another version is not resumed.
    ///
    /// The inset behaviour is still drawn last (``drawInsetBehaviour(_:_:)``),
    /// where it was added before versions existed.
    package static let version = 6

    /// The seed of the reference scenarios: the shootout's, and the
    /// notifications every benchmark replays, so that both read the same
    /// situations.
    package static let referenceSeed: UInt64 = 1

    package static func scenario(seed: UInt64, index: Int, adversarial: Bool = false) -> Scenario {
        var r = SeededRandom(seed: seed, index: UInt64(index))
        return scenario(from: &r, adversarial: adversarial)
    }

    /// A scenario drawn from any choice source (a seeded stream, or a
    /// fuzzer's bytes).
    package static func scenario(from r: inout some ChoiceSource, adversarial: Bool = false) -> Scenario {
        scenarioAndTrace(from: &r, adversarial: adversarial).0
    }

    /// Everything but the actions, in draw order.
    static func draw(_ r: inout some ChoiceSource, adversarial: Bool) -> Scenario {
        let device = r.pick(DeviceCatalog.all)
        let profile = r.pick(profiles(for: device))
        let versions =
            Swift.max(
                profile.systemVersions.lowerBound, device.systemVersions.lowerBound)...Swift
            .min(profile.systemVersions.upperBound, device.systemVersions.upperBound)
        let version = r.int(in: versions)
        let era = SystemEra(profile: profile, version: version, family: device.family)
        let orientation: InterfaceOrientation =
            r.chance(0.7)
            ? .portrait : r.pick(device.family == .pad ? [.landscapeLeft, .landscapeRight, .portraitUpsideDown] : [.landscapeLeft, .landscapeRight])
        var placement: WindowPlacement =
            device.family == .pad ? r.pick(era.hasWindowedApps ? Self.windowedPlacements : Self.padPlacements) : .fullScreen
        if !placement.isAvailable(era: era, device: device) { placement = .fullScreen }
        let window = placement == .stageManager && r.chance(0.75) ? drawWindow(on: device.screen(orientation), &r) : nil
        let topBar = r.pick([0.0, 0, 44, 64])
        let bottomGap = r.chance(0.85) ? 0 : r.pick([49.0, 100, 200])
        let contentInset: KBEdgeInsets
        switch r.below(20) {
        case 0..<14: contentInset = .zero
        case 14..<17: contentInset = KBEdgeInsets(top: 64)
        default: contentInset = KBEdgeInsets(bottom: 44)
        }
        let insetAdjustment: InsetAdjustment = era.hasInsetAdjustmentBehavior && r.chance(0.15) ? .never : .automatic
        let viewHeight = placement.viewFrame(on: device.screen(orientation)).height - topBar - bottomGap
        let contentHeight = (r.pick([0.8, 1.0, 1.3, 3.0]) * Swift.max(viewHeight, 100)).rounded()
        let fieldCount = r.int(in: 1...8)
        var fields: [KBRect] = []
        var keyboards: [FieldKeyboard] = []
        var texts: [FieldText] = []
        for _ in 0..<fieldCount {
            // A text view is never taller than the content that holds it.
            let height = r.chance(0.2) ? Swift.min(r.double(in: 150...600).rounded(), contentHeight) : 44
            let y = r.double(in: 0...Swift.max(0, contentHeight - height)).rounded()
            fields.append(KBRect(x: 16, y: y, width: 280, height: height))
            // Drawn in every era (so other draws stay put), kept where the
            // era has input accessory views.
            let kind: FieldKeyboard.Kind = r.chance(0.15) ? .numberPad : .text
            let accessory = r.chance(0.2) && era.hasInputAccessoryViews
            keyboards.append(FieldKeyboard(kind: kind, accessoryHeight: accessory ? FieldKeyboard.toolbarHeight : 0))
            if FieldKind(frame: fields[fields.count - 1]) == .textView {
                // A view that grows fits its text; one that scrolls may
                // hold more than it shows.
                let rows = FieldText.rows(inHeight: height)
                let grows = r.chance(0.5)
                texts.append(FieldText(lines: grows ? r.int(in: Swift.max(1, rows - 2)...rows) : r.int(in: 1...(rows + 2)), grows: grows))
            } else {
                texts.append(.oneLine)
            }
        }
        // Sort fields by position, keeping each field's keyboard and text
        // with it.
        let order = fields.indices.sorted { fields[$0].minY < fields[$1].minY }
        fields = order.map { fields[$0] }
        keyboards = order.map { keyboards[$0] }
        texts = order.map { texts[$0] }
        let keepsKeyboard = placement == .formSheet && r.chance(0.5)
        let reduceMotionHide = r.pick(Scenario.ReduceMotionHide.allCases)
        let handOver = r.pick(KeyboardHandOver.allCases)
        let policy = AvoidancePolicy(distance: r.pick([0.0, 10]), tallField: r.pick(TallFieldPolicy.allCases))
        let afterWindowChange = r.pick(KeyboardAfterWindowChange.allCases)
        var scenario = Scenario(
            device: device, profile: profile, systemVersion: version, orientation: orientation, placement: placement, window: window,
            keyboardAfterWindowChange: afterWindowChange, topBar: topBar,
            bottomGap: bottomGap, contentInset: contentInset, insetAdjustment: insetAdjustment,
            contentHeight: contentHeight, fields: fields, fieldKeyboards: keyboards, texts: texts, keepsKeyboardAfterResign: keepsKeyboard,
            reduceMotionHide: reduceMotionHide, keyboardHandOver: handOver, policy: policy, actions: []
        )
        if adversarial { Adversary.distort(&scenario, &r) }
        return scenario
    }

    /// A generated scenario: what was drawn, its trace (simulated once: the
    /// same trace ``ScenarioSimulator/trace(_:)`` gives for the scenario),
    /// and what it exercised.
    package struct Generated: Sendable {
        package var scenario: Scenario
        package var trace: Trace
        /// The labels of what the scenario exercises: its setting's and
        /// what its actions did (``ScenarioFeature``).
        package var features: ScenarioFeatures
    }

    /// Scenario `index` of `seed`, its trace and its labels.
    package static func generated(seed: UInt64, index: Int, adversarial: Bool) -> Generated {
        var r = SeededRandom(seed: seed, index: UInt64(index))
        return generated(from: &r, adversarial: adversarial)
    }

    /// A scenario, its trace and its labels from any choice source.
    package static func generated(from r: inout some ChoiceSource, adversarial: Bool) -> Generated {
        var scenario = draw(&r, adversarial: adversarial)
        let played = actions(for: scenario, count: r.int(in: 3...12), adversarial: adversarial, &r)
        scenario.actions = played.actions
        drawInsetBehaviour(&scenario, &r)
        let header = ScenarioSimulator(scenario).header()
        var features = played.features
        features.formUnion(scenario.settingFeatures(header: header))
        return Generated(scenario: scenario, trace: Trace(header: header, lines: played.events, fieldLists: played.fieldLists), features: features)
    }

    /// Scenario `index` of `seed` and its trace (``generated(seed:index:adversarial:)``
    /// without the labels).
    package static func scenarioAndTrace(seed: UInt64, index: Int, adversarial: Bool) -> (Scenario, Trace) {
        let g = generated(seed: seed, index: index, adversarial: adversarial)
        return (g.scenario, g.trace)
    }

    /// A scenario and its trace from any choice source.
    package static func scenarioAndTrace(from r: inout some ChoiceSource, adversarial: Bool) -> (Scenario, Trace) {
        let g = generated(from: &r, adversarial: adversarial)
        return (g.scenario, g.trace)
    }

    /// The iPad placements drawn, uniformly (repeats weigh).
    static let padPlacements: [WindowPlacement] = [
        .fullScreen, .fullScreen, .fullScreen, .slideOver, .splitView, .stageManager, .stageManager, .formSheet,
    ]
    /// The same from iPadOS 26, whose windowed apps place and size windows
    /// freely ([tn3192]).
    static let windowedPlacements: [WindowPlacement] = [
        .fullScreen, .fullScreen, .stageManager, .stageManager, .stageManager, .stageManager, .slideOver, .splitView, .formSheet,
    ]

    /// A window the user places on a screen of `screen` size
    /// (``FreeWindows``): one of the window controls' tiles (a third of the
    /// time), else any size from the minimum to the screen's, anywhere on
    /// it, in whole points.
    static func drawWindow(on screen: KBSize, _ r: inout some ChoiceSource) -> KBRect {
        if r.chance(1.0 / 3.0) { return r.pick(FreeWindows.tiles(on: screen)) }
        let min = FreeWindows.minimumSize
        let w = r.double(in: min.width...screen.width).rounded(.down), h = r.double(in: min.height...screen.height).rounded(.down)
        return KBRect(
            x: r.double(in: 0...(screen.width - w)).rounded(.down), y: r.double(in: 0...(screen.height - h)).rounded(.down), width: w, height: h)
    }

    /// Where the user moves the app's window now, drawn: a free window is
    /// moved (its size kept), resized (its origin kept, as far as the screen
    /// allows) or tiled, a third of the time each; Split View's window takes
    /// another share, Slide Over's column the other side. Nil when it
    /// cannot move, or the draw gave the frame it has.
    static func windowMove(_ sim: ScenarioSimulator, _ r: inout some ChoiceSource) -> KBRect? {
        let screen = sim.scenario.device.screen(sim.orientation), now = sim.currentWindow
        let frame: KBRect
        switch sim.scenario.placement {
        case .stageManager:
            switch r.below(3) {
            case 0:
                frame = KBRect(
                    x: r.double(in: 0...(screen.width - now.width)).rounded(.down), y: r.double(in: 0...(screen.height - now.height)).rounded(.down),
                    width: now.width, height: now.height)
            case 1:
                let drawn = drawWindow(on: screen, &r)
                frame = FreeWindows.kept(KBRect(origin: now.origin, size: drawn.size), on: screen)
            default:
                frame = r.pick(FreeWindows.tiles(on: screen))
            }
        case .splitView: frame = r.pick(FreeWindows.splitViewFrames(on: screen).filter { $0 != now })
        case .slideOver: frame = r.pick(FreeWindows.slideOverFrames(on: screen).filter { $0 != now })
        case .fullScreen, .formSheet: return nil
        }
        return sim.isValid(.moveWindow(frame)) ? frame : nil
    }

    /// From iOS 11: UIKit's `.automatic` becomes `.scrollableAxes` (12 %) or
    /// `.always` (8 %), and the view always bounces vertically (30 %). Drawn
    /// after everything else, so that every earlier draw, and so each
    /// scenario's geometry and actions, stays what it was before these
    /// behaviours were modelled; they change only the header (the events do
    /// not depend on them).
    static func drawInsetBehaviour(_ scenario: inout Scenario, _ r: inout some ChoiceSource) {
        let era = SystemEra(profile: scenario.profile, version: scenario.systemVersion, family: scenario.device.family)
        guard era.hasInsetAdjustmentBehavior else { return }
        if scenario.insetAdjustment == .automatic {
            switch r.below(100) {
            case 0..<12: scenario.insetAdjustment = .scrollableAxes
            case 12..<20: scenario.insetAdjustment = .always
            default: break
            }
        }
        scenario.alwaysBounceVertical = r.chance(0.3)
    }

    /// Whether the generator would pair `profile` with `device`: the device
    /// ran a version of the profile's era, and the profile is for its
    /// family.
    package static func canRun(_ profile: TraceProfile, on device: Device) -> Bool {
        let overlap = profile.systemVersions.overlaps(device.systemVersions)
        switch profile {
        case .iphoneos3: return overlap && device.family == .phone && device.portraitSize == KBSize(width: 320, height: 480)
        case .ios13: return overlap && device.family == .phone
        case .ipados: return overlap && device.family == .pad
        case .ios7, .ios8: return overlap
        }
    }

    /// The profiles the generator pairs with `device`, in declaration order.
    static func profiles(for device: Device) -> [TraceProfile] {
        TraceProfile.allCases.filter { canRun($0, on: device) }
    }

    /// The actions offered at every step, with their weights; a focus on
    /// "another field" is the placeholder `.focus(-1)`, resolved once chosen.
    static let candidates: [(UserAction, Double)] = {
        var c: [(UserAction, Double)] = [(.focus(-1), 3), (.dismiss, 1.5)]
        for o in InterfaceOrientation.allCases { c.append((.rotate(o), 0.4)) }
        for m in [KeyboardMode.standard, .quickType, .emoji, .thirdParty] { c.append((.changeInputMode(m), 0.3)) }
        for a in [UserAction.undock, .dock, .split, .merge, .float] { c.append((a, 0.6)) }
        for m in [KeyboardMode.quickType, .emoji, .standard] { c.append((.silentInputModeChange(m), 0.1)) }
        // Typing and caret taps: placeholders, their lines drawn once chosen.
        c += [(.type(lines: 0), 1), (.moveCaret(line: 0), 0.5)]
        c += [
            (.undockFromMenu, 0.3), (.moveFloating, 0.5), (.dragToDismiss, 0.5), (.background, 0.2), (.foreground, 1),
            (.attachHardwareKeyboard, 0.3), (.detachHardwareKeyboard, 0.5),
            (.keyboardFromElsewhere(shown: true, local: false), 0.6), (.keyboardFromElsewhere(shown: false, local: false), 1),
            (.keyboardFromElsewhere(shown: true, local: true), 0.4), (.keyboardFromElsewhere(shown: false, local: true), 1),
            (.disappear, 0.3), (.appear, 1), (.reduceMotion(true), 0.2), (.reduceMotion(false), 0.2),
        ]
        // Geometry that changes under the keyboard: placeholders, their
        // values drawn once chosen (``concreteChange(_:_:_:)``).
        c += [
            (.moveWindow(.null), 1), (.setOwnInset(Self.drawnInset), 0.5), (.setAdditionalSafeArea(bottom: -1), 0.4),
            (.resizeKeyboard(by: 0), 0.6),
        ]
        return c
    }()

    /// The placeholder of an own inset drawn once chosen.
    static let drawnInset = KBEdgeInsets(bottom: -1)

    /// The bottom insets an app's own toolbar or footer gives (none, a
    /// toolbar, a taller bar).
    static let ownBottomInsets: [Double] = [0, 44, 88]
    /// The additional bottom safe areas an app's own bar gives.
    package static let additionalSafeBottoms: [Double] = [0, 44, 49]
    /// How far a keyboard's height moves while it is up: the predictive bar
    /// off or on (44), a language's or a keyboard's own height (17,
    /// [kk-1006]), a third-party keyboard's later height (228: 347 to 575,
    /// [kk-971]).
    static let keyboardHeightChanges: [Double] = [-44, -17, 17, 44, 228]

    /// Whether a placeholder of geometry that changes can be made concrete
    /// now (some value of it is valid), nil for any other action.
    static func changeIsValid(_ a: UserAction, _ now: ScenarioSimulator) -> Bool? {
        switch a {
        case .moveWindow(.null): now.windowCanMove
        case .setOwnInset(drawnInset): now.isValid(.setOwnInset(KBEdgeInsets(top: now.ownInset.top, bottom: now.ownInset.bottom == 0 ? 44 : 0)))
        case .setAdditionalSafeArea(bottom: -1): now.isValid(.setAdditionalSafeArea(bottom: now.additionalSafeBottom == 0 ? 44 : 0))
        case .resizeKeyboard(by: 0): keyboardHeightChanges.contains { now.isValid(.resizeKeyboard(by: $0)) }
        default: nil
        }
    }

    /// A placeholder of geometry that changes with its value drawn among
    /// the valid ones (``changeIsValid(_:_:)`` said there is one; a window
    /// move that draws no new frame gives nil).
    static func concreteChange(_ a: UserAction, _ sim: ScenarioSimulator, _ r: inout some ChoiceSource) -> UserAction? {
        switch a {
        case .moveWindow(.null):
            return windowMove(sim, &r).map(UserAction.moveWindow)
        case .setOwnInset(drawnInset):
            let own = sim.ownInset
            let bottom = r.pick(ownBottomInsets.filter { $0 != own.bottom })
            return .setOwnInset(KBEdgeInsets(top: own.top, left: own.left, bottom: bottom, right: own.right))
        case .setAdditionalSafeArea(bottom: -1):
            return .setAdditionalSafeArea(bottom: r.pick(additionalSafeBottoms.filter { $0 != sim.additionalSafeBottom }))
        case .resizeKeyboard(by: 0):
            return .resizeKeyboard(by: r.pick(keyboardHeightChanges.filter { sim.isValid(.resizeKeyboard(by: $0)) }))
        default:
            return a
        }
    }

    static let adversarialCandidates: [(UserAction, Double)] = candidates + Adversary.candidates

    /// Draws `count` actions, each valid in the state the previous ones
    /// leave, then ends what is open (a hidden view appears, someone else's
    /// keyboard goes, the focused field is dismissed) so that restoration is
    /// always judged. Returns the actions, the events they produce, the
    /// field lists their layout events name, and what they exercised.
    static func actions(
        for scenario: Scenario, count: Int, adversarial: Bool, _ r: inout some ChoiceSource
    ) -> (actions: [UserAction], events: [TraceLine], fieldLists: [[KBRect]], features: ScenarioFeatures) {
        var sim = ScenarioSimulator(scenario)
        var actions: [UserAction] = []
        // Trace lines directly, numbered as a written file numbers them
        // (the header is line 1), so no second pass builds them.
        var events: [TraceLine] = []
        actions.reserveCapacity(count + 4)
        // Enough for the longest actions (a 40-field burst is ~80 events), so
        // the array does not regrow and copy its lines.
        events.reserveCapacity(count * 8 + 96)
        var scratch: [TraceLine] = []
        scratch.reserveCapacity(64)
        func take(_ a: UserAction) {
            actions.append(a)
            scratch.removeAll(keepingCapacity: true)
            sim.perform(a, into: &scratch)
            for e in scratch { events.append(TraceLine(line: events.count + 2, event: e.event, truth: e.truth)) }
        }
        let n = scenario.fields.count
        take(.focus(r.below(n)))
        let offered = adversarial ? Self.adversarialCandidates : Self.candidates
        for _ in 1..<count {
            // One copy of the simulator per step: `sim` lives in a box
            // (`take` mutates it), and reading it there cost a full copy for
            // every candidate checked.
            let now = sim
            let others = n - (now.focused == nil ? 0 : 1)
            func valid(_ a: UserAction) -> Bool {
                if let change = changeIsValid(a, now) { return change }
                switch a {
                case .focus(-1): return others > 0 && now.isValid(.focus(now.focused == 0 ? 1 : 0))
                case .type(0): return now.isValid(.type(lines: 1))
                case .moveCaret(0): return (1...3).contains { now.isValid(.moveCaret(line: $0)) }
                default: return now.isValid(a)
                }
            }
            // A weighted draw over the valid candidates: each candidate is
            // checked once, its validity kept on the stack (no list built,
            // no action copied until one is chosen).
            let picked: Int? = withUnsafeTemporaryAllocation(of: Bool.self, capacity: offered.count) { isValid in
                var total = 0.0
                for i in offered.indices {
                    isValid[i] = valid(offered[i].0)
                    if isValid[i] { total += offered[i].1 }
                }
                guard total > 0 else { return nil }
                var x = r.unit() * total
                var chosen = 0
                for i in offered.indices where isValid[i] {
                    chosen = i
                    if x < offered[i].1 { break }
                    x -= offered[i].1
                }
                return chosen
            }
            guard let picked else { break }
            var chosen = offered[picked].0
            switch chosen {
            case .focus(-1):
                // A field other than the focused one, uniformly.
                let i = r.below(others)
                chosen = .focus(sim.focused.map { i >= $0 ? i + 1 : i } ?? i)
            case .type(0):
                chosen = .type(lines: r.int(in: 1...3))
            case .moveCaret(0):
                // Another line of the text, uniformly.
                let lines = sim.focused.map { sim.text(ofField: $0).lines } ?? 1
                let line = r.int(in: 1...Swift.max(1, lines - 1))
                chosen = .moveCaret(line: line >= sim.caretLine ? line + 1 : line)
            case .moveWindow, .setOwnInset, .setAdditionalSafeArea, .resizeKeyboard:
                guard let concrete = concreteChange(chosen, sim, &r) else { continue }
                chosen = concrete
            default:
                break
            }
            take(adversarial ? Adversary.concrete(chosen, for: scenario, &r) : chosen)
        }
        if sim.isValid(.appear) { take(.appear) }
        if sim.isValid(.keyboardFromElsewhere(shown: false, local: false)) { take(.keyboardFromElsewhere(shown: false, local: false)) }
        if sim.isValid(.keyboardFromElsewhere(shown: false, local: true)) { take(.keyboardFromElsewhere(shown: false, local: true)) }
        if sim.isValid(.dismiss) { take(.dismiss) }
        return (actions, events, sim.fieldLists, sim.features)
    }
}
