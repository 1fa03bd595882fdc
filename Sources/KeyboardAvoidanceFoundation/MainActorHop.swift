import Foundation

/// Runs what a notification's observer hands over on the main actor: at
/// once when called on the main thread (where UIKit posts its keyboard and
/// editing notifications), else on the next turn of the main queue. The
/// UIKit and SwiftUI adapters both observe with blocks that run on the
/// posting thread and cross here.
package enum MainActorHop {
    package static func run(_ body: @escaping @MainActor @Sendable () -> Void) {
        if Thread.isMainThread {
            MainActor.assumeIsolated { body() }
        } else {
            DispatchQueue.main.async { body() }
        }
    }
}
