import KeyboardAvoidance
import KeyboardAvoidanceSwiftUI
import KeyboardGeometry
import KeyboardTrace
import KeyboardWorld

/// What SwiftUI reports to the kbbench modifier as a simulated world
/// changes: the modifier's callbacks, as ``SwiftUIReport``s with the
/// world's field indices as ids, each only when its value changed (as
/// `onGeometryChange`, `onScrollGeometryChange` and `onChange` fire).
///
/// - The scroll view: its frame in the window, and its geometry with
///   `adjustedContentInset` as the insets (the safe area, the app's own
///   inset and our margin, as SwiftUI folds them).
/// - Each field: its frame in the window, `frame(in: .global)`: the
///   scroll view's origin plus its frame in the content less the offset
///   (the focused one's as it changes, another's when it takes the focus).
/// - The window's scene: the modifier reads it from its window before
///   every report, and, observing the scene's effective geometry, when the
///   window moves or is resized: a layout that moves the window reports
///   the new scene even when nothing else changed (a Stage Manager window
///   moved, its size kept).
/// - The focus, the policy, the appearance and the keyboard notifications
///   as the trace's events bring them; the view stays in its window while
///   it has disappeared (a pushed screen's view, in this model).
/// - On a chat screen (the world has a composer): the scroll view's bottom
///   safe-area inset and the composer's height, each when it changed, at
///   the end of a pass's reports (`onGeometryChange` of the scroll view's
///   safe area and of the composer); and a layout that moves the offset
///   alone is the user's scroll, between a scroll phase the user drives
///   and the return to rest (`onScrollPhaseChange`).
/// - A pass's reports in ``SwiftUIReportOrder``.
package struct SwiftUIReporter: Sendable {
    package let order: SwiftUIReportOrder
    private var started = false
    private var scene: SwiftUIScene?
    private var frame: KBRect?
    private var geometry: SwiftUIScrollGeometry?
    private var fieldFrames: [KBRect?] = []
    private var focus: Int?
    private var policy: AvoidancePolicy?
    private var visible = false
    private var safeArea: KBEdgeInsets?
    private var composerHeight: Double?

    package init(order: SwiftUIReportOrder) {
        self.order = order
    }

    /// What the modifier hears before the trace's first event: the policy
    /// and the appearance (`onChange(initial:)`, `onAppear`), then the
    /// first layout pass. Empty once given.
    package mutating func prelude(world: SimulatedWorld, scrollView: ScrollViewModel) -> [SwiftUIReport<Int>] {
        guard !started else { return [] }
        started = true
        policy = world.policy
        visible = true
        return readingScene(
            world, before: [.policy(world.policy), .appeared] + layoutReports(world: world, scrollView: scrollView, readingScene: false))
    }

    /// What the modifier hears for `event`, applied to `world` and
    /// `scrollView` already: the scene if it changed, the event's own
    /// report, then the layout's changes.
    package mutating func reports(for event: TraceEvent, world: SimulatedWorld, scrollView: ScrollViewModel) -> [SwiftUIReport<Int>] {
        var out: [SwiftUIReport<Int>] = []
        if world.policy != policy {
            policy = world.policy
            out.append(.policy(world.policy))
        }
        if case .keyboard(let n) = event { out.append(.keyboard(n)) }
        if world.isVisible != visible {
            visible = world.isVisible
            out.append(visible ? .appeared : .disappeared)
        }
        let focus = world.focused.flatMap { world.fields.indices.contains($0) ? $0 : nil }
        if focus != self.focus {
            // The newly focused field's frame as its last layout reported
            // it, before the focus.
            if let focus { reportField(focus, world, scrollView, into: &out) }
            self.focus = focus
            out.append(.focus(focus))
        }
        out += layoutReports(world: world, scrollView: scrollView, readingScene: false)
        if Self.isUserScroll(event, world: world) { out.append(.userScrolling(false)) }
        let windowChanged: Bool
        if case .layout(let change) = event { windowChanged = change.window != nil } else { windowChanged = false }
        return readingScene(world, before: out, evenAlone: windowChanged)
    }

    /// What the modifier hears as `event` begins, before the layout it
    /// brought: the scroll phase the user drives, for the user's scroll of
    /// a chat screen's transcript (its end, the return to rest, closes
    /// ``reports(for:world:scrollView:)``); nothing for any other event.
    package func reportsBeginning(_ event: TraceEvent, world: SimulatedWorld) -> [SwiftUIReport<Int>] {
        Self.isUserScroll(event, world: world) ? [.userScrolling(true)] : []
    }

    /// The layout's changes since last reported, in ``order``: after an
    /// event, and after the modifier's own margin or scroll.
    package mutating func layoutReports(world: SimulatedWorld, scrollView: ScrollViewModel) -> [SwiftUIReport<Int>] {
        layoutReports(world: world, scrollView: scrollView, readingScene: true)
    }

    private mutating func layoutReports(world: SimulatedWorld, scrollView: ScrollViewModel, readingScene: Bool) -> [SwiftUIReport<Int>] {
        var out: [SwiftUIReport<Int>] = []
        switch order {
        case .scrollGeometryFirst:
            reportScrollView(scrollView, into: &out)
            reportFields(world, scrollView, into: &out)
        case .fieldsFirst:
            reportFields(world, scrollView, into: &out)
            reportScrollView(scrollView, into: &out)
        }
        if let composer = world.composer { reportChat(composer, scrollView, into: &out) }
        return readingScene ? self.readingScene(world, before: out) : out
    }

    /// Whether `event` is the user's scroll of a chat screen's transcript:
    /// a layout that moves the offset and nothing but the content (the
    /// chat screens' `chat.userScrolls`).
    private static func isUserScroll(_ event: TraceEvent, world: SimulatedWorld) -> Bool {
        guard world.composer != nil, case .layout(let change) = event else { return false }
        return change.contentOffset != nil && change.changesOnlyContent
    }

    /// A chat screen's own reports: the scroll view's safe area, then the
    /// composer's height, each if it changed.
    private mutating func reportChat(_ composer: Composer, _ scrollView: ScrollViewModel, into out: inout [SwiftUIReport<Int>]) {
        if scrollView.safeArea != safeArea {
            safeArea = scrollView.safeArea
            out.append(.safeArea(scrollView.safeArea))
        }
        if composer.height != composerHeight {
            composerHeight = composer.height
            out.append(.composerHeight(composer.height))
        }
    }

    /// `reports`, with the scene first if it changed since the modifier
    /// last read it; nothing if there are none, unless `evenAlone` (the
    /// scene's own observation reports it).
    private mutating func readingScene(
        _ world: SimulatedWorld, before reports: [SwiftUIReport<Int>], evenAlone: Bool = false
    ) -> [SwiftUIReport<Int>] {
        guard !reports.isEmpty || evenAlone else { return reports }
        let now = SwiftUIScene(screen: world.screen, orientation: world.orientation, window: world.window)
        guard now != scene else { return reports }
        scene = now
        return [.scene(now)] + reports
    }

    private mutating func reportScrollView(_ scrollView: ScrollViewModel, into out: inout [SwiftUIReport<Int>]) {
        if scrollView.frame != frame {
            frame = scrollView.frame
            out.append(.frame(scrollView.frame))
        }
        let now = Self.geometry(of: scrollView)
        if now != geometry {
            geometry = now
            out.append(.geometry(now))
        }
    }

    /// The focused field's frame, if it changed. Every tagged field reports
    /// its own, but the session reads only the focused one's: the others
    /// are reported when they take the focus (``reportField``), which is
    /// what the session would then hold, at a fraction of the cost in a
    /// scenario of thousands of fields.
    private mutating func reportFields(_ world: SimulatedWorld, _ scrollView: ScrollViewModel, into out: inout [SwiftUIReport<Int>]) {
        if let focus { reportField(focus, world, scrollView, into: &out) }
    }

    private mutating func reportField(_ index: Int, _ world: SimulatedWorld, _ scrollView: ScrollViewModel, into out: inout [SwiftUIReport<Int>]) {
        if fieldFrames.count != world.fields.count {
            fieldFrames = Array(repeating: nil, count: world.fields.count)
        }
        guard world.fields.indices.contains(index) else { return }
        let now = Self.frameInWindow(of: world.fields[index], in: scrollView)
        guard now != fieldFrames[index] else { return }
        fieldFrames[index] = now
        out.append(.field(index, now))
    }

    /// What `onScrollGeometryChange` reports of `scrollView`.
    package static func geometry(of scrollView: ScrollViewModel) -> SwiftUIScrollGeometry {
        SwiftUIScrollGeometry(
            contentOffset: scrollView.contentOffset, contentSize: scrollView.contentSize, containerSize: scrollView.frame.size,
            contentInsets: scrollView.adjustedContentInset)
    }

    /// A field's `frame(in: .global)`: at `frame` in the content of
    /// `scrollView`.
    package static func frameInWindow(of frame: KBRect, in scrollView: ScrollViewModel) -> KBRect {
        KBRect(
            x: scrollView.frame.minX + frame.minX - scrollView.contentOffset.x, y: scrollView.frame.minY + frame.minY - scrollView.contentOffset.y,
            width: frame.width, height: frame.height)
    }
}
