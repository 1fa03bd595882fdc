import KeyboardAvoidance
import KeyboardGeometry

/// One thing SwiftUI or UIKit tells the modifier, as plain numbers: what
/// ``SwiftUIAvoidanceSession`` takes (``SwiftUIAvoidanceSession/receive(_:)``)
/// and what a model of SwiftUI (the shootout's `swiftUIWithKbbench`, the
/// stand-in's driver) produces, in the order the modifier hears it.
package enum SwiftUIReport<Field: Hashable>: Hashable {
    /// `onAppear`.
    case appeared
    /// `onDisappear`.
    case disappeared
    /// The view moved to a window (its screen, orientation and frame on
    /// the screen) or, nil, out of one: the window reader's
    /// `didMoveToWindow`; also read again before every other report, since
    /// a rotation changes the scene under the same window.
    case scene(SwiftUIScene?)
    /// `onScrollGeometryChange`.
    case geometry(SwiftUIScrollGeometry)
    /// The scroll view's `onGeometryChange`: its frame in the window.
    case frame(KBRect)
    /// A tagged field's `onGeometryChange`: its frame in the window.
    case field(Field, KBRect)
    /// `onChange(of: focus)`: the app's `@FocusState` value.
    case focus(Field?)
    /// `onChange(of: policy)`: the modifier's `policy` argument.
    case policy(AvoidancePolicy)
    /// A chat screen's composer, placed by the modifier: its height
    /// (its `onGeometryChange`).
    case composerHeight(Double)
    /// The scroll view's own safe area (its `onGeometryChange` of
    /// `safeAreaInsets`, leading and trailing read as left and right). Its
    /// bottom (the home indicator's strip, a bar of the app's) is where a
    /// chat screen's composer rests; every edge of it tells a transcript
    /// laid out anew from the user's scroll.
    case safeArea(KBEdgeInsets)
    /// `onScrollPhaseChange`: whether the user drives the scroll now (the
    /// phase is tracking, interacting or decelerating).
    case userScrolling(Bool)
    /// A keyboard notification (`NotificationCenter`).
    case keyboard(KeyboardNotification)
    /// The main queue's next turn after a layout pass's first report
    /// (``SwiftUISessionStep/passBegan``): every report of the pass is in.
    case passEnded
}

/// Sendable when its field ids are: the modifier's `AnyHashable` ids are
/// not, and its session lives on the main actor.
extension SwiftUIReport: Sendable where Field: Sendable {}
