import KeyboardGeometry

/// Where the app's window (or the presented view) sits on screen.
public enum WindowPlacement: String, Hashable, Sendable, CaseIterable {
    /// The whole screen.
    case fullScreen
    /// iPad Slide Over: a 320 pt column at the right.
    case slideOver
    /// iPad Split View: the left half.
    case splitView
    /// iPad Stage Manager: a window inset from every edge.
    case stageManager
    /// iPad form sheet: 540 × 620 centred.
    case formSheet

    /// The window's frame on a screen of `screen` size, in the oriented space.
    /// Placements that need an iPad-sized screen fall back to full screen.
    public func frame(on screen: Size) -> Rect {
        let w = screen.width, h = screen.height
        switch self {
        case .fullScreen:
            return Rect(x: 0, y: 0, width: w, height: h)
        case .slideOver:
            return w >= 700 ? Rect(x: w - 320, y: 0, width: 320, height: h) : Rect(x: 0, y: 0, width: w, height: h)
        case .splitView:
            return w >= 700 ? Rect(x: 0, y: 0, width: (w / 2 - 5).rounded(.down), height: h) : Rect(x: 0, y: 0, width: w, height: h)
        case .stageManager:
            return w >= 700 ? Rect(x: 80, y: 60, width: w - 240, height: h - 180) : Rect(x: 0, y: 0, width: w, height: h)
        case .formSheet:
            guard w >= 700, h >= 700 else { return Rect(x: 0, y: 0, width: w, height: h) }
            return Rect(x: ((w - 540) / 2).rounded(.down), y: ((h - 620) / 2).rounded(.down), width: 540, height: 620)
        }
    }
}
