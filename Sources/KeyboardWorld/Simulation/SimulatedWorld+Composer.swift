import KeyboardAvoidance

extension SimulatedWorld {
    /// Where the world puts `composer`'s top edge, in the window's
    /// coordinates: its bottom edge on the keyboard's top when a docked
    /// keyboard (one that reaches the screen's bottom edge) lies above the
    /// composer's resting line, else on that line (no keyboard, a floating
    /// or split one, a keyboard below the window), and its top `height`
    /// above that. The world's own reading, written apart from the
    /// engine's: the oracle judges a transcript against it, and the chat
    /// peers read their composer's frame from it.
    public func composerTop(_ composer: Composer) -> Double {
        var line = window.height - composer.restingInset
        if let k = keyboard, KeyboardPlacement.reachesBottomEdge(k, screen: screen) {
            line = Swift.min(line, k.minY - window.minY)
        }
        return line - composer.height
    }
}
