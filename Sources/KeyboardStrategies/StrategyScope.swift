import KeyboardAvoidance
import KeyboardAvoidanceSwiftUI
import KeyboardGeometry
import KeyboardOracle
import KeyboardScenarios
import KeyboardTrace
import KeyboardWorld

/// Where a strategy's authors meant it to run: the eras, the device
/// families, and the layout its code takes for granted. The shootout judges
/// each strategy only on the scenarios in its scope (``Shootout``), so a
/// 2009 recipe is not blamed for iOS 17, nor a library for the iOS it does
/// not support.
///
/// A scope is read from a trace (its header, and for the keyboard
/// assumptions its events), so a replay can say whether a trace is in scope
/// as well as the shootout can.
public struct StrategyScope: Hashable, Sendable {
    /// The eras, by trace profile.
    public var profiles: Set<TraceProfile>
    /// The first iOS the code runs on (an API's introduction), or nil for
    /// every system of its profiles. A trace is judged by the system it
    /// says, or, when it says none, by its profile's earliest.
    public var minimumSystemVersion: Int?
    /// The device families.
    public var families: Set<Device.Family>
    /// What the code assumes of the layout.
    public var assumptions: [LayoutAssumption]
    /// What the code assumes of the keyboard, read from a trace's events.
    public var keyboard: [KeyboardAssumption]
    /// The screens it serves (``ScreenKind``, read from a trace's header):
    /// both by default, since the recipes apps copy run on a chat screen
    /// as written (an inset from the keyboard's frame, a frame pinned to a
    /// guide); a strategy that cannot be handed a composer serves screens
    /// of fields only.
    public var screens: Set<ScreenKind>

    public init(
        profiles: Set<TraceProfile>, minimumSystemVersion: Int? = nil, families: Set<Device.Family> = [.phone, .pad],
        assumptions: [LayoutAssumption] = [], keyboard: [KeyboardAssumption] = [], screens: Set<ScreenKind> = Set(ScreenKind.allCases)
    ) {
        self.profiles = profiles
        self.minimumSystemVersion = minimumSystemVersion
        self.families = families
        self.assumptions = assumptions
        self.keyboard = keyboard
        self.screens = screens
    }

    /// The screens a campaign or a benchmark of the strategy draws unless
    /// told otherwise: screens of fields where it serves them, else chat
    /// screens.
    public var defaultScreens: ScreenKind { screens.contains(.fields) ? .fields : .chat }

    /// Every trace: the engine's scope.
    public static let everything = StrategyScope(profiles: Set(TraceProfile.allCases))

    /// The reasons `header` is outside the scope, in the order the scope
    /// lists its terms; empty when it is inside.
    public func exclusions(_ header: TraceHeader) -> [String] {
        var out: [String] = []
        if !profiles.contains(header.profile) { out.append("era \(header.profile.rawValue)") }
        if let minimum = minimumSystemVersion, Self.systemVersion(of: header) < minimum {
            out.append("iOS \(Self.systemVersion(of: header)), before iOS \(minimum)")
        }
        let family = Self.family(of: header.screen)
        if !families.contains(family) { out.append("an \(family == .pad ? "iPad" : "iPhone")") }
        let screen = ScreenKind(of: header)
        if !screens.contains(screen) { out.append(screen == .chat ? "a chat screen" : "a screen of fields") }
        for a in assumptions where !a.holds(in: header) { out.append(a.violation) }
        return out
    }

    /// True when `header` is inside the scope, as far as a header can
    /// tell: the keyboard assumptions need the events (``admits(_:)-trace``).
    public func admits(_ header: TraceHeader) -> Bool {
        exclusions(header).isEmpty
    }

    /// The reasons `trace` is outside the scope: its header's, then the
    /// layout assumptions a later layout breaks, then the keyboard
    /// assumptions its events break; empty when it is inside.
    public func exclusions(_ trace: Trace) -> [String] {
        let later = assumptions.filter { $0.holds(in: trace.header) && !$0.holdsThroughout(trace) }.map(\.violation)
        return exclusions(trace.header) + later + keyboard.filter { !$0.holds(in: trace) }.map(\.violation)
    }

    /// True when `trace` is inside the scope: what the shootout, a fuzz
    /// campaign and a replay judge by.
    public func admits(_ trace: Trace) -> Bool {
        exclusions(trace).isEmpty
    }

    /// The system a trace runs on: the one it says, or its profile's
    /// earliest.
    public static func systemVersion(of header: TraceHeader) -> Int { header.systemVersion ?? header.profile.systemVersions.lowerBound }

    /// The family a screen belongs to (``Device/Family/init(screen:)``).
    public static func family(of screen: KBSize) -> Device.Family { Device.Family(screen: screen) }

