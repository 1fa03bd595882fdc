import KeyboardAvoidance
import KeyboardGeneration
import KeyboardGeometry
import KeyboardHarness
import KeyboardOracle
import KeyboardScenarios
import KeyboardStrategies
import KeyboardTrace
import KeyboardWorld
import Testing

/// The simulator sends nothing iOS could not send, and sends what iOS does
/// (docs/sources.md): one test per capability gate, one per behaviour, each
/// behaviour found in generated scenarios.
@Suite("Simulator fidelity")
struct SimulatorFidelityTests {
    /// The shootout's scenarios and more of the same seed, simulated once.
    static let generated: [(Scenario, Trace)] = (0..<3000).map {
        ScenarioGenerator.scenarioAndTrace(seed: 1, index: $0, adversarial: false)
    }

    static func notifications(_ t: Trace) -> [KeyboardNotification] {
        t.events.compactMap { if case .keyboard(let n) = $0.event { n } else { nil } }
    }

    /// True when some generated trace has a run of lines matching `match`.
    static func seen(_ match: (Scenario, Trace) -> Bool) -> Bool {
        generated.contains { match($0.0, $0.1) }
    }

    // MARK: Gates: nothing iOS could not send

    /// An undocked or split keyboard has a height only where the keyboard
    /// can undock or split (iPads): every other device's is 0, as the
    /// catalog documents, in both orientations.
    @Test func onlyKeyboardsThatSplitHaveASplitHeight() {
        for device in DeviceCatalog.all {
            for heights in [device.portraitKeyboard, device.landscapeKeyboard] {
                if !device.splitKeyboard { #expect(heights.split == 0, "\(device.name)") }
                if device.family == .phone { #expect(heights.undocked == 0 && heights.split == 0, "\(device.name)") }
            }
            if device.splitKeyboard { #expect(device.portraitKeyboard.split > 0 && device.landscapeKeyboard.split > 0, "\(device.name)") }
        }
    }

    @Test func faceIDiPadsHaveNoSplitOrUndockedKeyboard() {
        for device in DeviceCatalog.all where device.family == .pad && !device.splitKeyboard {
            var sim = ScenarioSimulator(
                Scenario(device: device, profile: .ipados, contentHeight: 2000, fields: [KBRect(x: 16, y: 100, width: 280, height: 44)], actions: []))
            _ = sim.perform(.focus(0))
            #expect(!sim.isValid(.undock) && !sim.isValid(.split), "\(device.name)")
            #expect(sim.isValid(.float), "\(device.name): the floating keyboard stays")
        }
        #expect(!Self.seen { s, _ in !s.device.splitKeyboard && s.actions.contains { $0 == .undock || $0 == .split || $0 == .undockFromMenu } })
    }

    @Test func noQuickTypeOrThirdPartyKeyboardsBeforeIOS8() {
        var sim = ScenarioSimulator(
            Scenario(
                device: DeviceCatalog.device(named: "iphone5")!, profile: .ios7, contentHeight: 2000,
                fields: [KBRect(x: 16, y: 100, width: 280, height: 44)], actions: []))
        #expect(sim.mode == .standard)
        _ = sim.perform(.focus(0))
        #expect(!sim.isValid(.changeInputMode(.quickType)) && !sim.isValid(.changeInputMode(.thirdParty)))
        #expect(sim.isValid(.changeInputMode(.emoji)))
        #expect(
            !Self.seen { s, _ in
                s.systemVersion < 8 && s.actions.contains { $0 == .changeInputMode(.quickType) || $0 == .changeInputMode(.thirdParty) }
            })
    }

    /// Stage Manager from iPadOS 16 on the iPads that run it; windowed apps
    /// on every iPad from iPadOS 26.
    @Test func noStageManagerOnTheOriginalIPadOrBeforeIPadOS16() {
        let ipad = DeviceCatalog.device(named: "ipad")!
        #expect(!WindowPlacement.stageManager.isAvailable(era: SystemEra(profile: .ipados, version: 17, family: .pad), device: ipad))
        let mini = DeviceCatalog.device(named: "ipad-mini6")!
        #expect(!WindowPlacement.stageManager.isAvailable(era: SystemEra(profile: .ipados, version: 25, family: .pad), device: mini))
        #expect(WindowPlacement.stageManager.isAvailable(era: SystemEra(profile: .ipados, version: 26, family: .pad), device: mini))
        let air = DeviceCatalog.device(named: "ipad-air")!
        #expect(!WindowPlacement.stageManager.isAvailable(era: SystemEra(profile: .ipados, version: 15, family: .pad), device: air))
        #expect(WindowPlacement.stageManager.isAvailable(era: SystemEra(profile: .ipados, version: 16, family: .pad), device: air))
        #expect(!Self.seen { s, _ in s.placement == .stageManager && s.systemVersion < 26 && (!s.device.stageManager || s.systemVersion < 16) })
        #expect(Self.seen { s, _ in s.placement == .stageManager && !s.device.stageManager }, "iPadOS 26's windows on an iPad without Stage Manager")
        #expect(!Self.seen { s, _ in [.slideOver, .splitView].contains(s.placement) && s.systemVersion < 9 })
    }

    @Test func noInputAccessoryBeforeIOS4OnIPhone() {
        // inputAccessoryView came with iPhone OS 3.2, on iPad only.
        var s = Scenario(
            device: DeviceCatalog.device(named: "iphone4s")!, profile: .iphoneos3, contentHeight: 2000,
            fields: [KBRect(x: 16, y: 100, width: 280, height: 44)], fieldKeyboards: [FieldKeyboard(accessoryHeight: 44)], actions: [.focus(0)]
        )
        let bounds = Self.notifications(ScenarioSimulator.trace(s)).compactMap(\.bounds)
        #expect(!bounds.isEmpty && bounds.allSatisfy { $0.height == 216 })
        s.profile = .ios7
        s.systemVersion = 5
        #expect(Self.notifications(ScenarioSimulator.trace(s)).contains { $0.frameEnd?.height == 260 })
        #expect(!Self.seen { s, _ in s.systemVersion < 4 && s.fieldKeyboards.contains { $0.accessoryHeight > 0 } })
    }

    /// On iOS 26 a field with an input accessory hides with the
    /// accessory's strip as its end frame, ending exactly at the screen's
    /// bottom: on screen, and labelled so. On iOS 18 the same dismiss ends
    /// below the screen, unlabelled.
    @Test(arguments: [(26, true), (18, false)])
    func aHideEndingAtTheScreensBottomIsOnScreen(version: Int, onScreen: Bool) {
        let s = Scenario(
            device: DeviceCatalog.device(named: "iphone16promax")!, profile: .ios13, systemVersion: version, contentHeight: 2000,
            fields: [KBRect(x: 16, y: 100, width: 280, height: 44)], fieldKeyboards: [FieldKeyboard(accessoryHeight: 44)], actions: [])
        var sim = ScenarioSimulator(s)
        _ = sim.perform(.focus(0))
        let ends = sim.perform(.dismiss).compactMap { if case .keyboard(let n) = $0.event, n.name.isHide { n.frameEnd } else { nil } }
        let bottom = s.device.screen(s.orientation).height
        #expect(!ends.isEmpty && ends.allSatisfy { onScreen ? $0.maxY == bottom : $0.minY >= bottom }, "iOS \(version): \(ends)")
        #expect(sim.features.contains(.hideReportsAFrameOnScreen) == onScreen, "iOS \(version)")
    }

    @Test func noTextViewIsTallerThanItsContent() {
        #expect(!Self.seen { s, _ in s.fields.contains { $0.height > s.contentHeight } })
    }

    @Test func noHardwareKeyboardOnIPhoneOS3AndNoReduceMotionBeforeIOS7() {
        let s = Scenario(
            device: DeviceCatalog.device(named: "iphone4s")!, profile: .iphoneos3, contentHeight: 900,
            fields: [KBRect(x: 16, y: 100, width: 280, height: 44)], actions: [])
        let sim = ScenarioSimulator(s)
        #expect(!sim.isValid(.attachHardwareKeyboard) && !sim.isValid(.reduceMotion(true)))
        var ios6 = s
        ios6.profile = .ios7
        ios6.systemVersion = 6
        #expect(!ScenarioSimulator(ios6).isValid(.reduceMotion(true)) && ScenarioSimulator(ios6).isValid(.attachHardwareKeyboard))
        #expect(!Self.seen { s, _ in s.systemVersion < 7 && s.actions.contains(.reduceMotion(true)) })
        #expect(!Self.seen { s, _ in s.profile == .iphoneos3 && s.actions.contains(.attachHardwareKeyboard) })
    }

    @Test func anotherAppsKeyboardOnlyBesideAnotherApp() {
        #expect(
            !Self.seen { s, _ in
                s.actions.contains(.keyboardFromElsewhere(shown: true, local: false))
                    && !([.slideOver, .splitView, .stageManager].contains(s.placement) && s.systemVersion >= 9)
            })
        #expect(Self.seen { s, _ in s.actions.contains(.keyboardFromElsewhere(shown: true, local: false)) })
    }

    // MARK: Behaviours: what iOS sends

    @Test func aFormSheetIsAViewInAWindowThatFillsTheScreen() throws {
        // iOS 8 to 12 send frames in the key window's space; a form sheet's
        // window is the whole screen, so the frame is the screen's, not the
        // sheet's; the scroll view sits inside the sheet in that window.
        let ipad = try #require(DeviceCatalog.device(named: "ipad-air"))
        let sheet = WindowPlacement.formSheet.viewFrame(on: ipad.screen(.portrait))
        let s = Scenario(
            device: ipad, profile: .ios8, systemVersion: 12, placement: .formSheet, topBar: 44, contentHeight: 1500,
            fields: [KBRect(x: 16, y: 500, width: 280, height: 44)], actions: [.focus(0)]
        )
        let trace = ScenarioSimulator.trace(s)
        #expect(trace.header.window == KBRect(origin: .zero, size: ipad.screen(.portrait)))
        #expect(trace.header.scrollView.frame == KBRect(x: sheet.minX, y: sheet.minY + 44, width: sheet.width, height: sheet.height - 44))
        let end = try #require(Self.notifications(trace).first { $0.name == .willShow }?.frameEnd)
        #expect(end.minX == 0 && end.maxY == ipad.screen(.portrait).height && end.width == ipad.screen(.portrait).width)
    }

    /// Every payload carries the Bounds and Center keys, in every era.
    @Test func everyPayloadCarriesBoundsAndCentres() {
        for (s, t) in Self.generated.prefix(600) {
            for n in Self.notifications(t) {
                #expect(n.bounds != nil && n.centerBegin != nil && n.centerEnd != nil, "\(s.profile.rawValue)")
            }
        }
    }

    @Test func aTextViewsFrameNotificationsSurroundItsFocus() {
        #expect(
            Self.seen { _, t in
                let codes = t.events.map { line -> String in
                    switch line.event {
                    case .focus: "f"
                    case .keyboard(let n):
                        n.name == .willChangeFrame
                            ? "a" : n.name == .willShow ? "b" : n.name == .didChangeFrame ? "c" : n.name == .didShow ? "d" : "x"
                    default: "x"
                    }
                }.joined()
                return codes.contains("abfcd")
            })
    }

