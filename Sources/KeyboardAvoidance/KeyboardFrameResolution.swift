import KeyboardGeometry

/// Turns a notification's frame keys into the keyboard's end frame in the
/// oriented screen space.
///
/// - `UIKeyboardFrameEndUserInfoKey` wins when present.
/// - Otherwise the legacy iPhone OS 3 keys: a rect of `bounds` size centred
///   on `centerEnd` (the bounds' own origin is never used).
/// - Frames in the fixed portrait space are rotated into the oriented space
///   using the snapshot's screen and orientation.
enum KeyboardFrameResolution {
    /// The end frame, or nil when the notification carries neither form.
    static func endFrame(of n: KeyboardNotification, space: KeyboardFrameSpace, layout: LayoutSnapshot) -> Rect? {
        let raw: Rect
        if let end = n.frameEnd {
            raw = end
        } else if let size = n.bounds, let center = n.centerEnd {
            raw = Rect(x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height)
        } else {
            return nil
        }
        switch space {
        case .oriented:
            return raw
        case .fixedPortrait:
            return FixedScreenSpace(orientedSize: layout.screen, orientation: layout.orientation).orientedRect(fromFixed: raw)
        }
    }
}
