import KeyboardGeometry
import KeyboardWorld

/// Something the user (or the system around the app) does; the simulator
/// turns each into the events iOS would deliver.
public enum UserAction: Hashable, Sendable {
    /// Tap a field: begins editing it (the keyboard appears, or focus
    /// switches when it is already up).
    case focus(Int)
    /// Dismiss the keyboard (editing ends).
    case dismiss
    /// Rotate the interface.
    case rotate(InterfaceOrientation)
    /// Change the input mode: QuickType bar on or off, emoji, a third-party
    /// keyboard.
    case changeInputMode(KeyboardMode)
    /// iPad: undock the keyboard by dragging it up (it floats mid-screen at
    /// full width).
    case undock
    /// iPad, iOS 5–7: undock from the keyboard's menu (the WillChangeFrame
    /// reports `y = −264`, [so-10749311]).
    case undockFromMenu
    /// iPad: dock it back.
    case dock
    /// iPad: split it.
    case split
    /// iPad: merge a split keyboard (stays undocked).
    case merge
    /// iPad: shrink to the floating mini keyboard.
    case float
    /// iPad: drag the floating keyboard elsewhere (its height changes with
    /// its position).
    case moveFloating
    /// Attach a hardware keyboard (iPad: only the shortcuts bar remains).
    case attachHardwareKeyboard
    /// Detach it.
    case detachHardwareKeyboard
    /// A keyboard raised by someone else: another app in Split View or Slide
    /// Over (`local` false), or another screen of this app (`local` true).
    case keyboardFromElsewhere(shown: Bool, local: Bool)
    /// The view disappears (another screen is pushed over it).
    case disappear
    /// The view appears again.
    case appear
    /// Turn Reduce Motion on or off (its hides end on an off-screen strip
    /// or an empty rect).
    case reduceMotion(Bool)
    /// The input mode changes with no notification at all (an emoji or
    /// QuickType switch iOS does not report).
    case silentInputModeChange(KeyboardMode)
    /// Drag the keyboard down to dismiss it (`keyboardDismissMode =
    /// .interactive`): it hides, then the field resigns.
    case dragToDismiss
    /// Drag the keyboard down, then back up before letting go: the
    /// dismissal is cancelled, the keyboard stays and the field keeps its
    /// focus. Nothing is sent during the drag; after it, what
    /// ``Scenario/keyboardAfterCancelledDrag`` reads.
    case cancelDrag
    /// The app goes to the background (its keyboard hides), and comes back
    /// (it shows again for the same field).
    case background
    case foreground
    /// Rapid focus switching: the first field is tapped, the keyboard starts
    /// to show, and every further field is tapped before it has arrived.
    case focusBurst([Int])
    /// Tap a field and rotate while the keyboard is still animating in: the
    /// show's Did notifications arrive after the rotation, with stale frames.
    case focusDuringRotation(Int, InterfaceOrientation)
    /// Type this many new lines into the focused text view: its caret moves
    /// down a line each time, and a text view that grows grows with it
    /// (``FieldText``). iOS sends nothing; the app reports each caret.
    case type(lines: Int)
    /// Tap line `line` (1-based) of the focused text view's text: its caret
    /// moves there. iOS sends nothing; the app reports the caret.
    case moveCaret(line: Int)
    /// iPad: the user moves or resizes the app's window (a Stage Manager or
    /// iPadOS 26 window dragged or resized or tiled, the Split View divider
    /// dragged, Slide Over put on the other side): its new frame, in the
    /// oriented screen space (``WindowPlacement/allowsWindow(_:on:)``). The
    /// keyboard stays where it is on screen; the app hears a layout change
    /// (and, as ``Scenario/keyboardAfterWindowChange`` reads it, the
    /// keyboard's frame again). Indirect, as ``setOwnInset(_:)`` is: a
    /// payload of four doubles held inline would make every action that
    /// large, and the generator copies actions while it checks them.
    indirect case moveWindow(KBRect)
    /// The app sets its own content inset (a toolbar or a footer shown or
    /// hidden under the content): a layout change.
    indirect case setOwnInset(KBEdgeInsets)
    /// The view controller's `additionalSafeAreaInsets.bottom` becomes this
    /// (a bar of the app's own shown or hidden, from iOS 11): the scroll
    /// view's safe area changes where it lies under that bar.
    case setAdditionalSafeArea(bottom: Double)
    /// The docked keyboard's height changes by this many points while it is
    /// up (the predictive bar on or off, a language's or a third-party
    /// keyboard's own height, from iOS 8): a height change's notifications.
    /// The keyboard keeps the change, across hides, until the input mode
    /// changes (a language keeps its height) or the interface rotates.
    case resizeKeyboard(by: Double)
}

extension UserAction: CustomStringConvertible {
    public var description: String {
        switch self {
        case .focus(let i): "focus(\(i))"
        case .dismiss: "dismiss"
        case .rotate(let o): "rotate(\(o.rawValue))"
        case .changeInputMode(let m): "inputMode(\(m.rawValue))"
        case .undock: "undock"
        case .undockFromMenu: "undockFromMenu"
        case .moveFloating: "moveFloating"
        case .silentInputModeChange(let m): "silentInputMode(\(m.rawValue))"
        case .dragToDismiss: "dragToDismiss"
        case .cancelDrag: "cancelDrag"
        case .background: "background"
        case .foreground: "foreground"
        case .dock: "dock"
        case .split: "split"
        case .merge: "merge"
        case .float: "float"
        case .attachHardwareKeyboard: "attachHardwareKeyboard"
        case .detachHardwareKeyboard: "detachHardwareKeyboard"
        case .keyboardFromElsewhere(let shown, let local): "keyboardFromElsewhere(shown: \(shown), local: \(local))"
        case .disappear: "disappear"
        case .appear: "appear"
        case .reduceMotion(let on): "reduceMotion(\(on))"
        case .focusBurst(let fields): "focusBurst(\(fields.map(String.init).joined(separator: ",")))"
        case .focusDuringRotation(let i, let o): "focusDuringRotation(\(i), \(o.rawValue))"
        case .type(let lines): "type(\(lines))"
        case .moveCaret(let line): "moveCaret(\(line))"
        case .moveWindow(let r): "moveWindow(\(Self.points(r.minX, r.minY, r.width, r.height)))"
        case .setOwnInset(let i): "ownInset(\(Self.points(i.top, i.left, i.bottom, i.right)))"
        case .setAdditionalSafeArea(let bottom): "additionalSafeArea(\(Self.points(bottom)))"
        case .resizeKeyboard(let by): "resizeKeyboard(\(Self.points(by)))"
        }
    }

    /// Numbers as the descriptions print them: whole points without a
    /// fraction (`44`), others as Swift prints them (`0.5`; `1e+20`, past
    /// `Int`'s range).
    private static func points(_ values: Double...) -> String {
        values.map { Int(exactly: $0).map(String.init) ?? String($0) }.joined(separator: ",")
    }
}
