import KeyboardGeometry

/// The windows a user places and sizes: Stage Manager's (iPadOS 16 on the
/// iPads that run it) and iPadOS 26's windowed apps ([tn3192],
/// [ipados26-windows] in docs/sources.md), and the places Split View and
/// Slide Over offer.
///
/// Rules, each from a source or marked as an estimate:
/// - a free window sits anywhere on the screen at any size from the minimum
///   up to the screen's: resized from a corner, moved by its title bar,
///   overlapping others ([ipados26-windows]);
/// - it stays on the screen (estimate: the sources show windows moved,
///   tiled and resized on screen, none dragged past an edge);
/// - it is at least 320 × 320 pt (estimate: the system's floor is not
///   documented, and an app may raise it, [uiscene-size-restrictions]);
/// - the window controls tile it: the whole screen, halves, quarters and
///   thirds ([ipados26-windows]);
/// - Split View's divider gives a third, a half or two thirds of the screen
///   less a 10 pt gutter, the app on the left; Slide Over's 320 pt column
///   sits at either side ([apple-availability]);
/// - when the interface rotates, a free window keeps its place and size in
///   proportion to the screen, then the rules above; a Split View window
///   keeps its share and a Slide Over column its side (estimate).
package enum FreeWindows {
    /// The smallest free window (estimate, above).
    package static let minimumSize = KBSize(width: 320, height: 320)

    /// Whether a free window may have `frame` on a screen of `screen`
    /// size: at least ``minimumSize``, inside the screen.
    package static func allows(_ frame: KBRect, on screen: KBSize) -> Bool {
        frame.width >= minimumSize.width && frame.height >= minimumSize.height && frame.minX >= 0 && frame.minY >= 0
            && frame.maxX <= screen.width && frame.maxY <= screen.height
    }

    /// `frame` made one ``allows(_:on:)`` accepts: its size between
    /// ``minimumSize`` and the screen's, then its origin moved just enough
    /// to bring it inside the screen.
    package static func kept(_ frame: KBRect, on screen: KBSize) -> KBRect {
        let w = Swift.min(Swift.max(frame.width, minimumSize.width), screen.width)
        let h = Swift.min(Swift.max(frame.height, minimumSize.height), screen.height)
        let x = Swift.min(Swift.max(frame.minX, 0), screen.width - w)
        let y = Swift.min(Swift.max(frame.minY, 0), screen.height - h)
        return KBRect(x: x, y: y, width: w, height: h)
    }

    /// A free window after the screen turns from `old` to `new` (sizes in
    /// the oriented space): its origin and size scaled with the screen's,
    /// rounded to whole points, then ``kept(_:on:)``.
    package static func rotated(_ frame: KBRect, from old: KBSize, to new: KBSize) -> KBRect {
        guard old != new, old.width > 0, old.height > 0 else { return kept(frame, on: new) }
        let sx = new.width / old.width, sy = new.height / old.height
        let scaled = KBRect(
            x: (frame.minX * sx).rounded(), y: (frame.minY * sy).rounded(), width: (frame.width * sx).rounded(),
            height: (frame.height * sy).rounded())
        return kept(scaled, on: new)
    }

    /// The tiles the window controls offer on a screen of `screen` size:
    /// the whole screen, the left and right halves, the top and bottom
    /// halves, the four quarters, and the three thirds side by side.
    package static func tiles(on screen: KBSize) -> [KBRect] {
        let w = screen.width, h = screen.height
        let halfW = (w / 2).rounded(.down), halfH = (h / 2).rounded(.down), third = (w / 3).rounded(.down)
        return [
            KBRect(x: 0, y: 0, width: w, height: h),
            KBRect(x: 0, y: 0, width: halfW, height: h), KBRect(x: w - halfW, y: 0, width: halfW, height: h),
            KBRect(x: 0, y: 0, width: w, height: halfH), KBRect(x: 0, y: h - halfH, width: w, height: halfH),
            KBRect(x: 0, y: 0, width: halfW, height: halfH), KBRect(x: w - halfW, y: 0, width: halfW, height: halfH),
            KBRect(x: 0, y: h - halfH, width: halfW, height: halfH), KBRect(x: w - halfW, y: h - halfH, width: halfW, height: halfH),
            KBRect(x: 0, y: 0, width: third, height: h), KBRect(x: third, y: 0, width: third, height: h),
            KBRect(x: 2 * third, y: 0, width: w - 2 * third, height: h),
        ].filter { allows($0, on: screen) }
    }

    /// Split View's three widths for the app on the left: a third, a half
    /// and two thirds of the screen less the 10 pt gutter, rounded down
    /// (the half is ``WindowPlacement/splitView``'s own frame).
    package static func splitViewFrames(on screen: KBSize) -> [KBRect] {
        [1.0 / 3, 0.5, 2.0 / 3].map { KBRect(x: 0, y: 0, width: ((screen.width - 10) * $0).rounded(.down), height: screen.height) }
    }

    /// Slide Over's column at the right (``WindowPlacement/slideOver``'s own
    /// frame) and at the left.
    package static func slideOverFrames(on screen: KBSize) -> [KBRect] {
        [KBRect(x: screen.width - 320, y: 0, width: 320, height: screen.height), KBRect(x: 0, y: 0, width: 320, height: screen.height)]
    }
}
