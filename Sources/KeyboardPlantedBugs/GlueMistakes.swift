import KeyboardAvoidance
import KeyboardGeometry
import KeyboardTrace
import KeyboardWorld

// The planted bugs of the benchmark: each the engine, driven as an app
// drives it, with one mistake an app's keyboard glue is seen to make.
// docs/fuzzing.md lists them with the share of seeds and runs it takes the
// fuzzer to find each.

/// Scrolls a text view by its frame: the caret is never read.
package enum IgnoresCaret: GlueMistake {
    package static let name = "ignoresCaret"
    package static let summary = "hands the engine a text view's frame without its caret"
    package static let seenIn = "recipes that scroll `activeField.frame` into view ([apple-2013], [cookbook])"
    package static func read(_ world: inout SimulatedWorld, event: TraceEvent, scrollView: ScrollViewModel, memory: inout Void) {
        world.caret = nil
    }
}

/// Drops the notifications of a keyboard another app raised.
package enum IgnoresOtherAppsKeyboard: GlueMistake {
    package static let name = "ignoresOtherAppsKeyboard"
    package static let summary = "drops keyboard notifications whose UIKeyboardIsLocalUserInfoKey is false"
    package static let seenIn = "glue that filters on isLocal to act only for its own fields ([uikit-keys], [multitasking-keyboard])"
    package static func hear(_ event: TraceEvent, world: SimulatedWorld, memory: inout Void) -> TraceEvent? {
        if case .keyboard(let n) = event, n.isLocal == false { return nil }
        return event
    }
}

/// Counts the bottom safe area twice: the inset is set as if UIKit added
/// nothing below.
package enum CountsSafeAreaTwice: GlueMistake {
    package static let name = "countsSafeAreaTwice"
    package static let summary = "reads the scroll view without its bottom safe area, which UIKit then adds to the inset again"
    package static let seenIn = "insets set to the keyboard's overlap on phones with a home indicator ([uikit-scrollview], [iq-source])"
    package static func read(_ world: inout SimulatedWorld, event: TraceEvent, scrollView: ScrollViewModel, memory: inout Void) {
        world.ownScrollView.safeArea.bottom = 0
    }
}

/// Reads the keyboard's begin frame for its end.
package enum ReadsFrameBegin: GlueMistake {
    package static let name = "readsFrameBegin"
    package static let summary = "takes UIKeyboardFrameBeginUserInfoKey (and the begin centre) for the end"
    package static let seenIn = "a copy-paste slip between the begin and end keys ([uikit-keys])"
    package static func hear(_ event: TraceEvent, world: SimulatedWorld, memory: inout Void) -> TraceEvent? {
        guard case .keyboard(var n) = event else { return event }
        n.frameEnd = n.frameBegin
        n.centerEnd = n.centerBegin
        return .keyboard(n)
    }
}

/// Converts the keyboard's frame as if the window sat at the screen's
/// origin.
package enum AssumesWindowAtOrigin: GlueMistake {
    package static let name = "assumesWindowAtOrigin"
    package static let summary = "places the window at the screen's origin (Slide Over, Split View and Stage Manager windows are not)"
    package static let seenIn = "`window.frame` taken for the window's place on screen ([iq-source]); conversions from nil"
    package static func read(_ world: inout SimulatedWorld, event: TraceEvent, scrollView: ScrollViewModel, memory: inout Void) {
        world.window.origin = .zero
    }
}

/// Observes only WillShow and WillHide (and their Did notifications), never
/// a frame change.
package enum IgnoresFrameChanges: GlueMistake {
    package static let name = "ignoresFrameChanges"
    package static let summary = "observes the Show and Hide notifications only, never WillChangeFrame or DidChangeFrame"
    package static let seenIn = "the guides' recipes, written before iOS 5 added frame changes ([apple-2009], [apple-2013])"
    package static func hear(_ event: TraceEvent, world: SimulatedWorld, memory: inout Void) -> TraceEvent? {
        if case .keyboard(let n) = event, n.name == .willChangeFrame || n.name == .didChangeFrame { return nil }
        return event
    }
}

