import KeyboardGeometry

/// Turns a notification's frame keys into the keyboard's end frame: first as
/// the payload gives it (its raw frame, in the payload's own space), then in
/// the oriented screen space.
///
/// - `UIKeyboardFrameEndUserInfoKey` wins when present.
/// - Otherwise the legacy keys (iPhone OS 3, the only system that sends them
///   alone): a rect of `bounds` size centred on `centerEnd`; the bounds'
///   own origin is never used. The centre is in the window's unrotated
///   (fixed portrait) space, while the bounds are the keyboard's own size as
///   the interface sees it (480 × 162 in landscape on a 320 × 480 phone), so
///   in landscape the size is transposed into the fixed space before the
///   rect is built (see docs/contract.md, "Legacy keys").
/// - Frames in the fixed portrait space are rotated into the oriented space
///   using the snapshot's screen and orientation; frames in the key window's
///   space (iOS 8–12) are moved by the window's origin.
enum KeyboardFrameResolution {
    /// The end frame in the payload's own space, or nil when the
    /// notification carries neither form.
    static func rawEndFrame(of n: KeyboardNotification, space: KeyboardFrameSpace, orientation: InterfaceOrientation) -> KBRect? {
        if let end = n.frameEnd { return end }
        guard let bounds = n.bounds, let center = n.centerEnd else { return nil }
        let size = space == .fixedPortrait && orientation.isLandscape ? bounds.transposed : bounds
        return KBRect(x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height)
    }

    /// A raw frame in the oriented screen space.
    @inline(__always)
    static func oriented(_ raw: KBRect, space: KeyboardFrameSpace, layout: LayoutSnapshot) -> KBRect {
        switch space {
        case .oriented:
            return raw
        case .window:
            return raw.offsetBy(dx: layout.window.minX, dy: layout.window.minY)
        case .fixedPortrait:
            return FixedScreenSpace(orientedSize: layout.screen, orientation: layout.orientation).orientedRect(fromFixed: raw)
        }
    }
}
