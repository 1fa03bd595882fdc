import Foundation
import KBTestSupport
import KeyboardHarness
import KeyboardStrategies
import KeyboardTrace
import KeyboardWorld
import Testing
import _KeyboardWorkloads

/// The streams the benchmarks replay: `engine`'s of screens of fields,
/// `engine-chat`'s of chat screens, where the transcript's path runs.
@Suite("The benchmarks' notification streams", .processTimeLimit)
struct NotificationStreamTests {
    /// The chat stream is of chat screens only, each notification met with
    /// the transcript's layout (its composer), and it has the chat's own
    /// events (a scroll, a message); the stream of screens of fields has no
    /// composer. The workload over it answers with an inset.
    @Test func theChatStreamIsOfChatScreens() throws {
        let chat = NotificationStream(chatScreens: 40), fields = NotificationStream(scenarios: 40)
        #expect(chat.traces == (0..<40).map { Shootout.trace(seed: Shootout.defaultSeed, index: $0, screens: .chat) }, "the shootout's chat screens")
        #expect(chat.traces.allSatisfy { $0.header.composer != nil })
        #expect(fields.traces.allSatisfy { $0.header.composer == nil })
        #expect(!chat.notifications.isEmpty && chat.notifications.allSatisfy { chat.steps[$0.trace][$0.step].layout.composer != nil })
        let handed = chat.steps.joined().compactMap { $0.event.avoiderEvent(focusedField: $0.field) }
        #expect(handed.contains(.scrolled) && handed.contains(.contentChanged))
        // Built over the shared stream of screens of fields, as `bench`
        // builds every workload: it replays its own.
        let workload = try #require(WorkloadCatalog.workload(named: "engine-chat", fields))
        let own = NotificationStream(chatScreens: WorkloadCatalog.chatScreens)
        #expect(workload.name == "engine-chat" && workload.count == own.notifications.count && workload.count != fields.notifications.count)
        #expect((0..<workload.count).contains { workload.run($0) > 0 }, "some notification is answered with an inset")
    }

    /// A pass over a recipe's workload handles every step of a trace
    /// through each notification exactly once, in order, the notification's
    /// own step included: each notification's checksum is the applies among
    /// the steps after the one handled before it, through its own, as a
    /// strategy handling the trace's steps one by one counts them (seed 1's
    /// first 30 scenarios, the engine as a strategy).
    @Test func aPassHandlesEachStepThroughItsNotificationOnce() throws {
        let stream = NotificationStream(scenarios: 30)
        let workload = try #require(WorkloadCatalog.workload(named: "engine-model", stream))
        var strategies = stream.traces.map { EngineStrategy(world: WorldReplay($0).world) }
        var scrollViews = stream.traces.map { WorldReplay($0).scrollView }
        var handled = Array(repeating: 0, count: stream.traces.count)
        var expected: [Int] = []
        for (t, s) in stream.notifications {
            try #require(handled[t] <= s, "trace \(t)'s notifications are in order")
            var applies = 0
            for step in stream.steps[t][handled[t]...s] {
                applies += strategies[t].handle(step.event, world: step.world, scrollView: &scrollViews[t]).action == .apply ? 1 : 0
            }
            handled[t] = s + 1
            expected.append(applies)
        }
        #expect((0..<workload.count).map { workload.run($0) } == expected)
        #expect(expected.contains { $0 > 0 }, "some notification is answered with an inset")
    }

    /// A rehearsal (what a planted slowdown repeats) is the notification's
    /// own work on copies: it answers as the run of that notification
    /// does, and keeps nothing, so a workload that rehearses every
    /// notification runs as one that never does. Over two passes, so that
    /// each trace starts again (seed 1's first 30 scenarios, the engine as
    /// a strategy and a recipe).
    @Test(arguments: ["engine-model", "apple2013"])
    func aRehearsalAnswersAsTheRunAndKeepsNothing(name: String) throws {
        let stream = NotificationStream(scenarios: 30)
        let rehearsed = try #require(WorkloadCatalog.workload(named: name, stream))
        let plain = try #require(WorkloadCatalog.workload(named: name, stream))
        var applied = 0
        for i in 0..<(2 * plain.count) {
            let rehearsal = rehearsed.rehearse(i), run = rehearsed.run(i), alone = plain.run(i)
            #expect(rehearsal == run && run == alone, "notification \(i): rehearsed \(rehearsal), run \(run), alone \(alone)")
            if rehearsal != run || run != alone { return }
            applied += run
        }
        #expect(applied > 0, "some notification is answered with an inset")
    }

    /// docs/benchmarks.md says how many chat screens `engine-chat` replays:
    /// the number its count is of.
    @Test func theDocsSayHowManyChatScreensTheChatStreamHas() throws {
        let docs = try Repository.text("docs/benchmarks.md")
        let said = try #require(docs.firstMatch(of: /the shootout's first (\d+) chat screens/), "docs/benchmarks.md names no count")
        #expect(Int(said.1) == WorkloadCatalog.chatScreens)
    }
}