/// Hands on a focus only while no keyboard is up: a switch of fields, or a
/// caret move, with the keyboard up is lost.
package enum IgnoresFocusWhileKeyboardUp: GlueMistake {
    package static let name = "ignoresFocusWhileKeyboardUp"
    package static let summary = "reads the active field only when the keyboard shows, so a switch with the keyboard up is lost"
    package static let seenIn = "`activeField` read in keyboardWillShow only ([apple-2013], [cookbook])"
    package static func hear(_ event: TraceEvent, world: SimulatedWorld, memory: inout Void) -> TraceEvent? {
        if case .focus = event, world.readKeyboard != nil { return nil }
        return event
    }
}

/// Listens to the keyboard only while a field of its own is editing.
package enum ObservesOnlyWhileEditing: GlueMistake {
    package static let name = "observesOnlyWhileEditing"
    package static let summary = "registers for keyboard notifications when a field begins editing and removes them when it ends"
    package static let seenIn = "observers added in textFieldDidBeginEditing ([cookbook])"
    package static func hear(_ event: TraceEvent, world: SimulatedWorld, memory: inout Void) -> TraceEvent? {
        if case .keyboard = event, world.focused == nil { return nil }
        return event
    }
}

/// Saves the scroll view's inset as the app's own whenever the keyboard
/// shows, even when the keyboard's inset is already on it.
package enum SavesInsetWhenKeyboardShows: GlueMistake {
    package static let name = "savesInsetWhenKeyboardShows"
    package static let summary = "saves the scroll view's current inset as the app's own at every WillShow, its own inset included"
    package static let seenIn = "`originalInset = scrollView.contentInset` in keyboardWillShow, which repeats ([observed-sequences])"
    package static var initialMemory: KBEdgeInsets? { nil }
    package static func read(_ world: inout SimulatedWorld, event: TraceEvent, scrollView: ScrollViewModel, memory: inout KBEdgeInsets?) {
        if case .keyboard(let n) = event, n.name == .willShow { memory = scrollView.contentInset }
        if let saved = memory { world.ownScrollView.contentInset = saved }
    }
}

/// Acts whether or not the view is on screen.
package enum IgnoresAppearance: GlueMistake {
    package static let name = "ignoresAppearance"
    package static let summary = "never hears that its view disappeared or appeared again"
    package static let seenIn = "observers added in viewDidLoad and removed in deinit, against the guides' viewWillAppear advice ([cookbook])"
    package static func hear(_ event: TraceEvent, world: SimulatedWorld, memory: inout Void) -> TraceEvent? {
        switch event {
        case .appear, .disappear: nil
        default: event
        }
    }
}

/// Measures the layout once and never again.
package enum IgnoresLayoutChanges: GlueMistake {
    package static let name = "ignoresLayoutChanges"
    package static let summary = "reads the screen, window and scroll view once, before a rotation or resize changes them"
    package static let seenIn = "geometry cached in viewDidLoad ([apple-2009]'s rotation sends new frames)"
    package typealias Memory = SimulatedWorld?
    package static var initialMemory: SimulatedWorld? { nil }
    package static func hear(_ event: TraceEvent, world: SimulatedWorld, memory: inout SimulatedWorld?) -> TraceEvent? {
        if memory == nil { memory = world }
        if case .layout = event { return nil }
        return event
    }
    package static func read(_ world: inout SimulatedWorld, event: TraceEvent, scrollView: ScrollViewModel, memory: inout SimulatedWorld?) {
        guard let first = memory else { return }
        world.screen = first.screen
        world.orientation = first.orientation
        world.window = first.window
        world.ownScrollView = first.ownScrollView
    }
}

/// Observes the Will notifications only.
package enum HearsOnlyWillNotifications: GlueMistake {
    package static let name = "hearsOnlyWillNotifications"
    package static let summary = "observes WillShow, WillHide and WillChangeFrame only (the floating keyboard sends DidChangeFrame alone)"
    package static let seenIn = "keyboardWillChangeFrame-only observers ([observed-sequences])"
    package static func hear(_ event: TraceEvent, world: SimulatedWorld, memory: inout Void) -> TraceEvent? {
        if case .keyboard(let n) = event, !n.name.isWill { return nil }
        return event
    }
}

/// Ignores a notification without an end frame.
package enum RequiresFrameEndKey: GlueMistake {
    package static let name = "requiresFrameEndKey"
    package static let summary = "ignores a show or frame change without UIKeyboardFrameEndUserInfoKey (iPhone OS 3 sends only the legacy keys)"
    package static let seenIn = "code that force-reads the end frame ([uikit-keys])"
    package static func hear(_ event: TraceEvent, world: SimulatedWorld, memory: inout Void) -> TraceEvent? {
        if case .keyboard(let n) = event, !n.name.isHide, n.frameEnd == nil { return nil }
        return event
    }
}

