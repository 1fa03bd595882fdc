import KeyboardAvoidance
import KeyboardGeometry
import KeyboardJSON
import KeyboardTrace
import KeyboardWorld

/// One reason a trace is not one iOS could send for its profile: the rule it
/// breaks and the first line that breaks it.
public struct Impossibility: Hashable, Sendable, CustomStringConvertible {
    /// The rules ``Trace/impossibilities`` checks. Each is a necessary
    /// condition read off what iOS sends (the simulator's notification rules
    /// and their sources, docs/sources.md); a trace that breaks none is
    /// called possible, which is not a proof that a device sent it.
    public enum Rule: String, Hashable, Sendable, CaseIterable {
        /// The keyboard's recorded truth changes at an event where iOS tells
        /// the app nothing, or, at rest, the notifications so far put the
        /// keyboard elsewhere than it is, or, on an iPhone, it is outside
        /// the screen, or, on an iPad, past one of its sides (only traces
        /// that record the truth).
        case truthAtRest
        /// A WillHide where the recorded truth says no keyboard is up:
        /// iOS hides only a keyboard that is there (only traces that record
        /// the truth, which starts hidden; a trace without it may begin
        /// with the keyboard up).
        case hideWithoutKeyboard
        /// A notification or key the profile's iOS does not send: iPhone OS 3
        /// sends neither frame keys nor ChangeFrame notifications; from iOS
        /// 5 every keyboard notification carries its end frame.
        case eraKeys
        /// A Did notification with no Will notification of its kind anywhere
        /// before it: iOS announces what it completes (a late Did may follow
        /// newer Wills, so any earlier Will of its kind counts).
        case didWithoutWill
        /// On an iPhone, from iOS 5, a ChangeFrame notification that is not
        /// followed by the Show or Hide notification iOS sends beside it,
        /// with the same end frame: only an iPad's undocked, split or
        /// floating keyboard moves with frame changes alone.
        case changeFrameAlone
        /// On an iPhone, from iOS 5, a WillHide, or a WillShow while the
        /// keyboard is down, that does not directly follow a
        /// WillChangeFrame, or a DidHide that does not directly follow a
        /// DidChangeFrame: iOS sends each pair together. (A WillShow while
        /// the keyboard is up may answer a focus switch, which comes alone,
        /// even after an input-mode change iOS did not announce.)
        case showOrHideAlone
        /// On an iPhone, a WillShow or WillHide whose keyboard, as its
        /// payload reads in the orientation at hand, is not as wide as the
        /// screen: the docked keyboard spans it, so a landscape keyboard
        /// announced in portrait (or the reverse) means a rotation's layout
        /// change is missing. (A hide may report an empty rect, which is
        /// not checked.)
        case keyboardWidth
        /// On an iPhone, on the profiles whose iOS answers every focus
        /// switch (iPhone OS 3, iOS 5–7, iOS 13 and later; iOS 11 switches
        /// silently, so the `ios8` profile is exempt), a focus on another
        /// field while the keyboard is up that no keyboard notification
        /// answers before the next focus, blur or the trace's end (a focus
        /// on the field focused already is a caret move: nothing answers
        /// it).
        case unansweredFocus
    }

    /// The trace line, when one line shows the problem.
    public var line: Int?
    public var rule: Rule
    /// What is wrong, in words.
    public var detail: String

    public init(line: Int?, rule: Rule, detail: String) {
        self.line = line
        self.rule = rule
        self.detail = detail
    }

    public var description: String { (line.map { "line \($0): " } ?? "") + detail }

    /// `{"line": N or null, "rule": "...", "detail": "..."}`, as `kbbench
    /// replay --json` prints it.
    package var json: JSONWriter.Value {
        .object([("line", line.map { .integer($0) } ?? .null), ("rule", .string(rule.rawValue)), ("detail", .string(detail))])
    }
}

extension Trace {
    /// The rules (``Impossibility/Rule``) this trace breaks, each with
    /// the first line that breaks it, in the rules' order; empty for a trace
    /// iOS could send. Every simulator-written trace is possible (a test
    /// checks it on generated scenarios), and the shrinker keeps only
    /// possible candidates, so a counterexample never rests on a sequence no
    /// device sends. Hand-written and imported traces get the same check.
    public var impossibilities: [Impossibility] {
        var problems: [Impossibility] = []
        if let p = truthProblem { problems.append(p) }
        if let p = hideWithoutKeyboardProblem { problems.append(p) }
        let keyboard = events.compactMap { line -> (line: Int, n: KeyboardNotification)? in
            if case .keyboard(let n) = line.event { (line.line, n) } else { nil }
        }
        let legacy = header.profile == .iphoneos3
        for (line, n) in keyboard {
            if let detail = Self.eraProblem(n, legacy: legacy) {
                problems.append(Impossibility(line: line, rule: .eraKeys, detail: detail))
                break
            }
        }
        var announced: Set<KeyboardNotification.Name> = []
        for (line, n) in keyboard {
            if n.name.isWill {
                announced.insert(n.name)
            } else if let will = Self.will(completedBy: n.name), !announced.contains(will) {
                problems.append(
                    Impossibility(
                        line: line, rule: .didWithoutWill, detail: "\(Self.short(n.name)) with no \(Self.short(will)) before it"
                    ))
                break
            }
        }
        let phone = Device.Family(screen: header.screen) == .phone
        if phone && !legacy {
            if let p = Self.changeFrameAloneProblem(keyboard) { problems.append(p) }
            if let p = Self.showOrHideAloneProblem(keyboard) { problems.append(p) }
        }
        if phone, let p = keyboardWidthProblem { problems.append(p) }
        if phone && header.profile != .ios8, let p = unansweredFocusProblem { problems.append(p) }
        return problems
    }

