import Foundation
import KBTestSupport
import KeyboardHarness
import KeyboardTrace
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

    /// docs/benchmarks.md says how many chat screens `engine-chat` replays:
    /// the number its count is of.
    @Test func theDocsSayHowManyChatScreensTheChatStreamHas() throws {
        let docs = try Repository.text("docs/benchmarks.md")
        let said = try #require(docs.firstMatch(of: /the shootout's first (\d+) chat screens/), "docs/benchmarks.md names no count")
        #expect(Int(said.1) == WorkloadCatalog.chatScreens)
    }
}
