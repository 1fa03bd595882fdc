@testable import KeyboardAvoidance
import KBTestSupport
import KeyboardGeometry
import Testing

/// The avoider's fast paths (validation four values at a time, the
/// placement of a validated frame) accept and classify exactly what the
/// slow paths do. Each slot of the layout and the notification gets each
/// boundary value in turn; the expected answer comes from the rules as
/// docs/contract.md states them, not from the code under test.
@Suite("Fast paths")
struct FastPathTests {
    /// Boundary values: the limit itself passes, the next value above it
    /// does not; −0 is not negative; NaN and infinities never pass.
    static let specials: [Double] = [
        0, -0.0, 1, -1, 1e9, -1e9, 1e9.nextUp, (-1e9).nextDown, .nan, .infinity, -.infinity, .leastNonzeroMagnitude,
        -.leastNonzeroMagnitude,
    ]

    /// What the rules say about `v` in a slot that may or may not be
    /// negative.
    static func expected(_ v: Double, allowNegative: Bool) -> InputProblem? {
        if !v.isFinite { return .nonFinite }
        if !allowNegative && v < 0 { return .negative }
        if abs(v) > 1e9 { return .absurdMagnitude }
        return nil
    }

    /// One value of an input (a layout or a notification): its key, whether
    /// it may be negative, and how to set it.
    struct Slot<Input>: Sendable, CustomStringConvertible {
        var description: String
        var key: InputKey
        var allowNegative: Bool
        var set: @Sendable (inout Input, Double) -> Void
    }

    typealias LayoutSlot = Slot<LayoutSnapshot>
    typealias NotificationSlot = Slot<KeyboardNotification>

    static let layoutSlots: [LayoutSlot] = [
        LayoutSlot(description: "screen.width", key: .screen, allowNegative: false) { $0.screen.width = $1 },
        LayoutSlot(description: "screen.height", key: .screen, allowNegative: false) { $0.screen.height = $1 },
        LayoutSlot(description: "window.x", key: .window, allowNegative: true) { $0.window.origin.x = $1 },
        LayoutSlot(description: "window.y", key: .window, allowNegative: true) { $0.window.origin.y = $1 },
        LayoutSlot(description: "window.width", key: .window, allowNegative: false) { $0.window.size.width = $1 },
        LayoutSlot(description: "window.height", key: .window, allowNegative: false) { $0.window.size.height = $1 },
        LayoutSlot(description: "frame.x", key: .scrollViewFrame, allowNegative: true) { $0.scrollView.frame.origin.x = $1 },
        LayoutSlot(description: "frame.y", key: .scrollViewFrame, allowNegative: true) { $0.scrollView.frame.origin.y = $1 },
        LayoutSlot(description: "frame.width", key: .scrollViewFrame, allowNegative: false) { $0.scrollView.frame.size.width = $1 },
        LayoutSlot(description: "frame.height", key: .scrollViewFrame, allowNegative: false) { $0.scrollView.frame.size.height = $1 },
        LayoutSlot(description: "safeArea.top", key: .safeArea, allowNegative: false) { $0.scrollView.safeArea.top = $1 },
        LayoutSlot(description: "safeArea.left", key: .safeArea, allowNegative: false) { $0.scrollView.safeArea.left = $1 },
        LayoutSlot(description: "safeArea.bottom", key: .safeArea, allowNegative: false) { $0.scrollView.safeArea.bottom = $1 },
        LayoutSlot(description: "safeArea.right", key: .safeArea, allowNegative: false) { $0.scrollView.safeArea.right = $1 },
        LayoutSlot(description: "contentInset.top", key: .contentInset, allowNegative: true) { $0.scrollView.contentInset.top = $1 },
        LayoutSlot(description: "contentInset.left", key: .contentInset, allowNegative: true) { $0.scrollView.contentInset.left = $1 },
        LayoutSlot(description: "contentInset.bottom", key: .contentInset, allowNegative: true) { $0.scrollView.contentInset.bottom = $1 },
        LayoutSlot(description: "contentInset.right", key: .contentInset, allowNegative: true) { $0.scrollView.contentInset.right = $1 },
        LayoutSlot(description: "contentSize.width", key: .contentSize, allowNegative: false) { $0.scrollView.contentSize.width = $1 },
        LayoutSlot(description: "contentSize.height", key: .contentSize, allowNegative: false) { $0.scrollView.contentSize.height = $1 },
        LayoutSlot(description: "contentOffset.x", key: .contentOffset, allowNegative: true) { $0.scrollView.contentOffset.x = $1 },
        LayoutSlot(description: "contentOffset.y", key: .contentOffset, allowNegative: true) { $0.scrollView.contentOffset.y = $1 },
    ]

    @Test(arguments: layoutSlots)
    func everyLayoutValueIsCheckedAsTheRulesSay(slot: LayoutSlot) {
        Self.checkEveryBoundary(of: slot, in: Fixtures.layout(375, 667)) { layout in
            var avoider = KeyboardAvoider()
            return avoider.received(Fixtures.note(.willShow, Fixtures.docked(375, 667, 216)), in: layout)
        }
    }