    /// The first ChangeFrame notification without its Show or Hide partner
    /// right after it (rule ``Impossibility/Rule/changeFrameAlone``).
    private static func changeFrameAloneProblem(_ keyboard: [(line: Int, n: KeyboardNotification)]) -> Impossibility? {
        for (i, (line, n)) in keyboard.enumerated() where n.name == .willChangeFrame || n.name == .didChangeFrame {
            let partners: [KeyboardNotification.Name] = n.name == .willChangeFrame ? [.willShow, .willHide] : [.didShow, .didHide]
            guard i + 1 < keyboard.count, partners.contains(keyboard[i + 1].n.name), keyboard[i + 1].n.frameEnd == n.frameEnd else {
                return Impossibility(
                    line: line, rule: .changeFrameAlone,
                    detail:
                        "\(short(n.name)) not followed by \(partners.map(short).joined(separator: " or ")) with its end frame: on an iPhone the keyboard moves only by showing or hiding"
                )
            }
        }
        return nil
    }

    /// The first Show or Hide notification without the ChangeFrame
    /// notification iOS sends right before it (rule
    /// ``Impossibility/Rule/showOrHideAlone``).
    private static func showOrHideAloneProblem(_ keyboard: [(line: Int, n: KeyboardNotification)]) -> Impossibility? {
        var up = false
        for (i, (line, n)) in keyboard.enumerated() {
            let needed: KeyboardNotification.Name? =
                switch n.name {
                case .willShow: up ? nil : .willChangeFrame
                case .willHide: .willChangeFrame
                case .didHide: .didChangeFrame
                case .didShow, .willChangeFrame, .didChangeFrame: nil
                }
            if let needed, i == 0 || keyboard[i - 1].n.name != needed {
                return Impossibility(
                    line: line, rule: .showOrHideAlone,
                    detail: "\(short(n.name)) without a \(short(needed)) right before it: on an iPhone iOS sends them together"
                )
            }
            if n.name == .willShow { up = true }
            if n.name == .willHide { up = false }
        }
        return nil
    }

    /// The first WillShow or WillHide whose reported keyboard is not as
    /// wide as the screen (rule ``Impossibility/Rule/keyboardWidth``).
    private var keyboardWidthProblem: Impossibility? {
        var replay = WorldReplay(self)
        while let line = replay.advance() {
            guard case .keyboard(let n) = line.event, n.name == .willShow || n.name == .willHide,
                let keyboard = replay.world.reportedFrame(of: n), keyboard.width > 0, keyboard.height > 0,
                keyboard.width != replay.world.screen.width
            else { continue }
            return Impossibility(
                line: line.line, rule: .keyboardWidth,
                detail:
                    "\(Self.short(n.name)) reports a keyboard \(keyboard.width) pt wide on a screen \(replay.world.screen.width) pt wide: a rotation is missing"
            )
        }
        return nil
    }

    /// The first focus while the keyboard is up that no keyboard
    /// notification answers (rule ``Impossibility/Rule/unansweredFocus``).
    /// The keyboard is up from a WillShow or DidShow to the next WillHide
    /// or DidHide. A focus on the field focused already is a caret move
    /// (as recorders write one), not a switch: iOS sends nothing for it.
    private var unansweredFocusProblem: Impossibility? {
        var up = false
        var pending: Int? // the line of a focus nothing has answered yet
        var focused: Int?
        for line in events {
            if case .focus(let f, _) = line.event {
                defer { focused = f }
                if f == focused { continue }
            } else if case .blur = line.event {
                focused = nil
            }
            switch line.event {
            case .keyboard(let n):
                pending = nil
                switch n.name {
                case .willShow, .didShow: up = true
                case .willHide, .didHide: up = false
                case .willChangeFrame, .didChangeFrame: break
                }
            case .focus:
                if let pending { return Self.unanswered(pending) }
                if up { pending = line.line }
            case .blur:
                if let pending { return Self.unanswered(pending) }
            case .layout, .appear, .disappear:
                break
            }
        }
        return pending.map(Self.unanswered)
    }

