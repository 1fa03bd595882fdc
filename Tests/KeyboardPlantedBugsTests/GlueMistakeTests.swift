import KeyboardAvoidance
import KeyboardGeometry
import KeyboardPlantedBugs
import KeyboardTrace
import KeyboardWorld
import Testing

/// What a planted bug of an app's glue hands on, event by event: the
/// mistake as its summary states it, not only that a campaign finds it.
@Suite("Planted bugs, event by event")
struct GlueMistakeTests {
    /// An iPhone-sized screen on iOS 13 whose scroll view fills it, with
    /// `fields`.
    static func header(fields: [KBRect]) -> TraceHeader {
        TraceHeader(
            profile: .ios13, screen: KBSize(width: 390, height: 844),
            scrollView: ScrollViewState(frame: KBRect(x: 0, y: 0, width: 390, height: 844), contentSize: KBSize(width: 390, height: 2_000)),
            fields: fields)
    }

    /// The replay of a trace of that screen with no field and no event: the
    /// world and scroll view a mistake reads or hears one event against.
    static func emptyReplay() -> WorldReplay { WorldReplay(Trace(header: header(fields: []), events: [])) }

    /// What `mistake` hands on of each of `events` on a screen of `header`,
    /// each heard against the world after it, its memory kept from the
    /// first.
    static func heard<M: GlueMistake>(_ mistake: M.Type, _ events: [TraceEvent], on header: TraceHeader) -> [TraceEvent?] {
        var replay = WorldReplay(Trace(header: header, events: events))
        var memory = M.initialMemory
        return events.map { event in
            replay.applyNext()
            return M.hear(event, world: replay.world, memory: &memory)
        }
    }

    /// Ignoring caret moves hands on the focus that makes a text view the
    /// first responder, with its caret, and drops the caret moves that
    /// follow in the same view; focus on another field is handed on again.
    @Test func ignoringCaretMovesHandsOnEachNewFocusAndDropsTheMovesAfterIt() {
        let header = Self.header(fields: [KBRect(x: 16, y: 300, width: 300, height: 200), KBRect(x: 16, y: 600, width: 300, height: 44)])
        let events: [TraceEvent] = [
            .focus(field: 0, caret: KBRect(x: 20, y: 360, width: 2, height: 20)),
            .focus(field: 0, caret: KBRect(x: 20, y: 380, width: 2, height: 20)),
            .focus(field: 1, caret: nil),
        ]
        let heard = Self.heard(IgnoresCaretMoves.self, events, on: header)
        #expect(heard == [events[0], nil, events[2]], "\(heard)")
    }
    /// Ignoring focus while the keyboard is up hands on a focus made with no
    /// keyboard, and every notification, and drops a focus made while the
    /// keyboard is up (a switch of fields).
    @Test func ignoringFocusWhileTheKeyboardIsUpDropsOnlyTheFocusesMadeThen() {
        let header = Self.header(fields: [KBRect(x: 16, y: 300, width: 300, height: 44), KBRect(x: 16, y: 600, width: 300, height: 44)])
        let show = TraceEvent.keyboard(KeyboardNotification(name: .willShow, frameEnd: KBRect(x: 0, y: 508, width: 390, height: 336)))
        let events: [TraceEvent] = [.focus(field: 0, caret: nil), show, .focus(field: 1, caret: nil)]
        let heard = Self.heard(IgnoresFocusWhileKeyboardUp.self, events, on: header)
        #expect(heard == [events[0], events[1], nil], "\(heard)")
    }

    /// Saving the own inset once keeps the inset the app had at the first
    /// show, and reads any later one (a toolbar shown) as that one; a hide
    /// before any show saves nothing.
    @Test func savingTheOwnInsetOnceKeepsTheOneOfTheFirstShow() {
        let replay = Self.emptyReplay()
        var world = replay.world
        var memory = SavesOwnInsetOnce.initialMemory
        let frame = KBRect(x: 0, y: 508, width: 390, height: 336)
        let hide = TraceEvent.keyboard(KeyboardNotification(name: .willHide, frameEnd: frame))
        let show = TraceEvent.keyboard(KeyboardNotification(name: .willShow, frameEnd: frame))
        let first = KBEdgeInsets(top: 0, left: 0, bottom: 20, right: 0), later = KBEdgeInsets(top: 0, left: 0, bottom: 64, right: 0)
        SavesOwnInsetOnce.read(&world, event: hide, scrollView: replay.scrollView, memory: &memory)
        #expect(memory == nil, "a hide saves nothing")
        world.ownScrollView.contentInset = first
        SavesOwnInsetOnce.read(&world, event: show, scrollView: replay.scrollView, memory: &memory)
        #expect(memory == first && world.ownScrollView.contentInset == first)
        world.ownScrollView.contentInset = later
        SavesOwnInsetOnce.read(&world, event: show, scrollView: replay.scrollView, memory: &memory)
        #expect(world.ownScrollView.contentInset == first, "the inset set later is read as the first")
    }

