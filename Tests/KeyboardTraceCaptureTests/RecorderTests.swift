import Foundation
import KeyboardAvoidance
import KeyboardAvoidanceFoundation
import KeyboardGeometry
import KeyboardHarness
import KeyboardOracle
import KeyboardStrategies
import KeyboardTrace
import KeyboardTraceCapture
import KeyboardWorld
import Testing

/// The recorder on Linux with real posts: what it writes replays to the
/// actions the engine took live.
@Suite("Recording traces")
struct RecorderTests {
    static let header = TraceHeader(
        profile: .ios13, screen: KBSize(width: 375, height: 812),
        scrollView: ScrollViewState(
            frame: KBRect(x: 0, y: 0, width: 375, height: 812), safeArea: KBEdgeInsets(top: 44, left: 0, bottom: 34, right: 0),
            contentSize: KBSize(width: 375, height: 1400)),
        fields: [KBRect(x: 16, y: 120, width: 343, height: 44), KBRect(x: 16, y: 700, width: 343, height: 44)],
        policy: AvoidancePolicy(distance: 8)
    )

    /// What the keyboard posts: show, a taller keyboard (predictions on),
    /// hide; Will and Did.
    static let posts: [KeyboardNotification] = {
        let hidden = KBRect(x: 0, y: 812, width: 375, height: 291), shown = KBRect(x: 0, y: 521, width: 375, height: 291)
        let taller = KBRect(x: 0, y: 476, width: 375, height: 336)
        return [
            KeyboardNotification(name: .willShow, frameBegin: hidden, frameEnd: shown, duration: 0.25, curve: 7, isLocal: true),
            KeyboardNotification(name: .didShow, frameBegin: hidden, frameEnd: shown, duration: 0.25, curve: 7, isLocal: true),
            KeyboardNotification(name: .willChangeFrame, frameBegin: shown, frameEnd: taller, duration: 0.25, curve: 7, isLocal: true),
            KeyboardNotification(
                name: .willHide, frameBegin: taller, frameEnd: KBRect(x: 0, y: 812, width: 375, height: 336), duration: 0.25, curve: 7, isLocal: true),
            KeyboardNotification(
                name: .didHide, frameBegin: taller, frameEnd: KBRect(x: 0, y: 812, width: 375, height: 336), duration: 0.25, curve: 7, isLocal: true),
        ]
    }()

    /// The app's side of a live run: the simulator's scroll view, moved by
    /// each action, read back into each snapshot, and observed by a
    /// recorder. The app may set its own content inset, and UIKit may move
    /// the offset before the adapter hears of the set.
    final class LiveApp: ScrollViewObserving, @unchecked Sendable {
        private let lock = NSLock()
        private var world: SimulatedWorld
        private var scrollView: ScrollViewModel
        private(set) var afterEach: [(KBEdgeInsets, KBPoint)] = []

        init(header: TraceHeader = RecorderTests.header) {
            world = SimulatedWorld(trace: Trace(header: header, events: []))
            scrollView = ScrollViewModel(world.ownScrollView)
        }

        var visible: Bool { world.isVisible }

        var layout: LayoutSnapshot {
            lock.lock()
            defer { lock.unlock() }
            return world.snapshot(offset: scrollView.contentOffset)
        }

        func perform(_ action: AvoidanceAction) {
            lock.lock()
            defer { lock.unlock() }
            _ = EngineStrategy.perform(action, on: &scrollView)
            afterEach.append((scrollView.contentInset, scrollView.contentOffset))
        }

        /// The app sets its own bottom inset; UIKit moves the offset by
        /// `uikitMoves` before the adapter hears of it.
        func setOwnInset(bottom: Double, uikitMoves: Double) {
            lock.lock()
            defer { lock.unlock() }
            world.apply(.layout(LayoutChange(contentInset: KBEdgeInsets(top: 0, left: 0, bottom: bottom, right: 0))), scrollView: &scrollView)
            scrollView.contentOffset.y += uikitMoves
        }

