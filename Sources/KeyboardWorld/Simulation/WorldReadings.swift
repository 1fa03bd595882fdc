/// How the world reads the rules its sources leave unsettled
/// (docs/sources.md): a value each replay, campaign and shootout carries
/// down to the world it builds, so that a run on any thread, serial or
/// parallel, judges by the reading it was given.
///
/// ``standard`` is the reading the sources support; the other of each is
/// there to see which verdicts depend on it (`kbbench shootout
/// --inset-pulls-offset`, `--iq-own-top-bars`).
public struct WorldReadings: Hashable, Sendable {
    /// Setting `contentInset` pulls an out-of-range offset into range, as a
    /// resize does. False in ``standard``: the one public report that
    /// settles it (iOS 6) says an inset change leaves the offset where it
    /// was (``ScrollViewModel``).
    public var insetChangesPullOffsetIntoRange: Bool
    /// The bars above the scroll view belong to a navigation controller
    /// (IQKeyboardManager's top guide is then its bar's bottom), rather than
    /// being the app's own views (then the status bar's). True in
    /// ``standard``: the layout the generator's bars stand for.
    public var topBarsAreANavigationControllers: Bool

    public init(insetChangesPullOffsetIntoRange: Bool = false, topBarsAreANavigationControllers: Bool = true) {
        self.insetChangesPullOffsetIntoRange = insetChangesPullOffsetIntoRange
        self.topBarsAreANavigationControllers = topBarsAreANavigationControllers
    }

    /// The readings the sources support.
    public static let standard = WorldReadings()
}