    /// Ignoring layout changes keeps the world it first heard, drops every
    /// layout event, and reads the screen, window and scroll view as they
    /// were then, after a resize changed them.
    @Test func ignoringLayoutChangesKeepsTheFirstLayoutItHeard() throws {
        let header = Self.header(fields: [KBRect(x: 16, y: 300, width: 300, height: 44)])
        var resized = LayoutChange()
        resized.frame = KBRect(x: 0, y: 0, width: 390, height: 600)
        let events: [TraceEvent] = [.focus(field: 0, caret: nil), .layout(resized)]
        var replay = WorldReplay(Trace(header: header, events: events))
        var memory = IgnoresLayoutChanges.initialMemory
        replay.applyNext()
        let first = replay.world
        #expect(IgnoresLayoutChanges.hear(events[0], world: first, memory: &memory) == events[0])
        replay.applyNext()
        #expect(IgnoresLayoutChanges.hear(events[1], world: replay.world, memory: &memory) == nil, "a layout is dropped")
        #expect(memory == first, "the first world heard is kept")
        var read = replay.world
        #expect(read.ownScrollView.frame.height == 600)
        IgnoresLayoutChanges.read(&read, event: events[1], scrollView: replay.scrollView, memory: &memory)
        #expect(read.ownScrollView == first.ownScrollView && read.window == first.window && read.screen == first.screen)
    }

    /// Ignoring another app's keyboard drops exactly the notifications
    /// that say so (`isLocal` false), and hands on a local one and one of
    /// an era that sends no `isLocal`, as it hands on what is not a
    /// notification.
    @Test func ignoringOtherAppsKeyboardDropsOnlyNotificationsMarkedNotLocal() {
        let world = Self.emptyReplay().world
        let frame = KBRect(x: 0, y: 508, width: 390, height: 336)
        var memory: Void = ()
        for (isLocal, heard) in [(Bool?.some(false), false), (true, true), (nil, true)] {
            let event = TraceEvent.keyboard(KeyboardNotification(name: .willShow, frameEnd: frame, isLocal: isLocal))
            #expect((IgnoresOtherAppsKeyboard.hear(event, world: world, memory: &memory) != nil) == heard, "isLocal \(String(describing: isLocal))")
        }
        #expect(IgnoresOtherAppsKeyboard.hear(.focus(field: 0, caret: nil), world: world, memory: &memory) == .focus(field: 0, caret: nil))
    }

    /// Reading hides by their frame hands on each hide as the frame change
    /// of its phase (Will as WillChangeFrame, Did as DidChangeFrame), with
    /// its frames, and every other notification as it came.
    @Test func readingHidesByTheirFrameTurnsExactlyTheHidesIntoFrameChanges() {
        let world = Self.emptyReplay().world
        let frame = KBRect(x: 0, y: 844, width: 390, height: 336)
        var memory: Void = ()
        let expected: [KeyboardNotification.Name: KeyboardNotification.Name] = [
            .willHide: .willChangeFrame, .didHide: .didChangeFrame, .willShow: .willShow, .didShow: .didShow,
            .willChangeFrame: .willChangeFrame, .didChangeFrame: .didChangeFrame,
        ]
        for (name, heardAs) in expected {
            let n = KeyboardNotification(name: name, frameEnd: frame, duration: 0.25)
            var turned = n
            turned.name = heardAs
            #expect(ReadsHidesByTheirFrame.hear(.keyboard(n), world: world, memory: &memory) == .keyboard(turned), "\(name)")
        }
    }

    /// Forgetting the distance configures the engine with none, whatever
    /// distance the app asked for.
    @Test func forgettingTheDistanceConfiguresNone() {
        let replay = Self.emptyReplay()
        var memory: Void = ()
        for asked in [0.0, 1, 24] {
            var world = replay.world
            world.policy.distance = asked
            ForgetsDistance.read(&world, event: .focus(field: 0, caret: nil), scrollView: replay.scrollView, memory: &memory)
            #expect(world.policy.distance == 0, "asked \(asked)")
        }
    }