        /// Holds `replay` to the live run: one step for each event handed,
        /// with the insets and offset the live answers left.
        func expectToBe(_ replay: ReplayReport, sourceLocation: SourceLocation = #_sourceLocation) {
            #expect(replay.steps.count == afterEach.count, sourceLocation: sourceLocation)
            for (step, live) in zip(replay.steps, afterEach) {
                #expect(step.contentInset == live.0 && step.contentOffset == live.1, "line \(step.line)", sourceLocation: sourceLocation)
            }
        }

        /// The view leaves its window, or comes back to it.
        func apply(_ event: TraceEvent) {
            lock.lock()
            defer { lock.unlock() }
            world.apply(event, scrollView: &scrollView)
        }

        /// Someone other than the adapter scrolls the view to `y`.
        func scroll(to y: Double) {
            lock.lock()
            defer { lock.unlock() }
            scrollView.contentOffset.y = y
        }

        func observedScrollView() -> ObservedScrollView? {
            lock.lock()
            defer { lock.unlock() }
            return scrollView.observed(layoutSafeArea: world.ownScrollView.safeArea)
        }
    }

    @Test func aRecordedSessionReplaysToTheLiveActions() throws {
        let center = NotificationCenter()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("recorder-\(UUID().uuidString).kbtrace").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let recorder = KeyboardTraceRecorder(path: path, header: Self.header, center: center)
        let app = LiveApp()
        let avoider = KeyboardAvoider(policy: Self.header.policy, frameSpace: Self.header.profile.frameSpace, visible: app.visible)
        let live = KeyboardNotificationObserver(center: center, avoider: avoider, layout: { app.layout }, perform: { app.perform($0) })

        // The field near the bottom begins editing, then the keyboard moves.
        recorder.focus(field: 1)
        live.send { $0.focusBegan(FocusedField(frame: Self.header.fields[1]), in: $1) }
        for n in Self.posts { center.post(UserInfoEncoder.notification(for: n)) }
        recorder.blur()
        live.send { $0.focusEnded(in: $1) }
        let liveSteps = app.afterEach
        recorder.stop()
        center.post(UserInfoEncoder.notification(for: Self.posts[0])) // after stop: not recorded

        let trace = try TraceReader.read(String(contentsOfFile: path, encoding: .utf8), file: path)
        #expect(trace.events.count == 7)
        let recorded = trace.events.compactMap { if case .keyboard(let n) = $0.event { n } else { nil } }
        #expect(recorded == Self.posts)

        let replay = TraceReplayer.replay(trace, with: EngineStrategy.self)
        #expect(replay.steps.count == liveSteps.count)
        for (step, live) in zip(replay.steps, liveSteps) {
            #expect(step.contentInset == live.0 && step.contentOffset == live.1, "line \(step.line)")
        }
        // The keyboard really covered the field: the live run moved the content.
        #expect(liveSteps.contains { $0.0.bottom > 0 })
        #expect(replay.violationCount == 0)
    }

