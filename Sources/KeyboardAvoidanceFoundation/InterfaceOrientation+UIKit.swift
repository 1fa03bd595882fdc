import KeyboardAvoidance
import KeyboardGeometry

extension InterfaceOrientation {
    /// `UIInterfaceOrientation`'s raw value as an orientation: 1 portrait,
    /// 2 upside down, 3 landscapeRight, 4 landscapeLeft (UIKit names them
    /// after the home button's side, the reverse of the device's
    /// orientation). 0 (unknown) or anything else reads by the screen's
    /// shape: portrait when taller than wide, else landscapeRight; the side
    /// matters only for iOS 7 frames, which the adapters (iOS 13 and later)
    /// never receive.
    package init(uiKitRawValue rawValue: Int, screen: KBSize) {
        switch rawValue {
        case 1: self = .portrait
        case 2: self = .portraitUpsideDown
        case 3: self = .landscapeRight
        case 4: self = .landscapeLeft
        default: self = screen.width > screen.height ? .landscapeRight : .portrait
        }
    }
}
