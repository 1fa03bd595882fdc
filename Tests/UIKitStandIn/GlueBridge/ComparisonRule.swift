/// Where the differential compares the glue with the reference otherwise
/// than value for value, each named once here, counted in every campaign's
/// summary and tested (StandInTests/ComparisonRuleTests).
///
/// These are not the adapter's rules (ScrollViewAttachment states those):
/// they are where UIKit, as the stand-in runs it, and the simulated world
/// place the same thing at different moments, or where a recording cannot
/// hold what happened.
package enum ComparisonRule: String, Hashable, Sendable, CaseIterable {
    /// Out of a window, the offset is not compared, only the insets: UIKit
    /// gives a view out of a window no safe area and lays it out when it
    /// returns, where the world lays the app's view out at each layout
    /// event.
    case offsetOutOfAWindow
    /// Back in its window, the view is where UIKit's layout put it, which
    /// after layout changes made while it was away is not always where the
    /// world's did: the reference takes that offset before it handles the
    /// appearance, and both go on from there.
    case offsetOnReturn
    /// In a recording, a layout the recorder learned of with the event
    /// after it (a rotation while the view was out of its window, written
    /// when it returns) shares that event's observed state: they happened
    /// at once, and no state in between can be read (UIKit lays the view
    /// out at the end of the turn). The audit judges the layout's line by
    /// the state after both, the replay by the state between: that line is
    /// not compared, the event's line is.
    case layoutWithItsEvent
    /// In a recording, the interface rotated (or the window was resized)
    /// while the view was out of its window, and keyboard notifications
    /// came after it: the recorder, which reads the layout through the
    /// view, learns of the rotation only when the view returns, and writes
    /// it after those notifications, which a replay then reads in the old
    /// orientation. A recording cannot hold that order: it is compared up
    /// to the first such notification, and not after.
    case keyboardBeforeARotationLearnedOnReturn

    package var summary: String {
        switch self {
        case .offsetOutOfAWindow: "out of a window, the offset is UIKit's to lay out on return: only the insets are compared"
        case .offsetOnReturn: "back in a window, the reference starts from the offset UIKit laid the view out at"
        case .layoutWithItsEvent: "in a recording, a layout written with the event after it shares its state: only the event's line is compared"
        case .keyboardBeforeARotationLearnedOnReturn:
            "in a recording, a rotation made out of a window is written on return, after the keyboard notifications that followed it: compared up to them"
        }
    }
}

/// How many steps each rule decided.
package struct ComparisonRuleCounts: Hashable, Sendable {
    private var counts: [ComparisonRule: Int] = [:]

    package init() {}

    package subscript(rule: ComparisonRule) -> Int {
        get { counts[rule, default: 0] }
        set { counts[rule] = newValue }
    }

    package mutating func add(_ other: ComparisonRuleCounts) {
        for rule in ComparisonRule.allCases { self[rule] += other[rule] }
    }
}