    @Test func rotationsDidNotificationsCarryNoAnimationKeysAndTheirWillsDifferentBegins() {
        #expect(
            Self.seen { _, t in
                var afterLayout = false
                for line in t.events {
                    if case .layout(let c) = line.event, c.orientation != nil { afterLayout = true }
                    if afterLayout, case .keyboard(let n) = line.event, !n.name.isWill, n.name != .didHide {
                        return n.duration == nil && n.curve == nil
                    }
                }
                return false
            })
        #expect(
            Self.seen { _, t in
                let n = Self.notifications(t)
                return zip(n, n.dropFirst()).contains { a, b in
                    a.name == .willChangeFrame && b.name == .willShow && a.frameEnd == b.frameEnd && a.frameBegin != b.frameBegin
                }
            })
    }

    @Test func onlyIOS8iPadsSendTheRotationsShowPairTwice() {
        /// A rotation's layout followed at once by the same show sequence
        /// twice (names and payloads).
        func doubled(_ t: Trace) -> Bool {
            let show: [KeyboardNotification.Name] = [.willChangeFrame, .willShow, .didChangeFrame, .didShow]
            for i in t.events.indices {
                guard case .layout(let c) = t.events[i].event, c.orientation != nil else { continue }
                let n = t.events[(i + 1)...].prefix(8).compactMap { if case .keyboard(let n) = $0.event { n } else { nil } }
                if n.map(\.name) == show + show && Array(n.prefix(4)) == Array(n.suffix(4)) { return true }
            }
            return false
        }
        let withDouble = Self.generated.filter { doubled($0.1) }
        #expect(!withDouble.isEmpty)
        #expect(
            withDouble.allSatisfy { $0.0.device.family == .pad && $0.0.systemVersion == 8 },
            "\(withDouble.map { "\($0.0.device.name) \($0.0.systemVersion)" })")
    }

    @Test func anInputModeSwitchStartsWithAnImmediateFrameChangeThenTheUsualKeysAndMissingOnes() {
        #expect(
            Self.seen { _, t in
                let n = Self.notifications(t)
                return zip(n, n.dropFirst()).contains { a, b in
                    a.name == .willChangeFrame && a.duration == 0 && a.curve == 0 && b.name == .willShow && b.duration == 0.25 && b.curve == 7
                        && a.frameEnd == b.frameEnd
                }
            })
        #expect(Self.seen { _, t in Self.notifications(t).contains { $0.name == .didChangeFrame && $0.duration == nil && $0.frameEnd != nil } })
    }

    @Test func beginAndEndSizesCanDifferWithinOneShow() {
        #expect(
            Self.seen { _, t in
                Self.notifications(t).contains { n in
                    guard n.name == .willShow, let b = n.frameBegin, let e = n.frameEnd else { return false }
                    return b.height > 0 && b.height != e.height && b.minY >= e.maxY - 0.5
                }
            })
    }

    @Test func reduceMotionHidesEndOnAnOffScreenStripOrAnEmptyRect() {
        #expect(Self.seen { _, t in Self.notifications(t).contains { $0.name == .willHide && $0.frameEnd?.height == 71 } })
        #expect(Self.seen { _, t in Self.notifications(t).contains { $0.name == .willHide && $0.frameEnd == .zero } })
    }

    @Test func thirdPartyKeyboardsPairAFrameChangeWithEachOfTheirThreeShows() {
        #expect(Self.seen { s, _ in s.actions.contains(.changeInputMode(.thirdParty)) })
        #expect(
            Self.seen { _, t in
                let names = Self.notifications(t).map(\.name)
                let pair: [KeyboardNotification.Name] = [.willChangeFrame, .willShow]
                let six = pair + pair + pair
                return names.indices.contains { i in i + 6 <= names.count && Array(names[i..<i + 6]) == six }
            })
    }

    @Test func iOS5And6PrintCurveZero() {
        #expect(Self.seen { s, t in s.systemVersion < 7 && s.profile == .ios7 && Self.notifications(t).contains { $0.curve == 0 } })
        #expect(
            !Self.seen { s, t in
                s.systemVersion >= 7 && Self.notifications(t).contains { $0.curve == 0 && $0.name == .willShow && $0.duration == 0.25 }
            })
    }

    @Test func undockedKeyboardsSurviveADismissAndComeBackWithFrameChangesOnly() {
        #expect(
            Self.seen { _, t in
                let events = t.events.map(\.event)
                return events.indices.contains { i in
                    guard case .focus = events[i], i + 2 < events.count, case .keyboard(let a) = events[i + 1], case .keyboard(let b) = events[i + 2]
                    else { return false }
                    guard a.name == .willChangeFrame, b.name == .didChangeFrame, let e = a.frameEnd else { return false }
                    return e.minY > 0
                        && !events[(i + 1)...].prefix(4).contains { if case .keyboard(let n) = $0 { n.name == .willShow } else { false } }
                }
            })
        #expect(
            Self.seen { _, t in
                let n = Self.notifications(t)
                return zip(n, n.dropFirst()).contains { a, b in
                    a.name == .willHide && b.name == .didHide && (a.frameBegin.map { $0.minY > 0 && $0.height == 304 } ?? false)
                }
            })
    }

    @Test func theFloatingKeyboardMovesAndItsHeightChanges() {
        #expect(
            Self.seen { s, t in
                s.actions.contains(.moveFloating)
                    && Set(
                        Self.notifications(t).filter { $0.name == .didChangeFrame && ($0.frameEnd?.width ?? 0) == 320 }.compactMap {
                            $0.frameEnd?.height
                        }
                    ).count >= 2
            })
    }

    @Test func undockingFromTheMenuReportsMinus264ThenTheRealFrame() {
        #expect(
            Self.seen { s, t in
                s.profile == .ios7
                    && Self.notifications(t).contains { n in
                        n.name == .willChangeFrame && n.curve == 0 && (n.frameEnd.map { $0.minY == -264 || $0.minX == -264 } ?? false)
                    }
            })
    }

    @Test func aFormSheetKeepsItsKeyboardAfterResign() {
        #expect(
            Self.seen { s, t in
                guard s.keepsKeyboardAfterResign else { return false }
                return t.events.indices.contains { i in
                    t.events[i].event == .blur && t.events[i].truth?.frame != nil
                        && (i + 1 == t.events.count || !{ if case .keyboard(let n) = t.events[i + 1].event { n.name.isHide } else { false } }())
                }
            })
    }

    @Test func aFocusSwitchToAnotherKeyboardChangesTheHeight() {
        #expect(
            Self.seen { _, t in
                let events = t.events
                return events.indices.dropFirst().contains { i in
                    guard case .focus = events[i].event, events[i - 1].truth?.frame != nil, i + 1 < events.count,
                        case .keyboard(let n) = events[i + 1].event, n.name == .willChangeFrame, let b = n.frameBegin, let e = n.frameEnd
                    else { return false }
                    return b.height != e.height && b.maxY >= e.maxY - 0.5 && b.minY < e.maxY
                }
            })
    }

    @Test func iOS11SwitchesFocusSilently() {
        #expect(
            Self.seen { s, t in
                guard s.systemVersion == 11 else { return false }
                return t.events.indices.dropFirst().contains { i in
                    guard case .focus = t.events[i].event, t.events[i - 1].truth?.frame != nil else { return false }
                    return i + 1 == t.events.count || { if case .keyboard = t.events[i + 1].event { false } else { true } }()
                }
            })
    }

    @Test func anInputModeCanChangeWithNoNotification() {
        #expect(Self.seen { s, _ in s.actions.contains { if case .silentInputModeChange = $0 { true } else { false } } })
    }

    @Test func interactiveDismissalHidesBeforeTheFieldResigns() {
        #expect(
            Self.seen { _, t in
                t.events.indices.dropFirst().contains { i in
                    guard t.events[i].event == .blur, case .keyboard(let n) = t.events[i - 1].event else { return false }
                    return n.name == .didHide
                }
            })
    }

    @Test func backgroundingHidesAndForegroundingShowsAgain() {
        #expect(Self.seen { s, _ in s.actions.contains(.background) && s.actions.contains(.foreground) })
    }

    @Test func iOS26HidesReportTheAccessorysHeightOnScreen() {
        #expect(
            Self.seen { s, t in
                s.systemVersion >= 26
                    && t.events.contains { line in
                        guard case .keyboard(let n) = line.event, n.name == .willHide, let e = n.frameEnd else { return false }
                        return e.height == FieldKeyboard.toolbarHeight && line.truth == .hidden
                    }
            })
    }

    @Test func beforeIOS13iPadFramesAreInTheKeyWindowsSpace() {
        #expect(
            Self.seen { s, t in
                s.profile == .ios8 && s.placement == .slideOver && Self.notifications(t).contains { ($0.frameEnd?.minX ?? 0) < 0 }
            })
    }

    @Test func everyProfileAndTheNewDevicesAreGenerated() {
        for p in TraceProfile.allCases { #expect(Self.seen { s, _ in s.profile == p }, "\(p.rawValue)") }
        for name in [
            "iphone15", "iphone16pro", "iphone16promax", "iphone11", "iphone-mini", "ipad-mini6", "ipad-air", "ipad-10.2", "ipad-pro-11-m4",
            "ipad-pro-13-m4",
        ] {
            #expect(Self.seen { s, _ in s.device.name == name }, "\(name)")
        }
        #expect(Self.seen { s, _ in s.systemVersion == 26 })
    }

    // MARK: The catalog

    @Test func theCatalogsFixedHeights() throws {
        let ipad = try #require(DeviceCatalog.device(named: "ipad"))
        #expect(
            ipad.keyboardHeight(.undocked, .portrait, version: 9) == 304 && ipad.keyboardHeight(.split, .portrait, version: 9) == 304,
            "the real payload")
        #expect(ipad.keyboardHeight(.standard, .portrait, version: 7) == 264)
        #expect(
            ipad.keyboardHeight(.standard, .portrait, version: 9) == ipad.keyboardHeight(.quickType, .portrait, version: 9),
            "the shortcuts bar stays with predictive off")
        let x = try #require(DeviceCatalog.device(named: "iphonex"))
        #expect(x.keyboardHeight(.quickType, .portrait, version: 11) == 333 && x.keyboardHeight(.quickType, .portrait, version: 13) == 335)
        let eleven = try #require(DeviceCatalog.device(named: "iphone11"))
        #expect(eleven.keyboardHeight(.standard, .portrait, version: 13) == 301 && eleven.keyboardHeight(.quickType, .portrait, version: 13) == 346)
        #expect(DeviceCatalog.device(named: "iphone-mini")?.portraitSafeArea.top == 50)
        #expect(
            DeviceCatalog.device(named: "iphone15")?.portraitSafeArea.top == 59
                && DeviceCatalog.device(named: "iphone16promax")?.portraitSafeArea.top == 62)
    }

    /// The screen's strips a trace without a device name gets: the
    /// smallest top of the devices with that screen (375 × 812 is the
    /// iPhone X's, 44, and the mini's, 50), their bottom where they agree,
    /// nil for a screen no device has.
    @Test func aScreensSafeAreaStripsComeFromTheDevicesThatHaveIt() throws {
        let tall = KBSize(width: 375, height: 812)
        #expect(DeviceCatalog.topSafeArea(screen: tall, orientation: .portrait) == 44)
        #expect(DeviceCatalog.bottomSafeArea(screen: tall, orientation: .portrait) == 34)
        #expect(DeviceCatalog.bottomSafeArea(screen: tall.transposed, orientation: .landscapeLeft) == 21)
        #expect(DeviceCatalog.topSafeArea(screen: tall.transposed, orientation: .landscapeRight) == 0)
        #expect(DeviceCatalog.topSafeArea(screen: tall, orientation: .portraitUpsideDown) == 34, "upside down swaps top and bottom")
        #expect(DeviceCatalog.bottomSafeArea(screen: KBSize(width: 768, height: 1024), orientation: .portrait) == 0)
        #expect(DeviceCatalog.topSafeArea(screen: tall, orientation: .landscapeLeft) == nil, "a portrait screen held in landscape is no device's")
        #expect(DeviceCatalog.bottomSafeArea(screen: KBSize(width: 500, height: 500), orientation: .portrait) == nil)
        for device in DeviceCatalog.all {
            for orientation in InterfaceOrientation.allCases {
                let screen = device.screen(orientation)
                let top = try #require(DeviceCatalog.topSafeArea(screen: screen, orientation: orientation))
                #expect(top <= device.safeArea(orientation).top, "\(device.name) \(orientation)")
            }
        }
        // Two devices with one screen that disagree on the bottom: unknown.
        let x = try #require(DeviceCatalog.device(named: "iphonex"))
        var other = x
        other.portraitSafeArea.bottom = 20
        let strips = DeviceCatalog.screenStrips(of: [x, other, x])
        #expect(strips[.init(screen: tall, orientation: .portrait)]?.bottom == nil)
        #expect(DeviceCatalog.screenStrips(of: [x, other])[.init(screen: tall, orientation: .portrait)]?.bottom == nil)
        #expect(strips[.init(screen: tall, orientation: .portrait)]?.top == 44)
        #expect(strips[.init(screen: tall.transposed, orientation: .landscapeLeft)]?.bottom == 21, "they agree in landscape")
    }

    /// Every number is sourced (a key of docs/sources.md) or marked as an
    /// estimate.
    @Test func everyDeviceCitesASourceOrAnEstimate() {
        for d in DeviceCatalog.all {
            #expect(["observed-heights", "so-10749311", "estimate"].contains { d.sources.contains($0) }, "\(d.name)")
        }
    }

    // MARK: Truth

    /// Every generated trace is one iOS could send: at rest, what the app
    /// was told is where the keyboard is, and no rule of what iOS sends is broken
    /// (the shrinker keeps only such candidates).
    @Test(arguments: [(UInt64(1), false), (UInt64(7), true), (UInt64(20_261_122), true)])
    func generatedTracesArePossible(seed: UInt64, adversarial: Bool) {
        for index in 0..<800 {
            let t = ScenarioGenerator.scenarioAndTrace(seed: seed, index: index, adversarial: adversarial).1
            if !t.isPossible {
                Issue.record("seed \(seed) scenario \(index): \(t.impossibilities)")
                return
            }
        }
    }

    @Test func everyGeneratedEventCarriesItsTruth() {
        #expect(Self.generated.prefix(300).allSatisfy { $0.1.events.allSatisfy { $0.truth != nil } })
    }

    /// The truth survives a write and a read.
    @Test func truthRoundTrips() throws {
        let t = Self.generated[7].1
        #expect(try TraceReader.read(TraceWriter.text(t), file: "t") == t)
    }
}
