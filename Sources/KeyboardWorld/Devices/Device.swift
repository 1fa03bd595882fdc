import KeyboardGeometry

/// A device the simulator models: its screen, its safe areas, the keyboard
/// heights observed on it, the systems it ran and what its keyboard can do.
public struct Device: Hashable, Sendable, CustomStringConvertible {
    public enum Family: String, Hashable, Sendable {
        case phone
        case pad

        /// The family a screen (in either orientation) belongs to, by its
        /// short side: 700 pt or more is a pad, anything shorter a phone.
        /// iPads' short side is 744 pt or more, phones' at most 440 pt (see
        /// ``DeviceCatalog``); 700 only decides screens no device has, such
        /// as a hand-written trace's.
        public init(screen: KBSize) {
            self = Swift.min(screen.width, screen.height) >= 700 ? .pad : .phone
        }
    }

    /// A short name (`iphone8`, `ipad-pro-12.9`).
    public var name: String
    public var family: Family
    /// The screen in portrait, in points.
    public var portraitSize: KBSize
    /// The safe area in portrait and in landscape (landscape is given for
    /// landscapeLeft; landscapeRight mirrors left and right). Used from iOS
    /// 11, which introduced safe areas.
    public var portraitSafeArea: KBEdgeInsets
    public var landscapeSafeArea: KBEdgeInsets
    /// Keyboard heights in portrait and landscape, including any
    /// home-indicator strip the keyboard covers.
    public var portraitKeyboard: KeyboardHeights
    public var landscapeKeyboard: KeyboardHeights
    /// The major system versions the device ran.
    public var systemVersions: ClosedRange<Int>
    /// iPad only: whether the keyboard can undock and split. Apple removed
    /// both on the Face ID iPads in 2018; the iPads without a home button
    /// are modelled the same way (estimate).
    public var splitKeyboard: Bool
    /// iPad only: whether Stage Manager runs on it (iPadOS 16 and later).
    public var stageManager: Bool
    /// Where each number comes from: keys of docs/sources.md, or "estimate".
    public var sources: String

    public init(
        name: String, family: Family, portraitSize: KBSize, portraitSafeArea: KBEdgeInsets, landscapeSafeArea: KBEdgeInsets,
        portraitKeyboard: KeyboardHeights, landscapeKeyboard: KeyboardHeights, systemVersions: ClosedRange<Int>,
        splitKeyboard: Bool = false, stageManager: Bool = false, sources: String
    ) {
        self.name = name
        self.family = family
        self.portraitSize = portraitSize
        self.portraitSafeArea = portraitSafeArea
        self.landscapeSafeArea = landscapeSafeArea
        self.portraitKeyboard = portraitKeyboard
        self.landscapeKeyboard = landscapeKeyboard
        self.systemVersions = systemVersions
        self.splitKeyboard = splitKeyboard
        self.stageManager = stageManager
        self.sources = sources
    }

    public var description: String { "\(name) \(Int(portraitSize.width))×\(Int(portraitSize.height))" }

    /// The screen's size in `orientation`.
    public func screen(_ orientation: InterfaceOrientation) -> KBSize {
        orientation.isLandscape ? portraitSize.transposed : portraitSize
    }

    /// The safe area in `orientation` (landscapeRight mirrors left and right).
    public func safeArea(_ orientation: InterfaceOrientation) -> KBEdgeInsets {
        switch orientation {
        case .portrait: portraitSafeArea
        case .portraitUpsideDown: KBEdgeInsets(top: portraitSafeArea.bottom, left: 0, bottom: portraitSafeArea.top, right: 0)
        case .landscapeLeft: landscapeSafeArea
        case .landscapeRight:
            KBEdgeInsets(top: landscapeSafeArea.top, left: landscapeSafeArea.right, bottom: landscapeSafeArea.bottom, right: landscapeSafeArea.left)
        }
    }

    /// The keyboard's height for `mode` in `orientation` under a system
    /// version. iPads from iOS 9 keep the shortcuts bar above the keys even
    /// with predictive text off, so there the standard keyboard is as tall as
    /// the predictive one.
    package func keyboardHeight(_ mode: KeyboardMode, _ orientation: InterfaceOrientation, version: Int) -> Double {
        let heights = orientation.isLandscape ? landscapeKeyboard : portraitKeyboard
        if family == .pad && version >= 9 && mode == .standard { return heights.quickType }
        if family == .phone && version >= 13 && mode != .standard, let later = heights.quickTypeSince13 { return later }
        return heights.height(mode)
    }
}

/// Keyboard heights by mode, for one orientation.
public struct KeyboardHeights: Hashable, Sendable {
    public var standard: Double
    /// With the QuickType (predictive) bar.
    public var quickType: Double
    /// Where the predictive keyboard's height changed with iOS 13 (the
    /// 812-pt phone printed 333 and 335): the later value.
    public var quickTypeSince13: Double?
    /// The shortcuts bar's visible height (iPad), or 0 where a hardware
    /// keyboard shows nothing (iPhone).
    public var shortcutsBarVisible: Double
    /// The undocked keyboard's height (iPad only; 0 elsewhere).
    public var undocked: Double
    /// The split keyboard's height (iPad only; 0 elsewhere).
    public var split: Double

    public init(
        standard: Double, quickType: Double, quickTypeSince13: Double? = nil, shortcutsBarVisible: Double = 0, undocked: Double = 0,
        split: Double = 0
    ) {
        self.standard = standard
        self.quickType = quickType
        self.quickTypeSince13 = quickTypeSince13
        self.shortcutsBarVisible = shortcutsBarVisible
        self.undocked = undocked
        self.split = split
    }

    package func height(_ mode: KeyboardMode) -> Double {
        switch mode {
        case .standard: standard
        case .quickType, .emoji, .thirdParty: quickType
        case .hardwareShortcutsBar: shortcutsBarVisible
        case .undocked: undocked
        case .split: split
        case .floating: KeyboardHeights.floatingSize.height
        }
    }

    /// The iPad floating (mini) keyboard's size at rest. Estimate: about an
    /// iPhone keyboard's width; not from a recording.
    public static let floatingSize = KBSize(width: 320, height: 250)
    /// The full rect of the iPad shortcuts bar, of which only the visible
    /// height is on screen ([observed-heights] in docs/sources.md: ~313 pt
    /// rect, ~55 pt visible).
    public static let shortcutsBarRectHeight: Double = 313
}