    /// Sets `slot` of `start` to each boundary value in turn, delivers the
    /// input, and checks the answer against the rules: ignored for the key
    /// and the reason they name, or not ignored as invalid at all.
    static func checkEveryBoundary<Input>(of slot: Slot<Input>, in start: Input, deliver: (Input) -> AvoidanceAction) {
        for v in specials {
            var input = start
            slot.set(&input, v)
            let action = deliver(input)
            if let kind = expected(v, allowNegative: slot.allowNegative) {
                #expect(action == .ignore(.invalid(slot.key, kind)), "\(slot) = \(v)")
            } else if case .ignore(.invalid(let key, let kind)) = action {
                Issue.record("\(slot) = \(v) is valid, but the avoider says \(key) is \(kind)")
            }
        }
    }

    /// The notification's slots, each set on a WillShow that is otherwise
    /// valid.
    static let notificationSlots: [NotificationSlot] = [
        NotificationSlot(description: "frameBegin.x", key: .frameBegin, allowNegative: true) { $0.frameBegin!.origin.x = $1 },
        NotificationSlot(description: "frameBegin.y", key: .frameBegin, allowNegative: true) { $0.frameBegin!.origin.y = $1 },
        NotificationSlot(description: "frameBegin.width", key: .frameBegin, allowNegative: false) { $0.frameBegin!.size.width = $1 },
        NotificationSlot(description: "frameBegin.height", key: .frameBegin, allowNegative: false) { $0.frameBegin!.size.height = $1 },
        NotificationSlot(description: "frameEnd.x", key: .frameEnd, allowNegative: true) { $0.frameEnd!.origin.x = $1 },
        NotificationSlot(description: "frameEnd.y", key: .frameEnd, allowNegative: true) { $0.frameEnd!.origin.y = $1 },
        NotificationSlot(description: "frameEnd.width", key: .frameEnd, allowNegative: false) { $0.frameEnd!.size.width = $1 },
        NotificationSlot(description: "frameEnd.height", key: .frameEnd, allowNegative: false) { $0.frameEnd!.size.height = $1 },
        NotificationSlot(description: "bounds.width", key: .bounds, allowNegative: false) { $0.bounds!.width = $1 },
        NotificationSlot(description: "bounds.height", key: .bounds, allowNegative: false) { $0.bounds!.height = $1 },
        NotificationSlot(description: "centerBegin.x", key: .centerBegin, allowNegative: true) { $0.centerBegin!.x = $1 },
        NotificationSlot(description: "centerBegin.y", key: .centerBegin, allowNegative: true) { $0.centerBegin!.y = $1 },
        NotificationSlot(description: "centerEnd.x", key: .centerEnd, allowNegative: true) { $0.centerEnd!.x = $1 },
        NotificationSlot(description: "centerEnd.y", key: .centerEnd, allowNegative: true) { $0.centerEnd!.y = $1 },
    ]

    /// All eight keys, as iOS 9 and later send them.
    static let fullPayload = KeyboardNotification(
        name: .willShow, frameBegin: KBRect(x: 0, y: 667, width: 375, height: 216), frameEnd: Fixtures.docked(375, 667, 216),
        bounds: KBSize(width: 375, height: 216), centerBegin: KBPoint(x: 187.5, y: 775), centerEnd: KBPoint(x: 187.5, y: 559),
        duration: 0.25, curve: 7, isLocal: true
    )

    @Test(arguments: notificationSlots)
    func everyNotificationValueIsCheckedAsTheRulesSay(slot: NotificationSlot) {
        Self.checkEveryBoundary(of: slot, in: Self.fullPayload) { n in
            var avoider = KeyboardAvoider()
            return avoider.received(n, in: Fixtures.layout(375, 667))
        }
    }

    @Test func durationsAreCheckedAsTheRulesSay() {
        for d in Self.specials + [60, 60.0.nextUp, 3600] {
            var n = Self.fullPayload
            n.duration = d
            var avoider = KeyboardAvoider()
            let action = avoider.received(n, in: Fixtures.layout(375, 667))
            let kind: InputProblem? = d > 60 && d.isFinite ? .absurdMagnitude : Self.expected(d, allowNegative: false)
            if let kind {
                #expect(action == .ignore(.invalid(.duration, kind)), "duration \(d)")
            } else if case .ignore(.invalid) = action {
                Issue.record("duration \(d) is valid, but the avoider says \(action)")
            }
        }
    }

    /// Absent keys pass, whatever the fast path puts in their place.
    @Test func absentKeysPass() {
        var avoider = KeyboardAvoider()
        let bare = KeyboardNotification(name: .willShow, frameEnd: Fixtures.docked(375, 667, 216))
        #expect(avoider.received(bare, in: Fixtures.layout(375, 667)).adjustment != nil)
    }