/// Loses the policy's distance.
package enum ForgetsDistance: GlueMistake {
    package static let name = "forgetsDistance"
    package static let summary = "configures the engine with no distance from the keyboard, whatever the app asked"
    package static let seenIn = "a setting not forwarded to the library (IQKeyboardManager's keyboardDistance, [iq-source])"
    package static func read(_ world: inout SimulatedWorld, event: TraceEvent, scrollView: ScrollViewModel, memory: inout Void) {
        world.policy.distance = 0
    }
}

/// Loses the policy's tall-field rule.
package enum ForgetsTallFieldPolicy: GlueMistake {
    package static let name = "forgetsTallFieldPolicy"
    package static let summary = "configures the engine to show tall fields by their top, whatever the app asked"
    package static let seenIn = "a setting not forwarded to the library"
    package static func read(_ world: inout SimulatedWorld, event: TraceEvent, scrollView: ScrollViewModel, memory: inout Void) {
        world.policy.tallField = .top
    }
}

/// Reads every frame as oriented, also before iOS 8.
package enum ReadsFramesAsOriented: GlueMistake {
    package static let name = "readsFramesAsOriented"
    package static let summary = "reads every keyboard frame as oriented, though iOS 7 and earlier send the fixed portrait space's"
    package static let seenIn = "landscape keyboards 1024 pt tall on old iPads ([uikit-keys])"
    package static func setUp(_ world: inout SimulatedWorld) {
        world.profile = .ios13
    }
}

/// Takes a keyboard that floats for one docked at the screen's bottom.
package enum ReadsUndockedAsDocked: GlueMistake {
    package static let name = "readsUndockedAsDocked"
    package static let summary = "stretches an undocked, split or floating keyboard down to the screen's bottom"
    package static let seenIn = "`screen height − minY` taken for the keyboard's height ([iq-source])"
    package static func hear(_ event: TraceEvent, world: SimulatedWorld, memory: inout Void) -> TraceEvent? {
        guard case .keyboard(var n) = event, !n.name.isHide, let end = world.reportedFrame(of: n), let frameEnd = n.frameEnd,
            end.maxY < world.screen.height, !end.isEmpty
        else { return event }
        n.frameEnd = KBRect(x: frameEnd.minX, y: frameEnd.minY, width: frameEnd.width, height: frameEnd.height + world.screen.height - end.maxY)
        return .keyboard(n)
    }
}

/// Hands on a caret move only when the field changes.
package enum IgnoresCaretMoves: GlueMistake {
    package static let name = "ignoresCaretMoves"
    package static let summary = "reads a text view's caret when it begins editing, never again as the user types"
    package static let seenIn = "glue without a caret observer (UITextView's caret moves send no notification, [uitextinput])"
    package static func hear(_ event: TraceEvent, world: SimulatedWorld, memory: inout Void) -> TraceEvent? {
        if case .focus(let f, _) = event, world.focusedField != nil, !world.focusBecameFirstResponder, f == world.focused {
            return nil
        }
        return event
    }
}

/// Converts the keyboard into the view controller's view and applies it to
/// the scroll view as if the two shared an origin.
package enum AssumesScrollViewAtTop: GlueMistake {
    package static let name = "assumesScrollViewAtTop"
    package static let summary = "measures the overlap in the root view's space and applies it to a scroll view that starts lower"
    package static let seenIn = "the keyboard converted into `self.view` and applied to a scroll view below a bar ([cookbook])"
    package static func read(_ world: inout SimulatedWorld, event: TraceEvent, scrollView: ScrollViewModel, memory: inout Void) {
        world.ownScrollView.frame.origin = .zero
    }
}

/// Reads a hide's end frame as where the keyboard went.
package enum ReadsHidesByTheirFrame: GlueMistake {
    package static let name = "readsHidesByTheirFrame"
    package static let summary = "takes a hide's end frame for the keyboard's new place, as any frame change"
    package static let seenIn =
        "one handler for every notification that reads the end frame (Reduce Motion and iOS 26 hides end on screen, [iq-2124])"
    package static func hear(_ event: TraceEvent, world: SimulatedWorld, memory: inout Void) -> TraceEvent? {
        guard case .keyboard(var n) = event, n.name.isHide else { return event }
        n.name = n.name.isWill ? .willChangeFrame : .didChangeFrame
        return .keyboard(n)
    }
}

