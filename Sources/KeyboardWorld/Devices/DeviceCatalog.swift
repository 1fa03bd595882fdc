import KeyboardGeometry

/// The devices the simulator knows. Every number is cited in `sources`: a
/// key of docs/sources.md (`observed-heights`: heights printed from devices,
/// observations to model, not truths; `so-10749311`: the iPad's undocked and
/// split payloads), or "estimate" where no recording was available and the
/// value was scaled from a cited one. Replace estimates with recordings as
/// traces from real devices arrive.
public enum DeviceCatalog {
    // Keyboard heights shared by several phones.
    private static let classicPortrait = KeyboardHeights(standard: 216, quickType: 253)
    private static let classicLandscape = KeyboardHeights(standard: 162, quickType: 193)
    private static let faceIDLandscape = KeyboardHeights(standard: 171, quickType: 209)
    private static let notchSafePortrait = KBEdgeInsets(top: 44, bottom: 34)

    public static let all: [Device] = phones + pads

    static let phones: [Device] = [
        Device(
            name: "iphone4s", family: .phone, portraitSize: KBSize(width: 320, height: 480),
            portraitSafeArea: .zero, landscapeSafeArea: .zero,
            portraitKeyboard: classicPortrait, landscapeKeyboard: classicLandscape, systemVersions: 3...9,
            sources:
                "standard 216/162 and QuickType 253: observed-heights; landscape QuickType 193: estimate (standard + 31 pt bar); the 320×480 screen stands for the iPhone 3G/3GS of iPhone OS 3 too"
        ),
        Device(
            name: "iphone5", family: .phone, portraitSize: KBSize(width: 320, height: 568),
            portraitSafeArea: .zero, landscapeSafeArea: .zero,
            portraitKeyboard: classicPortrait, landscapeKeyboard: classicLandscape, systemVersions: 6...12,
            sources: "standard 216/162 and QuickType 253: observed-heights; landscape QuickType: estimate"
        ),
        Device(
            name: "iphone8", family: .phone, portraitSize: KBSize(width: 375, height: 667),
            portraitSafeArea: KBEdgeInsets(top: 20), landscapeSafeArea: .zero,
            portraitKeyboard: KeyboardHeights(standard: 216, quickType: 258), landscapeKeyboard: KeyboardHeights(standard: 162, quickType: 194),
            systemVersions: 8...16,
            sources:
                "standard 216/162: observed-heights; QuickType 258: observed-heights (253–271, and the third-party ~258); landscape QuickType: estimate; status bar 20 pt as the safe area's top"
        ),
        Device(
            name: "iphone8plus", family: .phone, portraitSize: KBSize(width: 414, height: 736),
            portraitSafeArea: KBEdgeInsets(top: 20), landscapeSafeArea: .zero,
            portraitKeyboard: KeyboardHeights(standard: 226, quickType: 271), landscapeKeyboard: KeyboardHeights(standard: 162, quickType: 194),
            systemVersions: 8...16,
            sources: "standard 226 and QuickType 271: observed-heights; landscape: estimate (as the 375-pt phones)"
        ),
        Device(
            name: "iphonex", family: .phone, portraitSize: KBSize(width: 375, height: 812),
            portraitSafeArea: notchSafePortrait, landscapeSafeArea: KBEdgeInsets(top: 0, left: 44, bottom: 21, right: 44),
            portraitKeyboard: KeyboardHeights(standard: 291, quickType: 333, quickTypeSince13: 335), landscapeKeyboard: faceIDLandscape,
            systemVersions: 11...16,
            sources:
                "QuickType 333 and 335, incl. the home indicator: observed-heights (which iOS version printed 335 is an estimate: 13 and later); standard 291: estimate (333 − 42 pt bar); landscape: estimate; safe areas 44/34 and 21: estimate from the sensor housing and home indicator"
        ),
        Device(
            name: "iphone-mini", family: .phone, portraitSize: KBSize(width: 375, height: 812),
            portraitSafeArea: KBEdgeInsets(top: 50, bottom: 34), landscapeSafeArea: KBEdgeInsets(top: 0, left: 50, bottom: 21, right: 50),
            portraitKeyboard: KeyboardHeights(standard: 291, quickType: 335), landscapeKeyboard: faceIDLandscape, systemVersions: 14...26,
            sources: "safe-area top 50: observed-heights; keyboard as the 812-pt phone (observed-heights), landscape: estimate"
        ),
        Device(
            name: "iphone12", family: .phone, portraitSize: KBSize(width: 390, height: 844),
            portraitSafeArea: KBEdgeInsets(top: 47, bottom: 34), landscapeSafeArea: KBEdgeInsets(top: 0, left: 47, bottom: 21, right: 47),
            portraitKeyboard: KeyboardHeights(standard: 291, quickType: 336), landscapeKeyboard: faceIDLandscape, systemVersions: 14...26,
            sources: "estimate, scaled from the 812-pt phone of observed-heights"
        ),
        Device(
            name: "iphone11", family: .phone, portraitSize: KBSize(width: 414, height: 896),
            portraitSafeArea: KBEdgeInsets(top: 48, bottom: 34), landscapeSafeArea: KBEdgeInsets(top: 0, left: 48, bottom: 21, right: 48),
            portraitKeyboard: KeyboardHeights(standard: 301, quickType: 346), landscapeKeyboard: faceIDLandscape, systemVersions: 12...26,
            sources: "keyboard 301 standard and 346 with QuickType: observed-heights; safe-area top 48 and landscape: estimate"
        ),
        Device(
            name: "iphone15", family: .phone, portraitSize: KBSize(width: 393, height: 852),
            portraitSafeArea: KBEdgeInsets(top: 59, bottom: 34), landscapeSafeArea: KBEdgeInsets(top: 0, left: 59, bottom: 21, right: 59),
            portraitKeyboard: KeyboardHeights(standard: 291, quickType: 336), landscapeKeyboard: faceIDLandscape, systemVersions: 16...26,
            sources: "safe-area top 59: observed-heights; keyboard: estimate, as the 390-pt phone"
        ),
        Device(
            name: "iphone16pro", family: .phone, portraitSize: KBSize(width: 402, height: 874),
            portraitSafeArea: KBEdgeInsets(top: 62, bottom: 34), landscapeSafeArea: KBEdgeInsets(top: 0, left: 62, bottom: 21, right: 62),
            portraitKeyboard: KeyboardHeights(standard: 291, quickType: 336), landscapeKeyboard: faceIDLandscape, systemVersions: 18...26,
            sources: "safe-area top 62: observed-heights; keyboard: estimate, as the 390-pt phone"
        ),
        Device(
            name: "iphone15promax", family: .phone, portraitSize: KBSize(width: 430, height: 932),
            portraitSafeArea: KBEdgeInsets(top: 59, bottom: 34), landscapeSafeArea: KBEdgeInsets(top: 0, left: 59, bottom: 21, right: 59),
            portraitKeyboard: KeyboardHeights(standard: 301, quickType: 346), landscapeKeyboard: faceIDLandscape, systemVersions: 17...26,
            sources: "safe-area top 59: observed-heights; keyboard: estimate, as the 414×896 phone"
        ),
        Device(
            name: "iphone16promax", family: .phone, portraitSize: KBSize(width: 440, height: 956),
            portraitSafeArea: KBEdgeInsets(top: 62, bottom: 34), landscapeSafeArea: KBEdgeInsets(top: 0, left: 62, bottom: 21, right: 62),
            portraitKeyboard: KeyboardHeights(standard: 301, quickType: 346), landscapeKeyboard: faceIDLandscape, systemVersions: 18...26,
            sources: "safe-area top 62: observed-heights; keyboard: estimate, as the 414×896 phone"
        ),
    ]

