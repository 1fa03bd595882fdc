/// What iOS tells an app once the user, dragging the keyboard down
/// (`keyboardDismissMode = .interactive`), pulls it back up and lets go:
/// the dismissal is cancelled, the keyboard is where it was, and the field
/// keeps its focus.
///
/// Nothing comes during the drag ([interactive-dismissal] in
/// docs/sources.md), so the app never heard the keyboard leave its place.
/// What comes after the finger lifts, no source says (two apps that track
/// the drag are written as if a show came). The adversary cancels drags
/// and draws a reading per scenario, so that every fuzz campaign searches
/// both; the tests force each one, also on the shootout's realistic
/// scenarios with every interactive dismissal first cancelled once
/// (``Scenario/cancellingEachDismissalOnce(readAs:)``, `kbbench shootout
/// --cancel-drags`).
public enum KeyboardAfterCancelledDrag: String, Hashable, Sendable, CaseIterable {
    /// Nothing: the keyboard is back where it was, and the app hears
    /// nothing of it.
    case nothing
    /// A show, as the era sends one, from the keyboard's frame to the same
    /// frame: where the keyboard returns to (a change iOS did not announce,
    /// a silent input-mode switch, shows here, as after a window change).
    case showAgain
}