/// Takes every scroll view's inset adjustment for `.automatic`.
package enum AssumesAutomaticInsetAdjustment: GlueMistake {
    package static let name = "assumesAutomaticInsetAdjustment"
    package static let summary = "reads the scroll view as if UIKit added the safe area automatically, whatever its contentInsetAdjustmentBehavior"
    package static let seenIn = "adapters that never read contentInsetAdjustmentBehavior ([uikit-scrollview])"
    package static func read(_ world: inout SimulatedWorld, event: TraceEvent, scrollView: ScrollViewModel, memory: inout Void) {
        world.ownScrollView.insetAdjustment = .automatic
    }
}

// Geometry that changes under a shown keyboard.

/// Reads the window's place on screen again only when the interface
/// rotates: a window moved or resized by the user keeps its old frame.
package enum CachesWindowUntilRotation: GlueMistake {
    package static let name = "cachesWindowUntilRotation"
    package static let summary = "reads the window's frame on screen again only when the interface rotates"
    package static let seenIn = "window geometry read in viewWillTransition(to:with:) alone, never on a Stage Manager move ([rn-48131], [tn3192])"
    package typealias Memory = (window: KBRect, orientation: InterfaceOrientation)?
    package static var initialMemory: Memory { nil }
    package static func read(_ world: inout SimulatedWorld, event: TraceEvent, scrollView: ScrollViewModel, memory: inout Memory) {
        if let m = memory, m.orientation == world.orientation {
            world.window = m.window
        } else {
            memory = (world.window, world.orientation)
        }
    }
}

/// Saves the app's own inset once, when the keyboard first shows: an inset
/// the app sets later (a toolbar shown) is never its own to the glue.
package enum SavesOwnInsetOnce: GlueMistake {
    package static let name = "savesOwnInsetOnce"
    package static let summary = "saves the app's own inset the first time the keyboard shows, and keeps it whatever the app sets later"
    package static let seenIn = "`originalInset` saved in the first keyboardWillShow and never again ([cookbook]), under a toolbar shown later"
    package static var initialMemory: KBEdgeInsets? { nil }
    package static func read(_ world: inout SimulatedWorld, event: TraceEvent, scrollView: ScrollViewModel, memory: inout KBEdgeInsets?) {
        if memory == nil, case .keyboard(let n) = event, !n.name.isHide { memory = world.ownScrollView.contentInset }
        if let saved = memory { world.ownScrollView.contentInset = saved }
    }
}

/// Acts while the keyboard is up only when its height changes: a layout
/// change (a window moved or resized, a toolbar, a bar's safe area) and a
/// notification of the same height are left alone.
package enum ActsOnlyWhenTheHeightChanges: GlueMistake {
    package static let name = "actsOnlyWhenTheHeightChanges"
    package static let summary = "recomputes while the keyboard is up only when its height changes, never for a layout change"
    package static let seenIn = "`guard height != lastKeyboardHeight` in a frame-change handler, the inset set nowhere else ([kk-971], [apple-2013])"
    package static var initialMemory: Double? { nil }
    package static func hear(_ event: TraceEvent, world: SimulatedWorld, memory: inout Double?) -> TraceEvent? {
        guard world.readKeyboard != nil else {
            memory = nil
            return event
        }
        switch event {
        case .layout:
            return nil
        case .keyboard(let n) where !n.name.isHide:
            let height = world.reportedFrame(of: n)?.height
            if height == memory { return nil }
            memory = height
            return event
        default:
            return event
        }
    }
}

/// Takes the keyboard's overlap as the screen's bottom less the keyboard's
/// top, as if the window reached the screen's bottom: a window that ends
/// above it gets the gap added.
package enum MeasuresFromTheScreensBottom: GlueMistake {
    package static let name = "measuresFromTheScreensBottom"
    package static let summary = "takes the screen's height less the keyboard's top for the overlap, whatever the window's bottom"
    package static let seenIn = "`screenHeight - keyboardFrame.minY` in window space: a toolbar lifted by the window's gap on iPadOS 26 ([rn-48131])"
    package static func read(_ world: inout SimulatedWorld, event: TraceEvent, scrollView: ScrollViewModel, memory: inout Void) {
        // The window read as reaching the screen's bottom: the overlap is
        // then the screen's, the window's gap below counted in.
        world.window.origin.y = world.screen.height - world.window.height
    }
}