    static let pads: [Device] = [
        Device(
            name: "ipad", family: .pad, portraitSize: KBSize(width: 768, height: 1024),
            portraitSafeArea: KBEdgeInsets(top: 20), landscapeSafeArea: KBEdgeInsets(top: 20),
            portraitKeyboard: KeyboardHeights(standard: 264, quickType: 313, shortcutsBarVisible: 55, undocked: 304, split: 304),
            landscapeKeyboard: KeyboardHeights(standard: 352, quickType: 398, shortcutsBarVisible: 55, undocked: 352, split: 304),
            systemVersions: 5...17, splitKeyboard: true,
            sources:
                "standard 264/352 and the shortcuts bar's ~55 visible: observed-heights; undocked and split 304 in portrait: so-10749311; QuickType 313/398 and landscape undocked/split: estimate"
        ),
        Device(
            name: "ipad-10.2", family: .pad, portraitSize: KBSize(width: 810, height: 1080),
            portraitSafeArea: KBEdgeInsets(top: 20), landscapeSafeArea: KBEdgeInsets(top: 20),
            portraitKeyboard: KeyboardHeights(standard: 265, quickType: 320, shortcutsBarVisible: 55, undocked: 310, split: 310),
            landscapeKeyboard: KeyboardHeights(standard: 353, quickType: 405, shortcutsBarVisible: 55, undocked: 353, split: 310),
            systemVersions: 13...18, splitKeyboard: true,
            sources: "shortcuts bar ~55: observed-heights; heights: estimate, scaled from the 768-pt iPad"
        ),
        Device(
            name: "ipad-mini6", family: .pad, portraitSize: KBSize(width: 744, height: 1133),
            portraitSafeArea: KBEdgeInsets(top: 24, bottom: 20), landscapeSafeArea: KBEdgeInsets(top: 24, bottom: 20),
            portraitKeyboard: KeyboardHeights(standard: 265, quickType: 320, shortcutsBarVisible: 55),
            landscapeKeyboard: KeyboardHeights(standard: 353, quickType: 405, shortcutsBarVisible: 55),
            systemVersions: 15...26,
            sources: "shortcuts bar ~55: observed-heights; heights and safe areas: estimate"
        ),
        Device(
            name: "ipad-air", family: .pad, portraitSize: KBSize(width: 820, height: 1180),
            portraitSafeArea: KBEdgeInsets(top: 24, bottom: 20), landscapeSafeArea: KBEdgeInsets(top: 24, bottom: 20),
            portraitKeyboard: KeyboardHeights(standard: 265, quickType: 320, shortcutsBarVisible: 55),
            landscapeKeyboard: KeyboardHeights(standard: 353, quickType: 405, shortcutsBarVisible: 55),
            systemVersions: 14...26, stageManager: true,
            sources: "shortcuts bar ~55: observed-heights; heights and safe areas: estimate; Stage Manager: the M1 model"
        ),
        Device(
            name: "ipad-pro-11", family: .pad, portraitSize: KBSize(width: 834, height: 1194),
            portraitSafeArea: KBEdgeInsets(top: 24, bottom: 20), landscapeSafeArea: KBEdgeInsets(top: 24, bottom: 20),
            portraitKeyboard: KeyboardHeights(standard: 265, quickType: 320, shortcutsBarVisible: 55),
            landscapeKeyboard: KeyboardHeights(standard: 353, quickType: 405, shortcutsBarVisible: 55),
            systemVersions: 12...26, stageManager: true,
            sources: "shortcuts bar ~55: observed-heights; heights: estimate, scaled from the 768-pt iPad; Face ID: no split keyboard"
        ),
        Device(
            name: "ipad-pro-12.9", family: .pad, portraitSize: KBSize(width: 1024, height: 1366),
            portraitSafeArea: KBEdgeInsets(top: 24, bottom: 20), landscapeSafeArea: KBEdgeInsets(top: 24, bottom: 20),
            portraitKeyboard: KeyboardHeights(standard: 328, quickType: 378, shortcutsBarVisible: 55),
            landscapeKeyboard: KeyboardHeights(standard: 423, quickType: 471, shortcutsBarVisible: 55),
            systemVersions: 12...26, stageManager: true,
            sources: "shortcuts bar ~55: observed-heights; heights: estimate, scaled from the 768-pt iPad; Face ID: no split keyboard"
        ),
        Device(
            name: "ipad-pro-11-m4", family: .pad, portraitSize: KBSize(width: 834, height: 1210),
            portraitSafeArea: KBEdgeInsets(top: 24, bottom: 20), landscapeSafeArea: KBEdgeInsets(top: 24, bottom: 20),
            portraitKeyboard: KeyboardHeights(standard: 265, quickType: 320, shortcutsBarVisible: 55),
            landscapeKeyboard: KeyboardHeights(standard: 353, quickType: 405, shortcutsBarVisible: 55),
            systemVersions: 17...26, stageManager: true,
            sources: "shortcuts bar ~55: observed-heights; heights and safe areas: estimate; Face ID: no split keyboard"
        ),
        Device(
            name: "ipad-pro-13-m4", family: .pad, portraitSize: KBSize(width: 1032, height: 1376),
            portraitSafeArea: KBEdgeInsets(top: 24, bottom: 20), landscapeSafeArea: KBEdgeInsets(top: 24, bottom: 20),
            portraitKeyboard: KeyboardHeights(standard: 328, quickType: 378, shortcutsBarVisible: 55),
            landscapeKeyboard: KeyboardHeights(standard: 423, quickType: 471, shortcutsBarVisible: 55),
            systemVersions: 17...26, stageManager: true,
            sources: "shortcuts bar ~55: observed-heights; heights and safe areas: estimate; Face ID: no split keyboard"
        ),
    ]