    private static func unanswered(_ line: Int) -> Impossibility {
        Impossibility(
            line: line, rule: .unansweredFocus,
            detail: "a focus while the keyboard is up that no keyboard notification answers: only iOS 11 switches fields silently"
        )
    }

    /// True when the trace breaks none of the rules of
    /// ``impossibilities``.
    public var isPossible: Bool { impossibilities.isEmpty }

    /// Where the trace stops being one iOS could send, as far as its truth
    /// can tell, or nil: the truth must change only where iOS tells the app
    /// something (``Trace/unannouncedTruthChange`` is nil), and at every
    /// step at rest (see ``Oracle/restPoints(_:)``) what the app has been
    /// told, the world's own reading of the payloads, must be where the
    /// keyboard really is. Payloads may misreport mid-sequence (an iPhone
    /// OS 3 focus change's WillHide, a menu undock's `y = −264`), never at
    /// rest. Traces without truth have no such problem.
    private var truthProblem: Impossibility? {
        if let line = unannouncedTruthChange {
            return Impossibility(
                line: line.line, rule: .truthAtRest, detail: "the keyboard's true frame changes where iOS tells the app nothing")
        }
        var replay = WorldReplay(self)
        let restPoints = Oracle.restPoints(events, chatScreen: header.composer != nil)
        while let line = replay.advance() {
            guard let truth = line.truth else { continue }
            guard restPoints[replay.position - 1] else { continue }
            if replay.world.readKeyboard != truth.frame {
                return Impossibility(
                    line: line.line, rule: .truthAtRest, detail: "at rest, the notifications so far do not put the keyboard where it is")
            }
            // At rest an iPhone's keyboard is docked, on screen (mid-rotation
            // the truth may still be the old orientation's); an iPad's lies
            // between the screen's sides (its shortcuts bar may reach below
            // the screen, never past a side).
            let screen = replay.world.screen
            if let frame = truth.frame {
                let phone = Device.Family(screen: screen) == .phone
                if phone, !KBRect(origin: .zero, size: screen).contains(frame) {
                    return Impossibility(
                        line: line.line, rule: .truthAtRest,
                        detail: "at rest, the keyboard's true frame is not on the iPhone's screen: a layout change (a rotation) is missing")
                }
                if !phone, frame.minX < 0 || frame.maxX > screen.width {
                    return Impossibility(
                        line: line.line, rule: .truthAtRest,
                        detail: "at rest, the keyboard's true frame reaches past the iPad's screen's side: a layout change (a rotation) is missing")
                }
            }
        }
        return nil
    }

    /// The first WillHide with no keyboard up by the truth of the line
    /// before it, or before the WillChangeFrame that opens its hide (rule
    /// ``Impossibility/Rule/hideWithoutKeyboard``).
    private var hideWithoutKeyboardProblem: Impossibility? {
        var before: KeyboardTruth = .hidden
        for line in events {
            guard let truth = line.truth else { return nil }
            guard case .keyboard(let n) = line.event else {
                before = truth
                continue
            }
            if n.name == .willHide, before == .hidden {
                return Impossibility(
                    line: line.line, rule: .hideWithoutKeyboard, detail: "WillHide with no keyboard up: iOS hides only a keyboard that is there")
            }
            // A hide's WillChangeFrame already carries the hidden truth.
            if n.name != .willChangeFrame { before = truth }
        }
        return nil
    }

    /// What is wrong with `n`'s keys for its era, or nil.
    private static func eraProblem(_ n: KeyboardNotification, legacy: Bool) -> String? {
        if legacy {
            if n.name == .willChangeFrame || n.name == .didChangeFrame { return "iPhone OS 3 sends no \(short(n.name))" }
            if n.frameBegin != nil || n.frameEnd != nil { return "iPhone OS 3 sends no frame keys (they arrived in iPhone OS 3.2)" }
            return nil
        }
        return n.frameEnd == nil ? "\(short(n.name)) without UIKeyboardFrameEndUserInfoKey, which iOS sends with every keyboard notification" : nil
    }

    /// The Will notification a Did notification completes.
    private static func will(completedBy name: KeyboardNotification.Name) -> KeyboardNotification.Name? {
        switch name {
        case .didShow: .willShow
        case .didHide: .willHide
        case .didChangeFrame: .willChangeFrame
        case .willShow, .willHide, .willChangeFrame: nil
        }
    }

    /// "WillShow" for UIKeyboardWillShowNotification.
    private static func short(_ name: KeyboardNotification.Name) -> String {
        String(name.rawValue.dropFirst("UIKeyboard".count).dropLast("Notification".count))
    }
}
