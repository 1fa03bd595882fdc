#if canImport(UIKit)
import Foundation
import KeyboardAvoidance
import KeyboardAvoidanceFoundation
import KeyboardAvoidanceUIKit
import KeyboardGeometry
import KeyboardTrace
import KeyboardTraceCapture
import Testing
import UIKit

/// The recorder observing a real `UIScrollView` that the app's own keyboard
/// code moves (no engine attached): what `kbbench audit` reads. The same
/// logic is tested on Linux with a model scroll view
/// (Tests/KeyboardTraceCaptureTests/RecorderTests.swift).
@MainActor
@Suite("Recording what an app did, on the iOS Simulator", .serialized)
struct RecorderSimulatorTests {
    @Test func theRecorderObservesWhatTheAppsOwnHandlerDid() async throws {
        let s = AdapterSimulatorTests.Scene()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("observed-\(UUID().uuidString).kbtrace").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let layout = try #require(KeyboardAvoidanceController.layout(of: s.scrollView))
        #expect(layout.scrollView.contentInset == KBEdgeInsets(AdapterSimulatorTests.own))
        let recorder = KeyboardTraceRecorder(path: path, layout: layout, policy: AvoidancePolicy(), observing: s.scrollView)
        // The app's own handler, registered after the recorder: the
        // keyboard's height as the bottom inset.
        let scrollView = s.scrollView
        let token = NotificationCenter.default.addObserver(
            forName: Notification.Name(KeyboardNotification.Name.willShow.rawValue), object: nil, queue: nil
        ) { n in
            let height = (try? UserInfoDecoder.decode(name: n.name.rawValue, userInfo: n.userInfo))?.frameEnd?.height ?? 0
            MainActor.assumeIsolated { scrollView.contentInset.bottom = CGFloat(height) }
        }
        defer { NotificationCenter.default.removeObserver(token) }
        s.post(s.show)
        await s.settle()
        recorder.stop()
        let trace = try TraceReader.read(String(contentsOfFile: path, encoding: .utf8), file: path)
        let observed = try #require(trace.events.last.flatMap(trace.observed))
        #expect(observed.contentInset.bottom == Double(AdapterSimulatorTests.keyboardHeight))
        #expect(observed.frame == KBRect(x: 0, y: 88, width: Double(s.screen.width), height: Double(s.screen.height - 88)))
    }
}
#endif
