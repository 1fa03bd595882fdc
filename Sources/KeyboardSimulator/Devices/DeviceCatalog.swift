import KeyboardGeometry

/// The devices the simulator knows. Every number is cited in `sources`:
/// a key of docs/sources.md ("observed-heights": heights printed from
/// devices, observations to model, not truths), or "estimate" where no
/// recording was available and the value was scaled from a cited one;
/// replace estimates with recordings as traces from real devices arrive.
public enum DeviceCatalog {
    public static let all: [Device] = [
        Device(
            name: "iphone4s", family: .phone, portraitSize: Size(width: 320, height: 480),
            portraitSafeArea: EdgeInsets(top: 20), landscapeSafeArea: .zero,
            portraitKeyboard: KeyboardHeights(standard: 216, quickType: 253, shortcutsBarVisible: 0, split: 0),
            landscapeKeyboard: KeyboardHeights(standard: 162, quickType: 193, shortcutsBarVisible: 0, split: 0),
            sources: "standard 216/162 and QuickType 253: observed-heights; landscape QuickType 193: estimate (standard + 31 pt bar); status bar 20 pt, hidden in landscape since iOS 8"
        ),
        Device(
            name: "iphone5", family: .phone, portraitSize: Size(width: 320, height: 568),
            portraitSafeArea: EdgeInsets(top: 20), landscapeSafeArea: .zero,
            portraitKeyboard: KeyboardHeights(standard: 216, quickType: 253, shortcutsBarVisible: 0, split: 0),
            landscapeKeyboard: KeyboardHeights(standard: 162, quickType: 193, shortcutsBarVisible: 0, split: 0),
            sources: "standard 216/162 and QuickType 253: observed-heights; landscape QuickType: estimate"
        ),
        Device(
            name: "iphone8", family: .phone, portraitSize: Size(width: 375, height: 667),
            portraitSafeArea: EdgeInsets(top: 20), landscapeSafeArea: .zero,
            portraitKeyboard: KeyboardHeights(standard: 216, quickType: 258, shortcutsBarVisible: 0, split: 0),
            landscapeKeyboard: KeyboardHeights(standard: 162, quickType: 194, shortcutsBarVisible: 0, split: 0),
            sources: "standard 216/162: observed-heights; QuickType 258: observed-heights (253–271, and the third-party ~258); landscape QuickType: estimate"
        ),
        Device(
            name: "iphone8plus", family: .phone, portraitSize: Size(width: 414, height: 736),
            portraitSafeArea: EdgeInsets(top: 20), landscapeSafeArea: .zero,
            portraitKeyboard: KeyboardHeights(standard: 226, quickType: 271, shortcutsBarVisible: 0, split: 0),
            landscapeKeyboard: KeyboardHeights(standard: 162, quickType: 194, shortcutsBarVisible: 0, split: 0),
            sources: "standard 226 and QuickType 271: observed-heights; landscape: estimate (as the 375-pt phones)"
        ),
        Device(
            name: "iphonex", family: .phone, portraitSize: Size(width: 375, height: 812),
            portraitSafeArea: EdgeInsets(top: 44, bottom: 34), landscapeSafeArea: EdgeInsets(top: 0, left: 44, bottom: 21, right: 44),
            portraitKeyboard: KeyboardHeights(standard: 291, quickType: 333, shortcutsBarVisible: 0, split: 0),
            landscapeKeyboard: KeyboardHeights(standard: 171, quickType: 209, shortcutsBarVisible: 0, split: 0),
            sources: "QuickType ~333 incl. home indicator: observed-heights; standard 291: estimate (333 − 42 pt bar); landscape: estimate; safe areas: estimate from the 44 pt sensor housing and 34/21 pt home indicator"
        ),
        Device(
            name: "iphone12", family: .phone, portraitSize: Size(width: 390, height: 844),
            portraitSafeArea: EdgeInsets(top: 47, bottom: 34), landscapeSafeArea: EdgeInsets(top: 0, left: 47, bottom: 21, right: 47),
            portraitKeyboard: KeyboardHeights(standard: 291, quickType: 336, shortcutsBarVisible: 0, split: 0),
            landscapeKeyboard: KeyboardHeights(standard: 171, quickType: 209, shortcutsBarVisible: 0, split: 0),
            sources: "estimate, scaled from the 812-pt phone of observed-heights"
        ),
        Device(
            name: "iphone15promax", family: .phone, portraitSize: Size(width: 430, height: 932),
            portraitSafeArea: EdgeInsets(top: 59, bottom: 34), landscapeSafeArea: EdgeInsets(top: 0, left: 59, bottom: 21, right: 59),
            portraitKeyboard: KeyboardHeights(standard: 301, quickType: 346, shortcutsBarVisible: 0, split: 0),
            landscapeKeyboard: KeyboardHeights(standard: 171, quickType: 209, shortcutsBarVisible: 0, split: 0),
            sources: "estimate, scaled from the 812-pt phone of observed-heights"
        ),
        Device(
            name: "ipad", family: .pad, portraitSize: Size(width: 768, height: 1024),
            portraitSafeArea: EdgeInsets(top: 20), landscapeSafeArea: EdgeInsets(top: 20),
            portraitKeyboard: KeyboardHeights(standard: 264, quickType: 313, shortcutsBarVisible: 55, split: 216),
            landscapeKeyboard: KeyboardHeights(standard: 352, quickType: 398, shortcutsBarVisible: 55, split: 216),
            sources: "standard 264/352 and shortcuts bar ~55 visible: observed-heights; QuickType and split: estimate"
        ),
        Device(
            name: "ipad-pro-11", family: .pad, portraitSize: Size(width: 834, height: 1194),
            portraitSafeArea: EdgeInsets(top: 24, bottom: 20), landscapeSafeArea: EdgeInsets(top: 24, bottom: 20),
            portraitKeyboard: KeyboardHeights(standard: 265, quickType: 320, shortcutsBarVisible: 55, split: 216),
            landscapeKeyboard: KeyboardHeights(standard: 353, quickType: 405, shortcutsBarVisible: 55, split: 216),
            sources: "shortcuts bar ~55: observed-heights; heights: estimate, scaled from the 768-pt iPad"
        ),
        Device(
            name: "ipad-pro-12.9", family: .pad, portraitSize: Size(width: 1024, height: 1366),
            portraitSafeArea: EdgeInsets(top: 24, bottom: 20), landscapeSafeArea: EdgeInsets(top: 24, bottom: 20),
            portraitKeyboard: KeyboardHeights(standard: 328, quickType: 378, shortcutsBarVisible: 55, split: 216),
            landscapeKeyboard: KeyboardHeights(standard: 423, quickType: 471, shortcutsBarVisible: 55, split: 216),
            sources: "shortcuts bar ~55: observed-heights; heights: estimate, scaled from the 768-pt iPad"
        ),
    ]

    /// The device called `name`, or nil.
    public static func device(named name: String) -> Device? {
        all.first { $0.name == name }
    }
}
