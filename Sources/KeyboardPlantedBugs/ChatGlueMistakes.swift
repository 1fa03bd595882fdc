import KeyboardAvoidance
import KeyboardGeometry
import KeyboardTrace
import KeyboardWorld

// The planted bugs of chat screens: the engine, driven as a chat screen
// drives it, with one mistake a chat screen's glue is seen to make. Each
// breaks a transcript rule (docs/invariants.md, "Chat screens"); the
// generator's chat screens (`ChatScreens`) are where they are looked for
// (`PlantedBugBenchmark.chatBugs`).

/// Sets the transcript's inset and leaves its offset where it was.
package enum LeavesTranscriptOffset: GlueMistake {
    package static let name = "leavesTranscriptOffset"
    package static let summary = "sets the transcript's inset for the keyboard and composer, and leaves its offset where it was"
    package static let seenIn = "the accessory-view composer's recipe: the inset set in keyboardWillChangeFrame, nothing else"
    package static func perform(_ scrollView: inout ScrollViewModel, before: ScrollViewModel, memory: inout Void) {
        scrollView.contentOffset = before.contentOffset
    }
}

/// Clears the keyboard and not the composer above it.
package enum IgnoresComposerHeight: GlueMistake {
    package static let name = "ignoresComposerHeight"
    package static let summary = "hands the engine a composer of no height: the inset clears the keyboard, not the bar above it"
    package static let seenIn = "glue written for fields inside the scroll view, reused on a chat screen"
    package static func read(_ world: inout SimulatedWorld, event: TraceEvent, scrollView: ScrollViewModel, memory: inout Void) {
        world.composer?.height = 0
    }
}

/// Follows the transcript's end only when the keyboard moves: a message
/// that arrives, or a composer that grows, is never handed on.
package enum FollowsOnlyTheKeyboard: GlueMistake {
    package static let name = "followsOnlyTheKeyboard"
    package static let summary = "hands the engine keyboard notifications and rotations, never a new message or a grown composer"
    package static let seenIn = "the transcript's end kept in the keyboard's handlers only (a scroll anchor set at WillShow)"
    package static func hear(_ event: TraceEvent, world: SimulatedWorld, memory: inout Void) -> TraceEvent? {
        if case .layout(let c) = event, c.changesOnlyContent, c.contentOffset == nil { return nil }
        return event
    }
}

/// Reserves the composer's space twice: its own content margin, and the
/// inset again.
package enum ReservesComposerTwice: GlueMistake {
    package static let name = "reservesComposerTwice"
    package static let summary = "counts the composer's height twice (a content margin for it, and the inset again)"
    package static let seenIn = "a composer's space reserved with a content margin or a spacer besides the keyboard's inset"
    package static func read(_ world: inout SimulatedWorld, event: TraceEvent, scrollView: ScrollViewModel, memory: inout Void) {
        world.composer?.height *= 2
    }
}

/// Scrolls to the newest message whenever it moves the transcript,
/// whatever the user was reading.
package enum JumpsToTheNewestMessage: GlueMistake {
    package static let name = "jumpsToTheNewestMessage"
    package static let summary = "scrolls the transcript to its end whenever it changes its inset, whatever the user reads"
    package static let seenIn = "a bottom anchor applied on every keyboard change (a SwiftUI default scroll anchor at the bottom)"
    package static func perform(_ scrollView: inout ScrollViewModel, before: ScrollViewModel, memory: inout Void) {
        guard scrollView.contentInset != before.contentInset else { return }
        scrollView.contentOffset.y = scrollView.maximumOffsetY
    }
}