    /// Counting the safe area twice reads the scroll view with no bottom
    /// safe area, whatever it has.
    @Test func countingTheSafeAreaTwiceReadsNoBottomSafeArea() {
        let replay = Self.emptyReplay()
        var memory: Void = ()
        for bottom in [0.0, 1, 34] {
            var world = replay.world
            world.ownScrollView.safeArea.bottom = bottom
            CountsSafeAreaTwice.read(&world, event: .focus(field: 0, caret: nil), scrollView: replay.scrollView, memory: &memory)
            #expect(world.ownScrollView.safeArea.bottom == 0, "bottom \(bottom)")
        }
    }

    /// Saving the inset when the keyboard shows saves the scroll view's
    /// inset at each WillShow and at no other notification; once saved,
    /// the app's own inset reads as the saved one.
    @Test func savingTheInsetWhenTheKeyboardShowsSavesOnlyAtWillShow() {
        let replay = Self.emptyReplay()
        var scrollView = replay.scrollView
        scrollView.contentInset = KBEdgeInsets(bottom: 300)
        var memory = SavesInsetWhenKeyboardShows.initialMemory
        let frame = KBRect(x: 0, y: 508, width: 390, height: 336)
        for name in [KeyboardNotification.Name.willChangeFrame, .didChangeFrame, .didShow, .willHide, .didHide] {
            var world = replay.world
            SavesInsetWhenKeyboardShows.read(
                &world, event: .keyboard(KeyboardNotification(name: name, frameEnd: frame, duration: 0.25)), scrollView: scrollView, memory: &memory)
            #expect(memory == nil && world.ownScrollView.contentInset == replay.world.ownScrollView.contentInset, "\(name)")
        }
        var world = replay.world
        SavesInsetWhenKeyboardShows.read(
            &world, event: .keyboard(KeyboardNotification(name: .willShow, frameEnd: frame, duration: 0.25)), scrollView: scrollView, memory: &memory)
        #expect(memory == KBEdgeInsets(bottom: 300) && world.ownScrollView.contentInset == KBEdgeInsets(bottom: 300))
    }

    /// What `read` makes of a composer of each of three heights (resting
    /// inset 34), and then of a screen with no composer.
    static func composersRead(
        by read: (inout SimulatedWorld, TraceEvent, ScrollViewModel, inout Void) -> Void
    ) -> [Composer?] {
        let replay = emptyReplay()
        var memory: Void = ()
        return [44.0, 52, 57.5, nil].map { height in
            var world = replay.world
            world.composer = height.map { Composer(height: $0, restingInset: 34) }
            read(&world, .focus(field: 0, caret: nil), replay.scrollView, &memory)
            return world.composer
        }
    }

    /// Reserving the composer's space twice reads the composer at twice
    /// its height, whatever the height, and a screen with no composer as
    /// it is.
    @Test func reservingTheComposerTwiceReadsItTwiceAsTall() {
        let read = Self.composersRead { ReservesComposerTwice.read(&$0, event: $1, scrollView: $2, memory: &$3) }
        #expect(read == [88.0, 104, 115].map { Composer(height: $0, restingInset: 34) } + [nil])
    }

    /// Ignoring the composer's height reads a composer of no height,
    /// whatever its height, keeping its resting inset, and a screen with
    /// no composer as it is.
    @Test func ignoringTheComposersHeightReadsItAsNoHeight() {
        let read = Self.composersRead { IgnoresComposerHeight.read(&$0, event: $1, scrollView: $2, memory: &$3) }
        #expect(read == [Composer(height: 0, restingInset: 34), Composer(height: 0, restingInset: 34), Composer(height: 0, restingInset: 34), nil])
    }

    /// Measuring from the screen's bottom reads the window as reaching it:
    /// moved down (or up) until its bottom is the screen's, its size and
    /// its x kept.
    @Test func measuringFromTheScreensBottomReadsTheWindowAsReachingIt() {
        let replay = Self.emptyReplay()
        var memory: Void = ()
        for window in [KBRect(x: 40, y: 60, width: 310, height: 700), KBRect(x: 0, y: 0, width: 300, height: 900)] {
            var world = replay.world
            world.window = window
            MeasuresFromTheScreensBottom.read(&world, event: .focus(field: 0, caret: nil), scrollView: replay.scrollView, memory: &memory)
            #expect(world.window.maxY == world.screen.height && world.window.size == window.size && world.window.minX == window.minX, "\(window)")
        }
    }

