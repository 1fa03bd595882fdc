/// The orientation of the app's interface, with `UIInterfaceOrientation`'s
/// meaning.
///
/// `landscapeRight` has the home button (the device's portrait bottom) on
/// the right, so the fixed portrait space's left edge (x = 0) is the
/// interface's bottom; `landscapeLeft` is the mirror image. The raw values
/// are the names used in trace files.
public enum InterfaceOrientation: String, Hashable, Sendable, CaseIterable {
    case portrait
    case portraitUpsideDown
    case landscapeLeft
    case landscapeRight

    /// True for the two landscape orientations, where the interface's width
    /// is the device's portrait height.
    @inlinable
    public var isLandscape: Bool {
        switch self {
        case .portrait, .portraitUpsideDown: false
        case .landscapeLeft, .landscapeRight: true
        }
    }
}
