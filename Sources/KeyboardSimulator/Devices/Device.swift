import KeyboardGeometry

/// A device the simulator models: its screen, its safe areas and the
/// keyboard heights observed on it.
public struct Device: Hashable, Sendable, CustomStringConvertible {
    public enum Family: String, Hashable, Sendable {
        case phone
        case pad
    }

    /// A short name (`iphone8`, `ipad-pro-12.9`).
    public var name: String
    public var family: Family
    /// The screen in portrait, in points.
    public var portraitSize: Size
    /// The safe area in portrait and in landscape (left/right swap is not
    /// modelled: landscape is given for landscapeLeft and mirrored).
    public var portraitSafeArea: EdgeInsets
    public var landscapeSafeArea: EdgeInsets
    /// Keyboard heights in portrait and landscape, including any
    /// home-indicator strip the keyboard covers.
    public var portraitKeyboard: KeyboardHeights
    public var landscapeKeyboard: KeyboardHeights
    /// Where each number comes from.
    public var sources: String

    public var description: String { "\(name) \(Int(portraitSize.width))×\(Int(portraitSize.height))" }

    /// The screen's size in `orientation`.
    public func screen(_ orientation: InterfaceOrientation) -> Size {
        orientation.isLandscape ? portraitSize.transposed : portraitSize
    }

    /// The safe area in `orientation` (landscapeRight mirrors left and right).
    public func safeArea(_ orientation: InterfaceOrientation) -> EdgeInsets {
        switch orientation {
        case .portrait: portraitSafeArea
        case .portraitUpsideDown: EdgeInsets(top: portraitSafeArea.bottom, left: 0, bottom: portraitSafeArea.top, right: 0)
        case .landscapeLeft: landscapeSafeArea
        case .landscapeRight:
            EdgeInsets(top: landscapeSafeArea.top, left: landscapeSafeArea.right, bottom: landscapeSafeArea.bottom, right: landscapeSafeArea.left)
        }
    }

    /// The keyboard's height for `mode` in `orientation`.
    public func keyboardHeight(_ mode: KeyboardMode, _ orientation: InterfaceOrientation) -> Double {
        (orientation.isLandscape ? landscapeKeyboard : portraitKeyboard).height(mode)
    }
}

/// Keyboard heights by mode, for one orientation.
public struct KeyboardHeights: Hashable, Sendable {
    public var standard: Double
    public var quickType: Double
    /// The shortcuts bar's visible height (iPad), or 0 where a hardware
    /// keyboard shows nothing (iPhone).
    public var shortcutsBarVisible: Double
    /// The split keyboard's height (iPad only; 0 elsewhere).
    public var split: Double

    public func height(_ mode: KeyboardMode) -> Double {
        switch mode {
        case .standard, .undocked: standard
        case .quickType, .emoji, .thirdParty: quickType
        case .hardwareShortcutsBar: shortcutsBarVisible
        case .split: split
        case .floating: KeyboardHeights.floatingSize.height
        }
    }

    /// The iPad floating (mini) keyboard's size. Estimate: about an iPhone
    /// keyboard's width; not from a recording.
    public static let floatingSize = Size(width: 320, height: 250)
    /// The full rect of the iPad shortcuts bar, of which only the visible
    /// height is on screen ([observed-heights] in docs/sources.md: ~313 pt rect,
    /// ~55 pt visible).
    public static let shortcutsBarRectHeight: Double = 313
}