    /// Jumping to the newest message moves the offset to the end exactly
    /// when the answer changed the inset: an answer that kept it leaves
    /// the rows the user scrolled to.
    @Test func jumpingToTheNewestMessageJumpsExactlyWhenTheInsetChanged() {
        var before = Self.emptyReplay().scrollView
        before.contentOffset.y = 300
        var memory: Void = ()
        var kept = before
        JumpsToTheNewestMessage.perform(&kept, before: before, memory: &memory)
        #expect(kept == before)
        var raised = before
        raised.contentInset.bottom += 336
        JumpsToTheNewestMessage.perform(&raised, before: before, memory: &memory)
        #expect(raised.contentOffset.y == raised.maximumOffsetY && raised.maximumOffsetY > 300, "\(raised)")
    }

    /// Ignoring frame changes drops exactly the two frame-change
    /// notifications, and hands on the shows and hides.
    @Test func ignoringFrameChangesDropsExactlyTheFrameChanges() {
        let world = Self.emptyReplay().world
        var memory: Void = ()
        for name in KeyboardNotification.Name.allCases {
            let event = TraceEvent.keyboard(KeyboardNotification(name: name, frameEnd: KBRect(x: 0, y: 508, width: 390, height: 336)))
            let dropped = name == .willChangeFrame || name == .didChangeFrame
            #expect(IgnoresFrameChanges.hear(event, world: world, memory: &memory) == (dropped ? nil : event), "\(name)")
        }
    }

