#if canImport(UIKit)
import KeyboardAvoidanceFoundation
import UIKit

/// The observation of a window scene's `effectiveGeometry` (iOS 16), which
/// changes when the user moves, resizes or tiles the window (Stage Manager,
/// iPadOS 26's windows, Split View) and is key-value observing compliant
/// (docs/sources.md, [uikit-effective-geometry]). A module of its own,
/// available from iOS 16 alone, so that the adapter (iOS 13) reaches it
/// only through `#available` (the Apple check compiles a module's Apple-only
/// code at one minimum: docs/apple-api.md).
@available(iOS 16.0, *)
@MainActor
package enum SceneGeometryObservation {
    /// Calls `changed` on the main actor after each change of `scene`'s
    /// geometry, until the observation returned is released.
    package static func observe(_ scene: UIWindowScene, changed: @escaping @MainActor @Sendable () -> Void) -> NSKeyValueObservation {
        scene.observe(\.effectiveGeometry, options: [.new]) { _, _ in
            MainActorHop.run { changed() }
        }
    }
}
#endif
