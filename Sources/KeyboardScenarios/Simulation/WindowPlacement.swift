import KeyboardGeometry
import KeyboardWorld

/// Where the app's window, and the view controller's view in it, sit on
/// screen.
///
/// A form sheet is a view, not a window: its key window still fills the
/// screen (so from iOS 8 to 12 keyboard frames arrive in the full screen's
/// space, not the sheet's), and the sheet is a rect inside it.
public enum WindowPlacement: String, Hashable, Sendable, CaseIterable {
    /// The whole screen.
    case fullScreen
    /// iPad Slide Over: a 320 pt column at the right.
    case slideOver
    /// iPad Split View: the left half.
    case splitView
    /// iPad Stage Manager: a window inset from every edge.
    case stageManager
    /// iPad form sheet: 540 × 620 centred.
    case formSheet

    /// Whether the system and device offer this placement
    /// ([apple-availability]): Slide Over and Split View from iOS 9, Stage
    /// Manager from iPadOS 16 on the iPads that run it; form sheets on every
    /// iPad; phones only full screen.
    package func isAvailable(era: SystemEra, device: Device) -> Bool {
        switch self {
        case .fullScreen: true
        case .slideOver, .splitView: era.hasMultitasking && device.family == .pad
        case .stageManager: era.hasStageManager && device.stageManager
        case .formSheet: device.family == .pad
        }
    }

    /// The key window's frame on a screen of `screen` size, in the oriented
    /// space: the view's frame, except for a form sheet, whose window fills
    /// the screen.
    package func windowFrame(on screen: KBSize) -> KBRect {
        self == .formSheet ? KBRect(origin: .zero, size: screen) : viewFrame(on: screen)
    }

    /// The view controller's view on a screen of `screen` size, in the
    /// oriented space: the window, or the sheet. Every placement but full
    /// screen needs an iPad's screen (``Device/Family/init(screen:)``, by
    /// its short side, so a landscape phone 956 pt wide is still a phone's);
    /// on any other it falls back to full screen.
    package func viewFrame(on screen: KBSize) -> KBRect {
        let w = screen.width, h = screen.height, whole = KBRect(origin: .zero, size: screen)
        guard Device.Family(screen: screen) == .pad else { return whole }
        switch self {
        case .fullScreen: return whole
        case .slideOver: return KBRect(x: w - 320, y: 0, width: 320, height: h)
        case .splitView: return KBRect(x: 0, y: 0, width: (w / 2 - 5).rounded(.down), height: h)
        case .stageManager: return KBRect(x: 80, y: 60, width: w - 240, height: h - 180)
        case .formSheet: return KBRect(x: ((w - 540) / 2).rounded(.down), y: ((h - 620) / 2).rounded(.down), width: 540, height: 620)
        }
    }
}