    /// Observing only while editing drops every keyboard notification
    /// while no field is focused and hands on every one while a field is;
    /// what is not a keyboard notification is handed on either way.
    @Test func observingOnlyWhileEditingDropsExactlyTheNotificationsWithNoFieldFocused() {
        var world = Self.emptyReplay().world
        var memory: Void = ()
        let others: [TraceEvent] = [.focus(field: 0, caret: nil), .blur, .layout(LayoutChange(contentOffset: KBPoint(x: 0, y: 10)))]
        for focused in [nil, 0] as [Int?] {
            world.focused = focused
            for name in KeyboardNotification.Name.allCases {
                let event = TraceEvent.keyboard(KeyboardNotification(name: name, frameEnd: KBRect(x: 0, y: 508, width: 390, height: 336)))
                #expect(ObservesOnlyWhileEditing.hear(event, world: world, memory: &memory) == (focused == nil ? nil : event), "\(name)")
            }
            for event in others { #expect(ObservesOnlyWhileEditing.hear(event, world: world, memory: &memory) == event) }
        }
    }

    /// Hearing only the Will notifications drops exactly the Did ones, and
    /// hands on what is not a keyboard notification.
    @Test func hearingOnlyWillNotificationsDropsExactlyTheDidOnes() {
        let world = Self.emptyReplay().world
        var memory: Void = ()
        for name in KeyboardNotification.Name.allCases {
            let event = TraceEvent.keyboard(KeyboardNotification(name: name, frameEnd: KBRect(x: 0, y: 508, width: 390, height: 336)))
            #expect(HearsOnlyWillNotifications.hear(event, world: world, memory: &memory) == (name.isWill ? event : nil), "\(name)")
        }
        #expect(HearsOnlyWillNotifications.hear(.blur, world: world, memory: &memory) == .blur)
    }

    /// Requiring the end frame's key drops a show or a frame change that
    /// lacks it (iPhone OS 3's), and hands on a hide that lacks it (read
    /// without its frame) and every notification that has it.
    @Test func requiringTheEndFrameDropsExactlyTheShowsAndFrameChangesWithoutIt() {
        let world = Self.emptyReplay().world
        var memory: Void = ()
        for name in KeyboardNotification.Name.allCases {
            let legacy = TraceEvent.keyboard(KeyboardNotification(name: name, bounds: KBSize(width: 390, height: 336)))
            let modern = TraceEvent.keyboard(KeyboardNotification(name: name, frameEnd: KBRect(x: 0, y: 508, width: 390, height: 336)))
            #expect(RequiresFrameEndKey.hear(legacy, world: world, memory: &memory) == (name.isHide ? legacy : nil), "\(name) without the key")
            #expect(RequiresFrameEndKey.hear(modern, world: world, memory: &memory) == modern, "\(name) with the key")
        }
    }

    /// Reading an undocked keyboard as docked stretches a keyboard that ends
    /// above the screen's bottom down to it (its height plus the gap, its
    /// origin kept), and hands on a docked keyboard, a hide and an empty
    /// frame as they came.
    @Test func readingUndockedAsDockedStretchesExactlyTheKeyboardsAboveTheBottom() {
        let world = Self.emptyReplay().world
        var memory: Void = ()
        func heard(_ name: KeyboardNotification.Name, _ frame: KBRect) -> TraceEvent? {
            ReadsUndockedAsDocked.hear(.keyboard(KeyboardNotification(name: name, frameEnd: frame)), world: world, memory: &memory)
        }
        let floating = KBRect(x: 40, y: 300, width: 320, height: 200)
        for name in [KeyboardNotification.Name.willShow, .didShow, .willChangeFrame, .didChangeFrame] {
            let stretched = TraceEvent.keyboard(KeyboardNotification(name: name, frameEnd: KBRect(x: 40, y: 300, width: 320, height: 544)))
            #expect(heard(name, floating) == stretched, "\(name): 200 + (844 − 500)")
        }
        let docked = KBRect(x: 0, y: 508, width: 390, height: 336), empty = KBRect(x: 0, y: 400, width: 390, height: 0)
        for (name, frame) in [(KeyboardNotification.Name.willShow, docked), (.willHide, floating), (.didHide, floating), (.willChangeFrame, empty)] {
            #expect(heard(name, frame) == .keyboard(KeyboardNotification(name: name, frameEnd: frame)), "\(name) \(frame)")
        }
        #expect(ReadsUndockedAsDocked.hear(.blur, world: world, memory: &memory) == .blur)
    }

    /// Acting only when the height changes hands on a show and a frame
    /// change to a new height, and drops, while the keyboard is up, a
    /// notification of the height it last acted on and every layout change;
    /// once the keyboard is gone it forgets that height, so the next show
    /// of the same height is handed on.
    @Test func actingOnlyWhenTheHeightChangesDropsTheSameHeightAndEveryLayoutWhileUp() {
        let header = Self.header(fields: [KBRect(x: 16, y: 300, width: 300, height: 44)])
        func note(_ name: KeyboardNotification.Name, height: Double) -> TraceEvent {
            .keyboard(KeyboardNotification(name: name, frameEnd: KBRect(x: 0, y: 844 - height, width: 390, height: height)))
        }
        var toolbar = LayoutChange()
        toolbar.frame = KBRect(x: 0, y: 0, width: 390, height: 800)
        let events: [TraceEvent] = [
            .focus(field: 0, caret: nil), note(.willShow, height: 336), note(.willChangeFrame, height: 336), .layout(toolbar),
            note(.willChangeFrame, height: 300), note(.willHide, height: 300), note(.didHide, height: 300), note(.willShow, height: 300),
        ]
        let heard = Self.heard(ActsOnlyWhenTheHeightChanges.self, events, on: header)
        #expect(heard == [events[0], events[1], nil, nil, events[4], events[5], events[6], events[7]], "\(heard)")
    }

    /// Caching the window until a rotation reads the window it first saw
    /// while the interface keeps its orientation, whatever window the world
    /// has now, and reads the window again once it turns.
    @Test func cachingTheWindowReadsItAgainOnlyOnARotation() {
        let replay = Self.emptyReplay()
        var memory = CachesWindowUntilRotation.initialMemory
        let first = KBRect(x: 0, y: 0, width: 390, height: 844), moved = KBRect(x: 20, y: 40, width: 320, height: 600)
        func read(_ window: KBRect, _ orientation: InterfaceOrientation) -> KBRect {
            var world = replay.world
            world.window = window
            world.orientation = orientation
            CachesWindowUntilRotation.read(&world, event: .blur, scrollView: replay.scrollView, memory: &memory)
            return world.window
        }
        #expect(read(first, .portrait) == first)
        #expect(read(moved, .portrait) == first, "moved without a rotation: the cached window")
        #expect(read(moved, .landscapeLeft) == moved, "a rotation reads it again")
        #expect(read(first, .landscapeLeft) == moved)
    }
}