    /// An adapter hands its engine events; the recorder records each with
    /// the layout it was judged in, and the header holds the adapter's
    /// policy. The trace replays to the live run, caret moves included.
    @Test func eventsAnAdapterHandsItsEngineReplayToTheLiveRun() throws {
        let center = NotificationCenter()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("recorder-\(UUID().uuidString).kbtrace").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let app = LiveApp()
        let policy = AvoidancePolicy(distance: 12, tallField: .caret)
        let recorder = KeyboardTraceRecorder(path: path, layout: app.layout, policy: policy, systemVersion: 18, center: center)
        var avoider = KeyboardAvoider(policy: policy, frameSpace: .oriented, visible: app.visible)
        /// What an adapter does with each event: hand it, tell observers, perform.
        func hand(_ event: AvoiderEvent) {
            let layout = app.layout
            let action = avoider.handle(event, in: layout)
            recorder.record(event, in: layout)
            app.perform(action)
        }
        let field = Self.header.fields[1]
        hand(.focusBegan(FocusedField(frame: field, caret: KBRect(x: 20, y: 705, width: 2, height: 20))))
        for n in Self.posts.prefix(3) {
            center.post(UserInfoEncoder.notification(for: n))
            hand(.keyboard(n))
        }
        hand(.focusBegan(FocusedField(frame: field, caret: KBRect(x: 20, y: 725, width: 2, height: 20))))
        hand(.layoutChanged)
        hand(.viewDisappeared)
        hand(.viewAppeared)
        for n in Self.posts.suffix(2) {
            center.post(UserInfoEncoder.notification(for: n))
            hand(.keyboard(n))
        }
        hand(.focusEnded)
        recorder.stop()

        let trace = try TraceReader.read(String(contentsOfFile: path, encoding: .utf8), file: path)
        #expect(trace.header.policy == policy)
        #expect(trace.header.promise == VisibilityPromise(policy: policy), "a recording states its promise: by default the policy's")
        #expect(!trace.impossibilities.contains { $0.rule == .unansweredFocus }, "a caret move is no switch: \(trace.impossibilities)")
        #expect(trace.header.systemVersion == 18)
        #expect(trace.header.fields == [field] && trace.fieldLists.isEmpty, "the field is declared once; a caret move is a focus again")
        let kinds = trace.events.map { event -> String in
            switch event.event {
            case .keyboard: "keyboard"
            case .focus(_, let caret): caret == nil ? "focus" : "focus+caret"
            case .blur: "blur"
            case .layout: "layout"
            case .appear: "appear"
            case .disappear: "disappear"
            }
        }
        #expect(
            kinds == [
                "focus+caret", "keyboard", "keyboard", "keyboard", "focus+caret", "layout", "disappear", "appear", "keyboard", "keyboard", "blur",
            ])
        // Every event is one the engine was handed live: the replay ends each
        // where the live run did.
        let replay = TraceReplayer.replay(trace, with: EngineStrategy.self)
        let replayed = replay.steps
        #expect(replayed.count == app.afterEach.count)
        for (step, live) in zip(replayed, app.afterEach) {
            #expect(step.contentInset == live.0 && step.contentOffset == live.1, "line \(step.line)")
        }
        #expect(replay.steps.contains { $0.contentInset.bottom > 0 }, "the keyboard covered the field")
    }

    /// A scroll the adapter hands its engine is recorded with the offset,
    /// even one the view had (content that fits leaves nowhere to scroll:
    /// the user still looked there), so that a replay hands the engine a
    /// scroll again; a change of the content alone stays one.
    @Test func aScrollIsRecordedWithItsOffsetEvenWhereItDidNotMove() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("recorder-\(UUID().uuidString).kbtrace").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let app = LiveApp()
        let recorder = KeyboardTraceRecorder(path: path, layout: app.layout, policy: AvoidancePolicy(), center: NotificationCenter())
        recorder.record(.scrolled, in: app.layout)
        recorder.record(.contentChanged, in: app.layout)
        recorder.stop()
        let trace = try TraceReader.read(String(contentsOfFile: path, encoding: .utf8), file: path)
        #expect(trace.events.map { $0.event.avoiderEvent(focusedField: nil) } == [.scrolled, .contentChanged])
    }

    /// An app running other code states the promise it makes, and the
    /// recording says so.
    @Test func aRecordingStatesThePromiseItWasGiven() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("recorder-\(UUID().uuidString).kbtrace").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let recorder = KeyboardTraceRecorder(
            path: path, layout: LiveApp().layout, policy: AvoidancePolicy(distance: 12), promise: .visible, center: NotificationCenter())
        recorder.stop()
        let trace = try TraceReader.read(String(contentsOfFile: path, encoding: .utf8), file: path)
        #expect(trace.header.promise == .visible && trace.header.policy.distance == 12)
    }

    @Test func layoutAppearanceAndFieldListsAreRecorded() throws {
        let center = NotificationCenter()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("recorder-\(UUID().uuidString).kbtrace").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let recorder = KeyboardTraceRecorder(path: path, header: Self.header, center: center)
        recorder.appear()
        recorder.layout(LayoutChange(contentSize: KBSize(width: 375, height: 2000)), fields: [KBRect(x: 0, y: 1500, width: 375, height: 44)])
        recorder.focus(field: 0, caret: KBRect(x: 20, y: 1510, width: 2, height: 20))
        recorder.disappear()
        let trace = try TraceReader.read(String(contentsOfFile: path, encoding: .utf8), file: path)
        #expect(trace == recorder.trace.renumbered || trace.renumbered == recorder.trace.renumbered)
        #expect(trace.fieldLists == [[KBRect(x: 0, y: 1500, width: 375, height: 44)]])
        #expect(recorder.writeError == nil)
    }

    @Test func aWrongTypedValueIsLeftOutAndNamed() throws {
        let center = NotificationCenter()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("recorder-\(UUID().uuidString).kbtrace").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let recorder = KeyboardTraceRecorder(path: path, header: Self.header, center: center)
        var info = UserInfoEncoder.userInfo(for: Self.posts[0])
        info["UIKeyboardAnimationDurationUserInfoKey"] = "soon"
        center.post(name: Notification.Name("UIKeyboardWillShowNotification"), object: nil, userInfo: info)
        center.post(name: Notification.Name("UITextFieldTextDidChangeNotification"), object: nil, userInfo: nil)
        let events = recorder.trace.events
        #expect(events.count == 1)
        guard case .keyboard(let n) = events.first?.event else { Issue.record("not recorded"); return }
        #expect(n.duration == nil && n.frameEnd == Self.posts[0].frameEnd && n.curve == 7)
        #expect(recorder.droppedValues.count == 1 && recorder.droppedValues[0].contains("UIKeyboardAnimationDurationUserInfoKey"))
    }

    /// Turns of a run loop, ended by the test: what the recorder schedules
    /// runs when ``endTurn()`` is called, not before.
    final class ManualTurns: @unchecked Sendable {
        private let lock = NSLock()
        private var blocks: [@Sendable () -> Void] = []

        var scheduler: KeyboardTraceRecorder.ObservationScheduler {
            { [self] block in
                lock.lock()
                blocks.append(block)
                lock.unlock()
            }
        }

        func endTurn() {
            lock.lock()
            let due = blocks
            blocks = []
            lock.unlock()
            for block in due { block() }
        }
    }

    /// An app with its own keyboard code (Apple's 2013 recipe that grows the
    /// content view, Listing 4-3), observing
    /// the same notification center: each post moves its model scroll view,
    /// which the recorder reads through ``ScrollViewObserving``.
    final class RecipeApp: ScrollViewObserving, @unchecked Sendable {
        private let lock = NSLock()
        private var world: SimulatedWorld
        private var scrollView: ScrollViewModel
        private var recipe: Apple2013ContentFrameStrategy
        /// The scroll view after each event the app handled.
        private(set) var afterEach: [ObservedScrollView] = []
        private var tokens: [NSObjectProtocol] = []

        init(header: TraceHeader, center: NotificationCenter) {
            world = SimulatedWorld(trace: Trace(header: header, events: []))
            scrollView = ScrollViewModel(world.ownScrollView)
            recipe = Apple2013ContentFrameStrategy(world: world)
            for name in KeyboardNotification.Name.allCases {
                tokens.append(
                    center.addObserver(forName: Notification.Name(name.rawValue), object: nil, queue: nil) { [unowned self] n in
                        guard let decoded = try? UserInfoDecoder.decode(name: n.name.rawValue, userInfo: n.userInfo) else { return }
                        self.handle(.keyboard(decoded))
                    })
            }
        }

        func handle(_ event: TraceEvent) {
            lock.lock()
            defer { lock.unlock() }
            world.apply(event, scrollView: &scrollView)
            _ = recipe.handle(event, world: world, scrollView: &scrollView)
            afterEach.append(scrollView.observed(layoutSafeArea: world.ownScrollView.safeArea))
        }

        func observedScrollView() -> ObservedScrollView? {
            lock.lock()
            defer { lock.unlock() }
            return scrollView.observed(layoutSafeArea: world.ownScrollView.safeArea)
        }
    }

    /// The recorder observes an app's own keyboard code through real posts:
    /// each line holds the scroll view as the app's handler left it, whether
    /// the turn of the run loop ended before the next event or not, and
    /// `kbbench audit`'s core finds the recipe's violations in the recording,
    /// exactly those a replay of the recipe finds.
    @Test func anObservedRecordingAuditsToTheRecipesViolations() throws {
        let center = NotificationCenter()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("recorder-\(UUID().uuidString).kbtrace").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let turns = ManualTurns()
        // The recorder must hear each notification before the app's
        // handler acts on it. swift-corelibs-foundation calls a center's
        // observers in no fixed order (Apple documents none), so the app
        // observes a second center, posted to right after the recorder's.
        let appCenter = NotificationCenter()
        var app: RecipeApp?
        let observing = KeyboardTraceRecorder(
            path: path, header: Self.header, center: center, observing: ObservedLater { app }, scheduler: turns.scheduler)
        app = RecipeApp(header: Self.header, center: appCenter)
        let recipe = try #require(app)
        func post(_ n: KeyboardNotification) {
            center.post(UserInfoEncoder.notification(for: n))
            appCenter.post(UserInfoEncoder.notification(for: n))
        }

        observing.focus(field: 1)
        recipe.handle(.focus(field: 1, caret: nil))
        turns.endTurn()
        // WillShow and DidShow in one turn: the first is read as the second
        // is recorded, before the app's handler of the second runs.
        post(Self.posts[0])
        post(Self.posts[1])
        turns.endTurn()
        for n in Self.posts.dropFirst(2) {
            post(n)
            turns.endTurn()
        }
        observing.blur()
        recipe.handle(.blur)
        turns.endTurn()
        observing.stop()

        let trace = try TraceReader.read(String(contentsOfFile: path, encoding: .utf8), file: path)
        #expect(trace.events.count == 7)
        #expect(trace.events.map(trace.observed) == recipe.afterEach.map { Optional($0) }, "each line holds the state its handler left")
        #expect(Set(trace.events.compactMap(trace.observed)).count > 1, "the recipe moved the scroll view")

        let replayed = TraceReplayer.replay(trace, with: Apple2013ContentFrameStrategy.self)
        let audited = try TraceAudit.audit(trace, file: path, promise: Apple2013ContentFrameStrategy.promise(for: trace.header))
        #expect(audited.violationCount > 0, "the recipe fails on this iPhone X session")
        #expect(trace.events.contains { trace.observed($0)?.contentViewFrame != nil }, "the content view it grew is observed")
        #expect(audited.steps.map(\.violations) == replayed.steps.map { $0.violations.filter { $0 != .determinism } })
        #expect(audited.steps.map(\.after) == replayed.steps.map(\.after))
    }

    /// An own inset set under a shown keyboard is recorded with the offset
    /// when UIKit moved it before the adapter heard of the set (a layout
    /// pass pulling it into the app's smaller range, as the UIKit stand-in
    /// does under two of its readings), and without it when it stayed
    /// where the adapter left it: either way the recording replays to the
    /// live run.
    @Test(arguments: [0.0, -44.0])
    func anOwnInsetSetIsRecordedWithTheOffsetUIKitMoved(uikitMoves: Double) throws {
        let session = ObservedSession(LiveApp())
        let app = session.app
        session.focusAndShowTheKeyboard()
        app.setOwnInset(bottom: 100, uikitMoves: uikitMoves)
        session.hand(.ownInsetSet)
        let trace = try session.recorded()
        guard case .layout(let change) = try #require(trace.events.last).event else {
            Issue.record("the own inset set is not the last line: \(trace.events.map(\.event))")
            return
        }
        #expect(change.contentInset == KBEdgeInsets(top: 0, left: 0, bottom: 100, right: 0))
        let shown = try #require(app.afterEach.dropLast().last)
        #expect(shown.1.y > 0, "the keyboard scrolled the field into view")
        #expect(change.contentOffset == (uikitMoves == 0 ? nil : KBPoint(x: shown.1.x, y: shown.1.y + uikitMoves)))
        app.expectToBe(TraceReplayer.replay(trace, with: EngineStrategy.self))
    }

    /// Out of its window the view is not the adapter's to scroll, and it
    /// hears no scroll: an offset moved while the view was away (the app's
    /// own scroll, to 500, past the field the keyboard had scrolled to) is
    /// written with the appearance, as a layout line before it, so that the
    /// replay's engine starts where the live one did. An offset where the
    /// last event left it is left out: with 1,000 points of content (the
    /// field at 700), the restore on leaving pulled the offset back into the
    /// app's own range, and that move is the echo of the adapter's answer.
    @Test(arguments: [(nil, 1_000.0), (500.0, 1_400.0)])
    func anOffsetMovedWhileAwayIsRecordedWithTheAppearance(movedTo: Double?, contentHeight: Double) throws {
        var header = Self.header
        header.scrollView.contentSize.height = contentHeight
        let session = ObservedSession(LiveApp(header: header))
        let app = session.app
        session.focusAndShowTheKeyboard()
        app.apply(.disappear)
        session.hand(.viewDisappeared)
        if let movedTo { app.scroll(to: movedTo) }
        app.apply(.appear)
        session.hand(.viewAppeared)
        let trace = try session.recorded()
        let events = trace.events.map(\.event)
        #expect(events.last == .appear)
        var replay = TraceReplayer.replay(trace, with: EngineStrategy.self)
        if let movedTo {
            #expect(events.dropLast().last == .layout(LayoutChange(contentOffset: KBPoint(x: 0, y: movedTo))))
            // The layout line and the appearance happened at once: one live state.
            replay.steps.remove(at: replay.steps.count - 2)
            #expect(app.afterEach.last?.1.y == movedTo, "the field is in view where the app scrolled: the engine leaves the offset")
        } else {
            #expect(events.dropLast().last == .disappear)
            let (scrolled, restored) = (app.afterEach[2].1.y, app.afterEach[3].1.y)
            #expect(scrolled > restored, "the restore on leaving moved the offset: the echo the recorder leaves out")
        }
        app.expectToBe(replay)
    }

    /// A live session recorded as an adapter records it: the recorder
    /// observes the app and reads each event's state when its turn ends;
    /// the engine is handed each event with the app's layout, and its
    /// answer is performed. Its file is removed with it.
    final class ObservedSession {
        let center = NotificationCenter()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("recorder-\(UUID().uuidString).kbtrace").path
        let turns = ManualTurns()
        let app: LiveApp
        let recorder: KeyboardTraceRecorder
        private var avoider: KeyboardAvoider

        init(_ app: LiveApp) {
            self.app = app
            let policy = RecorderTests.header.policy
            recorder = KeyboardTraceRecorder(
                path: path, layout: app.layout, policy: policy, center: center, observing: app, scheduler: turns.scheduler)
            avoider = KeyboardAvoider(policy: policy, frameSpace: .oriented, visible: app.visible)
        }

        deinit { try? FileManager.default.removeItem(atPath: path) }

        func hand(_ event: AvoiderEvent) {
            let layout = app.layout
            let action = avoider.handle(event, in: layout)
            recorder.record(event, in: layout)
            app.perform(action)
            turns.endTurn()
        }

        /// The second field is focused, then the keyboard shows (its Will
        /// and Did posted and handed on).
        func focusAndShowTheKeyboard() {
            hand(.focusBegan(FocusedField(frame: RecorderTests.header.fields[1])))
            for n in RecorderTests.posts.prefix(2) {
                center.post(UserInfoEncoder.notification(for: n))
                hand(.keyboard(n))
            }
        }

        /// Stops the recorder and reads its file.
        func recorded() throws -> Trace {
            recorder.stop()
            return try TraceReader.read(String(contentsOfFile: path, encoding: .utf8), file: path)
        }
    }

    /// A source that reads another one made later (the app, which must
    /// register after the recorder).
    final class ObservedLater: ScrollViewObserving, @unchecked Sendable {
        let source: () -> ScrollViewObserving?
        init(_ source: @escaping () -> ScrollViewObserving?) { self.source = source }
        func observedScrollView() -> ObservedScrollView? { source()?.observedScrollView() }
    }
}
