import Foundation

/// Runs what a notification's observer hands over on the main actor: at
/// once when called on the main queue (where UIKit posts its keyboard and
/// editing notifications), else on the next turn of the main queue. The
/// UIKit and SwiftUI adapters both observe with blocks that run on the
/// posting thread and cross here.
///
/// "On the main queue" is the main thread, or a block of the main queue
/// run by another thread: an app's main queue runs only on the main
/// thread, but a process that parks its main thread in `dispatch_main()`
/// (Swift Testing's runner on Linux) has the main queue's blocks, and so
/// the main actor's jobs, run by a worker thread.
package enum MainActorHop {
    package static func run(_ body: @escaping @MainActor @Sendable () -> Void) {
        if isOnTheMainQueue {
            MainActor.assumeIsolated { body() }
        } else {
            DispatchQueue.main.async { body() }
        }
    }

    /// Whether the caller runs on the main queue (see the type's comment).
    package static var isOnTheMainQueue: Bool {
        Thread.isMainThread || DispatchQueue.getSpecific(key: mark.key) == true
    }

    /// A key the main queue, and only it, carries, set once on first use.
    private static let mark: MainQueueMark = {
        let mark = MainQueueMark()
        DispatchQueue.main.setSpecific(key: mark.key, value: true)
        return mark
    }()
}

/// A key for the main queue's specific value. `DispatchSpecificKey` is
/// `Sendable` on Apple platforms (for a `Sendable` value) but not on
/// Linux; the key is never changed after it is made.
private struct MainQueueMark: @unchecked Sendable {
    let key = DispatchSpecificKey<Bool>()
}