    /// The scope in words, for `--help`, reports and the README.
    public var summary: String {
        if self == .everything { return "every scenario" }
        var eras = TraceProfile.allCases.filter(profiles.contains).map(\.eraName).joined(separator: ", ")
        if let minimum = minimumSystemVersion { eras += ", from iOS \(minimum)" }
        let devices = families.count == 2 ? "iPhone and iPad" : families.contains(.pad) ? "iPad" : "iPhone"
        let served = ScreenKind.allCases.filter(screens.contains)
        let kinds =
            served.count == ScreenKind.allCases.count
            ? [] : [served.map { $0 == .chat ? "chat screens" : "screens of fields" }.joined(separator: " and ")]
        return ([eras, devices] + assumptions.map(\.summary) + keyboard.map(\.summary) + kinds).joined(separator: "; ")
    }
}

/// A layout a strategy's code takes for granted.
public enum LayoutAssumption: String, Hashable, Sendable, CaseIterable {
    /// The app's window fills the screen (no Slide Over, Split View or
    /// Stage Manager window).
    case fullScreenWindow
    /// The scroll view is the view controller's whole view: its frame is the
    /// window's bounds.
    case scrollViewIsTheView
    /// The scroll view's bottom edge is the screen's bottom edge.
    case flushWithScreenBottom
    /// The app sets no content inset of its own (no bars over the content).
    case noInsetsOfItsOwn
    /// The app sets no bottom content inset of its own, at the start or
    /// later: a library that owns the bottom inset (MessageKit's, which an
    /// app adds to through its own property) is the only one to set it.
    case noBottomInsetOfItsOwn
    /// The scroll view gets no inset from a safe area: safe areas, and the
    /// automatic inset adjustment that adds them, arrived with iOS 11 and
    /// the iPhone X, after the recipes written for iOS 7 (the iOS 8–12
    /// profile holds iOS 8–10 only where no safe area contributes).
    case noSafeAreaContribution
    /// The scroll view's bottom can be pinned to the keyboard layout guide's
    /// top: it ends at or above the safe area's bottom, where the guide
    /// rests; or, from iOS 17, below it, the guide resting at the view's
    /// bottom (`usesBottomSafeArea` off). Before iOS 17 a scroll view that
    /// reaches into the home indicator's strip is laid out some other way.
    case pinnableToTheKeyboardLayoutGuide
    /// A chat screen's transcript can be pinned to its composer's top: it
    /// ends at or above the top of the composer on its resting line, and
    /// the composer keeps one height (a bar that grows would move a pinned
    /// transcript's own frame, which the model's chat screens keep). Holds
    /// of every screen of fields.
    case transcriptPinnableToTheComposer
    /// A chat screen's composer rests where a SwiftUI overlay at the scroll
    /// view's bottom puts it: on the scroll view's bottom edge less its
    /// bottom safe-area inset (the modifier's resting line). Holds of
    /// every screen of fields.
    case composerOnTheScrollViewsSafeArea

    /// True when the header's layout satisfies the assumption.
    public func holds(in h: TraceHeader) -> Bool {
        let screen = KBRect(origin: .zero, size: h.screen)
        switch self {
        case .fullScreenWindow:
            return h.window == screen
        case .scrollViewIsTheView:
            return h.scrollView.frame == KBRect(origin: .zero, size: h.window.size)
        case .flushWithScreenBottom:
            return h.window.minY + h.scrollView.frame.maxY == h.screen.height
        case .noInsetsOfItsOwn:
            return h.scrollView.contentInset == .zero
        case .noBottomInsetOfItsOwn:
            return h.scrollView.contentInset.bottom == 0
        case .noSafeAreaContribution:
            return h.scrollView.safeAreaContribution == .zero
        case .pinnableToTheKeyboardLayoutGuide:
            return LayoutGuideApp.pin(in: SimulatedWorld(trace: Trace(header: h, events: []))) != nil
        case .transcriptPinnableToTheComposer:
            guard h.composer != nil else { return true }
            return KeyboardLayoutGuideTranscriptStrategy.pin(in: SimulatedWorld(trace: Trace(header: h, events: []))) != nil
        case .composerOnTheScrollViewsSafeArea:
            guard let composer = h.composer else { return true }
            return composer.restingInset == Self.swiftUIRestingInset(window: h.window, scrollView: h.scrollView)
        }
    }

    /// True when every layout `trace` goes through satisfies the
    /// assumption, not its header's alone. The guide's pin can break after
    /// the start: a rotation can bring a home indicator's strip under a
    /// scroll view that reached the screen's bottom, a layout the pin
    /// cannot give before iOS 17. So can a bottom inset of the app's own,
    /// which a layout can set, and a layout that moves a transcript or its
    /// composer's resting line, or grows the composer. The others hold of
    /// the app's layout, which a layout change keeps.
    func holdsThroughout(_ trace: Trace) -> Bool {
        switch self {
        case .fullScreenWindow, .scrollViewIsTheView, .flushWithScreenBottom, .noInsetsOfItsOwn, .noSafeAreaContribution:
            return true
        case .noBottomInsetOfItsOwn:
            return !trace.events.contains { line in
                if case .layout(let change) = line.event, let inset = change.contentInset { inset.bottom != 0 } else { false }
            }
        case .pinnableToTheKeyboardLayoutGuide:
            return Self.everyLayout(of: trace) { LayoutGuideApp.pin(in: $0) != nil }
        case .transcriptPinnableToTheComposer:
            guard let height = trace.header.composer?.height else { return true }
            return Self.everyLayout(of: trace) { $0.composer?.height == height && KeyboardLayoutGuideTranscriptStrategy.pin(in: $0) != nil }
        case .composerOnTheScrollViewsSafeArea:
            guard trace.header.composer != nil else { return true }
            return Self.everyLayout(of: trace) { world in
                world.composer.map { $0.restingInset == Self.swiftUIRestingInset(window: world.window, scrollView: world.ownScrollView) }
                    ?? true
            }
        }
    }

