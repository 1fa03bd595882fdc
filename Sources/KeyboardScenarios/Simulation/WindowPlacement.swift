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
    /// iPad Stage Manager, or an iPadOS 26 windowed app: a window inset from
    /// every edge, or one the user placed and sized (``Scenario/window``,
    /// ``FreeWindows``).
    case stageManager
    /// iPad form sheet: 540 × 620 centred.
    case formSheet

    /// Whether the system and device offer this placement
    /// ([apple-availability]): Slide Over and Split View from iOS 9, Stage
    /// Manager from iPadOS 16 on the iPads that run it and windowed apps on
    /// every iPad from iPadOS 26 ([tn3192]); form sheets on every iPad;
    /// phones only full screen.
    package func isAvailable(era: SystemEra, device: Device) -> Bool {
        switch self {
        case .fullScreen: true
        case .slideOver, .splitView: era.hasMultitasking && device.family == .pad
        case .stageManager: (era.hasStageManager && device.stageManager) || era.hasWindowedApps
        case .formSheet: device.family == .pad
        }
    }

    /// Whether the user can give this placement's window `frame` on a screen
    /// of `screen` size (``FreeWindows``): any free window for Stage
    /// Manager's; a third, a half or two thirds for Split View's; either
    /// side for Slide Over's; nothing else moves (a form sheet's window
    /// fills the screen).
    package func allowsWindow(_ frame: KBRect, on screen: KBSize) -> Bool {
        guard Device.Family(screen: screen) == .pad else { return false }
        switch self {
        case .stageManager: return FreeWindows.allows(frame, on: screen)
        case .splitView: return FreeWindows.splitViewFrames(on: screen).contains(frame)
        case .slideOver: return FreeWindows.slideOverFrames(on: screen).contains(frame)
        case .fullScreen, .formSheet: return false
        }
    }

    /// A window the user gave `frame` on a screen of `old` size, once the
    /// screen turns to `new` (``FreeWindows``): a free window in proportion,
    /// a Split View window at its share, a Slide Over column on its side.
    package func window(_ frame: KBRect, turnedFrom old: KBSize, to new: KBSize) -> KBRect {
        switch self {
        case .stageManager:
            return FreeWindows.rotated(frame, from: old, to: new)
        case .splitView:
            let share = FreeWindows.splitViewFrames(on: old).firstIndex(of: frame) ?? 1
            return FreeWindows.splitViewFrames(on: new)[share]
        case .slideOver:
            return FreeWindows.slideOverFrames(on: new)[frame.minX == 0 && old.width > 320 ? 1 : 0]
        case .fullScreen, .formSheet:
            return windowFrame(on: new)
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
