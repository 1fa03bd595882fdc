/// How the world reads the rules its sources leave unsettled
/// (docs/sources.md): a value each replay, campaign and shootout carries
/// down to the world it builds, so that a run on any thread, serial or
/// parallel, judges by the reading it was given.
///
/// ``standard`` is the reading the sources support; the other of each is
/// there to see which verdicts depend on it (``UnsettledRule``, each a
/// `kbbench shootout` flag).
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
    /// When a scroll view's frame changes while a text field inside it is
    /// first responder (a frame that follows the keyboard), UIKit scrolls
    /// the field into view again, as it does when the field becomes first
    /// responder. False in ``standard``: no source says UIKit does
    /// (``SimulatedWorld/resize(_:to:)``).
    public var resizeScrollsToFirstResponder: Bool
    /// SwiftUI hands a `ScrollView` the keyboard's region as a content
    /// inset, its frame left as laid out, rather than as a smaller frame.
    /// False in ``standard``: neither is documented; the frame is what
    /// SwiftUI's layout does with any other view.
    public var swiftUIKeyboardRegionIsAnInset: Bool
    /// SwiftUI's keyboard safe area follows undocked, split and floating
    /// keyboards, as its documentation's words ("any software keyboard")
    /// say. False in ``standard``: public reports say it keeps the region
    /// of the keyboard as it was docked.
    public var swiftUIFollowsUndockedKeyboards: Bool
    /// A keyboard layout guide is near an edge only where it touches it, so
    /// an undocked keyboard mid-screen is near none. False in ``standard``:
    /// the header gives no distance, and the model takes the closer edge
    /// (``KeyboardLayoutGuide/nearVerticalEdge(_:view:touchingOnly:)``).
    public var layoutGuideNearOnlyWhenTouching: Bool

    public init(
        insetChangesPullOffsetIntoRange: Bool = false, topBarsAreANavigationControllers: Bool = true, resizeScrollsToFirstResponder: Bool = false,
        swiftUIKeyboardRegionIsAnInset: Bool = false, swiftUIFollowsUndockedKeyboards: Bool = false,
        layoutGuideNearOnlyWhenTouching: Bool = false
    ) {
        self.insetChangesPullOffsetIntoRange = insetChangesPullOffsetIntoRange
        self.topBarsAreANavigationControllers = topBarsAreANavigationControllers
        self.resizeScrollsToFirstResponder = resizeScrollsToFirstResponder
        self.swiftUIKeyboardRegionIsAnInset = swiftUIKeyboardRegionIsAnInset
        self.swiftUIFollowsUndockedKeyboards = swiftUIFollowsUndockedKeyboards
        self.layoutGuideNearOnlyWhenTouching = layoutGuideNearOnlyWhenTouching
    }

    /// The readings the sources support.
    public static let standard = WorldReadings()
}

/// A rule the sources leave unsettled, which ``WorldReadings`` reads one
/// way by default: each case reads it the other way. The one list of them:
/// the command line's flags (`kbbench shootout --inset-pulls-offset`, …),
/// docs/shootout.md's table of what each moves and the tests derive from
/// it.
public enum UnsettledRule: String, Hashable, Sendable, CaseIterable {
    case insetPullsOffset = "inset-pulls-offset"
    case iqOwnTopBars = "iq-own-top-bars"
    case resizeScrollsToFirstResponder = "resize-scrolls-to-first-responder"
    case guideNearOnlyWhenTouching = "guide-near-only-when-touching"
    case swiftUIInset = "swiftui-inset"
    case swiftUIFollowsUndocked = "swiftui-follows-undocked"

    /// The other reading, in words.
    public var summary: String {
        switch self {
        case .insetPullsOffset: "setting contentInset pulls an out-of-range offset into range, as a resize does"
        case .iqOwnTopBars:
            "the bars above the content are the app's own views, not a navigation controller's, so IQKeyboardManager's top guide is the status bar's"
        case .resizeScrollsToFirstResponder: "UIKit scrolls a first-responder text field into view again when its scroll view is resized"
        case .guideNearOnlyWhenTouching: "a keyboard layout guide is near an edge only where it touches it, not where it is closer to it"
        case .swiftUIInset: "SwiftUI gives a ScrollView the keyboard's region as a content inset, not a smaller frame"
        case .swiftUIFollowsUndocked: "SwiftUI's keyboard safe area follows undocked, split and floating keyboards"
        }
    }

    /// `readings` with this rule read the other way.
    public func apply(to readings: inout WorldReadings) {
        switch self {
        case .insetPullsOffset: readings.insetChangesPullOffsetIntoRange = true
        case .iqOwnTopBars: readings.topBarsAreANavigationControllers = false
        case .resizeScrollsToFirstResponder: readings.resizeScrollsToFirstResponder = true
        case .guideNearOnlyWhenTouching: readings.layoutGuideNearOnlyWhenTouching = true
        case .swiftUIInset: readings.swiftUIKeyboardRegionIsAnInset = true
        case .swiftUIFollowsUndocked: readings.swiftUIFollowsUndockedKeyboards = true
        }
    }

    /// ``WorldReadings/standard`` with `rules` read the other way.
    public static func readings(_ rules: some Sequence<UnsettledRule>) -> WorldReadings {
        var readings = WorldReadings.standard
        for rule in rules { rule.apply(to: &readings) }
        return readings
    }
}