    /// Seed 20261123: the placement of a validated frame equals the general
    /// classification for random frames of non-negative size (zero sizes of
    /// both signs, edges exactly on the screen's edges, frames off every side).
    @Test func validatedPlacementEqualsTheGeneralOne() {
        var random = SeededGenerator(seed: 20_261_123)
        let screens = [KBSize(width: 375, height: 667), KBSize(width: 1024, height: 768), KBSize(width: 0, height: 0)]
        let edges: [Double] = [0, -0.0, 0.5, 216, 375, 451, 666.5, 667, 668, 768, -216, 1e9, -1e9]
        func value(_ sizes: Bool) -> Double {
            switch Int.random(in: 0..<3, using: &random) {
            case 0: return edges.randomElement(using: &random)!.magnitude * (sizes ? 1 : (Bool.random(using: &random) ? 1 : -1))
            case 1: return sizes ? -0.0 : Double.random(in: -1200...1200, using: &random)
            default: return sizes ? Double.random(in: 0...1200, using: &random) : Double.random(in: -1200...1200, using: &random).rounded()
            }
        }
        // The edges, exactly: half a point above the bottom is still docked;
        // a frame touching the screen along an edge covers nothing.
        let phone = KBSize(width: 375, height: 667)
        #expect(
            KeyboardPlacement(validatedFrame: KBRect(x: 0, y: 450.5, width: 375, height: 216), screen: phone)
                == .docked(KBRect(x: 0, y: 450.5, width: 375, height: 216)))
        #expect(
            KeyboardPlacement(validatedFrame: KBRect(x: 0, y: 450.4, width: 375, height: 216), screen: phone)
                == .floating(KBRect(x: 0, y: 450.4, width: 375, height: 216)))
        #expect(KeyboardPlacement(validatedFrame: KBRect(x: 0, y: 667, width: 375, height: 216), screen: phone) == .offScreen)
        #expect(KeyboardPlacement(validatedFrame: KBRect(x: 375, y: 451, width: 375, height: 216), screen: phone) == .offScreen)
        #expect(KeyboardPlacement(validatedFrame: KBRect(x: 0, y: 451, width: -0.0, height: 216), screen: phone) == .offScreen)
        for _ in 0..<20_000 {
            let screen = screens.randomElement(using: &random)!
            let frame = KBRect(x: value(false), y: value(false), width: value(true), height: value(true))
            #expect(
                KeyboardPlacement(validatedFrame: frame, screen: screen) == KeyboardPlacement(frame: frame, screen: screen), "\(frame) on \(screen)")
        }
    }
}

/// The overtaken announcements: exactly `capacity` remembered, the oldest
/// forgotten first, each held once.
@Suite("Overtaken announcements")
struct OvertakenAnnouncementsTests {
    static func frame(_ i: Int) -> Announcement { .frame(KBRect(x: 0, y: Double(100 + i), width: 375, height: 258)) }

    @Test func exactlyCapacityAreRememberedAndTheOldestGoesFirst() {
        var remembered = OvertakenAnnouncements()
        let n = OvertakenAnnouncements.capacity
        for i in 0...n { remembered.remember(Self.frame(i)) }
        #expect(!remembered.contains(Self.frame(0)), "the oldest of \(n + 1) is forgotten")
        for i in 1...n { #expect(remembered.contains(Self.frame(i)), "announcement \(i) of \(n + 1)") }
        #expect(KeyboardAvoider.rememberedOvertakenAnnouncements == n)
        #expect(!remembered.contains(.none))
    }

    /// Forgetting one announcement forgets that one only, in every slot,
    /// and forgetting one never remembered forgets nothing.
    @Test func removingForgetsExactlyTheOneNamed() {
        let n = OvertakenAnnouncements.capacity
        for slot in 0..<n {
            var remembered = OvertakenAnnouncements()
            for i in 0..<n { remembered.remember(Self.frame(i)) }
            remembered.remove(Self.frame(slot))
            for i in 0..<n { #expect(remembered.contains(Self.frame(i)) == (i != slot), "removed \(slot), asked \(i)") }
        }
        var full = OvertakenAnnouncements()
        for i in 0..<n { full.remember(Self.frame(i)) }
        full.remove(Self.frame(n + 5))
        for i in 0..<n { #expect(full.contains(Self.frame(i)), "a stranger's removal kept \(i)") }
    }

    @Test func rememberingAgainMovesToTheFrontWithoutACopy() {
        var remembered = OvertakenAnnouncements()
        let n = OvertakenAnnouncements.capacity
        for i in 0..<n { remembered.remember(Self.frame(i)) }
        remembered.remember(Self.frame(0))
        remembered.remember(Self.frame(n))
        #expect(remembered.contains(Self.frame(0)), "renewed, so not the oldest")
        #expect(!remembered.contains(Self.frame(1)), "now the oldest, forgotten")
        remembered.remove(Self.frame(0))
        #expect(!remembered.contains(Self.frame(0)), "held once, so one removal forgets it")
        // Renewed `capacity` times, it still takes one place: the one before
        // it stays.
        var renewed = OvertakenAnnouncements()
        renewed.remember(Self.frame(0))
        for _ in 0..<n { renewed.remember(Self.frame(1)) }
        #expect(renewed.contains(Self.frame(0)) && renewed.contains(Self.frame(1)))
    }
}