    /// The device called `name`, or nil.
    public static func device(named name: String) -> Device? {
        all.first { $0.name == name }
    }

    /// The bottom of the safe area of the devices whose screen, held in
    /// `orientation`, is `screen`: the unsafe strip at the screen's bottom
    /// (34 pt on a portrait Face ID phone, 21 in landscape, 20 on a Face ID
    /// iPad, 0 on a device with a home button). Nil when no catalog device
    /// has that screen, or when two that do disagree, so a trace that does
    /// not name its device still gets the one answer its screen allows.
    package static func bottomSafeArea(screen: KBSize, orientation: InterfaceOrientation) -> Double? {
        screenStrips[ScreenHeld(screen: screen, orientation: orientation)]?.bottom
    }

    /// The smallest top of the safe area of the devices whose screen, held
    /// in `orientation`, is `screen` (the status bar's strip; 375 × 812 is
    /// both the iPhone X's, 44 pt, and the mini's, 50 pt, so 44), or nil when
    /// no catalog device has that screen.
    package static func topSafeArea(screen: KBSize, orientation: InterfaceOrientation) -> Double? {
        screenStrips[ScreenHeld(screen: screen, orientation: orientation)]?.top
    }

    /// A screen as held in one orientation.
    package struct ScreenHeld: Hashable {
        package var screen: KBSize
        package var orientation: InterfaceOrientation

        package init(screen: KBSize, orientation: InterfaceOrientation) {
            self.screen = screen
            self.orientation = orientation
        }
    }

    /// The strips of the catalog's screens, built once, so the lookups
    /// above cost a hash, not a walk of the catalog.
    private static let screenStrips = screenStrips(of: all)

    /// For every screen one of `devices` has, in every orientation: the
    /// smallest top of those devices' safe areas, and their bottom when they
    /// all agree on it (nil when two disagree).
    package static func screenStrips(of devices: [Device]) -> [ScreenHeld: (top: Double, bottom: Double?)] {
        var strips: [ScreenHeld: (top: Double, bottom: Double?)] = [:]
        for device in devices {
            for orientation in InterfaceOrientation.allCases {
                let held = ScreenHeld(screen: device.screen(orientation), orientation: orientation)
                let area = device.safeArea(orientation)
                if let seen = strips[held] {
                    // A bottom two devices disagree on stays unknown (nil).
                    strips[held] = (top: Swift.min(seen.top, area.top), bottom: seen.bottom == area.bottom ? seen.bottom : nil)
                } else {
                    strips[held] = (top: area.top, bottom: area.bottom)
                }
            }
        }
        return strips
    }
}
