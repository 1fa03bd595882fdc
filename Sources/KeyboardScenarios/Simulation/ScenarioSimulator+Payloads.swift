import KeyboardAvoidance
import KeyboardGeometry
import KeyboardTrace

/// The animation keys a notification carries.
enum PayloadAnimation: Hashable, Sendable {
    /// The era's duration and curve.
    case standard
    /// Will notifications carry the era's keys, Did notifications none (a
    /// rotation's Did notifications, [observed-sequences]).
    case willOnly
    /// Duration 0 and curve 0 (the first frame change of an input-mode
    /// switch, [observed-sequences]).
    case immediate
    /// Given values (an interactive dismissal's remaining time).
    case custom(duration: Double, curve: Int)
}

extension ScenarioSimulator {
    /// A notification as the era sends it: `begin` and `end` are the frames
    /// iOS *reports*, in the oriented screen space, converted here to the
    /// profile's space; every era sends the Bounds and Center keys beside
    /// the frames ([observed-sequences]; iPhone OS 3 sends only those, its
    /// bounds in the interface's orientation and its centres in the fixed
    /// space, [uikit-keys]).
    func payload(
        _ name: KeyboardNotification.Name, begin: KBRect, end: KBRect, animation: PayloadAnimation = .standard, local: Bool = true
    ) -> KeyboardNotification {
        var n = KeyboardNotification(name: name)
        switch animation {
        case .standard:
            (n.duration, n.curve) = (era.duration, era.curve)
        case .willOnly:
            if name.isWill { (n.duration, n.curve) = (era.duration, era.curve) }
        case .immediate:
            (n.duration, n.curve) = (0, 0)
        case .custom(let d, let c):
            (n.duration, n.curve) = (d, c)
        }
        let b = inPayloadSpace(begin), e = inPayloadSpace(end)
        if era.legacyKeysOnly {
            n.bounds = end.size
        } else {
            n.frameBegin = b
            n.frameEnd = e
            n.bounds = e.size
        }
        n.centerBegin = KBPoint(x: b.midX, y: b.midY)
        n.centerEnd = KBPoint(x: e.midX, y: e.midY)
        if era.sendsIsLocal { n.isLocal = local }
        return n
    }

    /// An oriented screen-space rect in the profile's payload space.
    func inPayloadSpace(_ r: KBRect) -> KBRect {
        switch profile.frameSpace {
        case .fixedPortrait:
            return FixedScreenSpace(orientedSize: device.screen(orientation), orientation: orientation).fixedRect(fromOriented: r)
        case .window:
            let w = currentWindow
            return r.offsetBy(dx: -w.minX, dy: -w.minY)
        case .oriented:
            return r
        }
    }

    /// The truth events carry now.
    var currentTruth: KeyboardTruth { truth.map(KeyboardTruth.shown) ?? .hidden }

    /// Appends an event with the current truth.
    func append(_ event: TraceEvent, into out: inout [TraceLine]) {
        out.append(TraceLine(line: out.count + 2, event: event, truth: currentTruth))
    }

    /// Appends `names`, each as the era sends it, from `begin` to `end` (as
    /// reported), with the current truth.
    func emit(
        _ names: [KeyboardNotification.Name], from begin: KBRect, to end: KBRect, animation: PayloadAnimation = .standard,
        local: Bool = true, into out: inout [TraceLine]
    ) {
        for name in names {
            append(.keyboard(payload(name, begin: begin, end: end, animation: animation, local: local)), into: &out)
        }
    }

    /// The frame a hide reports as its end: below the screen; with Reduce
    /// Motion an off-screen 71 pt strip or an empty rect; on iOS 26, for a
    /// field with an input accessory, the accessory's height at the screen's
    /// bottom, on screen ([observed-sequences], [iq-2124]). None of these
    /// moves the truth: the keyboard is gone.
    func reportedHideEnd(from: KBRect) -> KBRect {
        let s = device.screen(orientation)
        let accessory = accessoryHeight(keyboardField)
        if era.hidesReportTheAccessory && accessory > 0 {
            return KBRect(x: 0, y: s.height - accessory, width: s.width, height: accessory)
        }
        if reduceMotion {
            switch scenario.reduceMotionHide {
            case .offScreenStrip: return KBRect(x: 0, y: s.height, width: s.width, height: 71)
            case .emptyRect: return .zero
            }
        }
        return KBRect(x: 0, y: s.height, width: s.width, height: from.height)
    }
}