    /// Where the SwiftUI modifier rests a composer over `scrollView` in
    /// `window` (``SwiftUIScrollLayout/restingInset(windowHeight:frameInWindow:bottomSafeArea:)``).
    private static func swiftUIRestingInset(window: KBRect, scrollView: ScrollViewState) -> Double {
        SwiftUIScrollLayout.restingInset(windowHeight: window.height, frameInWindow: scrollView.frame, bottomSafeArea: scrollView.safeArea.bottom)
    }

    /// Whether the world after each `layout` event of `trace` satisfies
    /// `holds`; true of a trace without one (nothing is replayed then).
    private static func everyLayout(of trace: Trace, _ holds: (SimulatedWorld) -> Bool) -> Bool {
        guard trace.events.contains(where: { if case .layout = $0.event { true } else { false } }) else { return true }
        var replay = WorldReplay(trace)
        while let line = replay.advance() {
            if case .layout = line.event, !holds(replay.world) { return false }
        }
        return true
    }

    /// The assumption in words.
    public var summary: String {
        switch self {
        case .fullScreenWindow: "a full-screen window"
        case .scrollViewIsTheView: "the scroll view is the view controller's view"
        case .flushWithScreenBottom: "the scroll view reaches the screen's bottom"
        case .noInsetsOfItsOwn: "no content inset of the app's own"
        case .noBottomInsetOfItsOwn: "no bottom content inset of the app's own"
        case .noSafeAreaContribution: "no inset from a safe area (before iOS 11)"
        case .pinnableToTheKeyboardLayoutGuide: "the scroll view's bottom pinned to the keyboard layout guide"
        case .transcriptPinnableToTheComposer: "a transcript that ends above its composer, of one height"
        case .composerOnTheScrollViewsSafeArea: "a composer resting on the transcript's bottom safe area"
        }
    }

    /// What a header that breaks the assumption has, in words.
    var violation: String {
        switch self {
        case .fullScreenWindow: "a window smaller than the screen"
        case .scrollViewIsTheView: "a scroll view that is not the whole view"
        case .flushWithScreenBottom: "a scroll view that stops above the screen's bottom"
        case .noInsetsOfItsOwn: "a content inset of the app's own"
        case .noBottomInsetOfItsOwn: "a bottom content inset of the app's own"
        case .noSafeAreaContribution: "an inset from a safe area (iOS 11 and later)"
        case .pinnableToTheKeyboardLayoutGuide: "a scroll view reaching below the safe area before iOS 17"
        case .transcriptPinnableToTheComposer: "a transcript reaching under its composer, or a composer that grows"
        case .composerOnTheScrollViewsSafeArea: "a composer resting off the transcript's bottom safe area"
        }
    }
}

/// What a strategy's code takes for granted about the keyboard: read from a
/// trace's events, through the keyboard's truth (where the iOS of the
/// simulation put it), so a trace without truth (hand-written, imported)
/// breaks none.
public enum KeyboardAssumption: String, Hashable, Sendable, CaseIterable {
    /// The keyboard is docked whenever it shows: it reaches the screen's
    /// bottom edge, never undocked, split or floating.
    case docked

    /// True when no event of `trace` breaks the assumption.
    public func holds(in trace: Trace) -> Bool {
        switch self {
        case .docked:
            var screen = trace.header.screen
            for line in trace.events {
                if case .layout(let change) = line.event, let s = change.screen { screen = s }
                if let frame = line.truth?.frame, !KeyboardPlacement.reachesBottomEdge(frame, screen: screen) { return false }
            }
            return true
        }
    }

    /// The assumption in words.
    public var summary: String {
        switch self {
        case .docked: "a docked keyboard (never undocked, split or floating)"
        }
    }

    /// What a trace that breaks the assumption has, in words.
    var violation: String {
        switch self {
        case .docked: "an undocked, split or floating keyboard"
        }
    }
}

extension TraceProfile {
    /// The era in words.
    var eraName: String {
        switch self {
        case .iphoneos3: "iPhone OS 3"
        case .ios7: "iOS 5-7"
        case .ios8: "iOS 8-12"
        case .ios13: "iOS 13+ (iPhone)"
        case .ipados: "iPadOS 13+"
        }
    }
}
