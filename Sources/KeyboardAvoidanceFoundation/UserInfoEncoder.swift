import Foundation
import KeyboardAvoidance
import KeyboardGeometry

#if canImport(UIKit)
import UIKit
#endif

/// Builds the userInfo UIKit would post for a ``KeyboardNotification``:
/// `NSValue` rects and points, `NSNumber` values, absent keys left out.
///
/// Used by the harness and the benchmarks to post real notifications, and
/// by tests as the inverse of ``UserInfoDecoder``: decoding what this builds
/// gives back the notification exactly.
public enum UserInfoEncoder {
    public static func userInfo(for n: KeyboardNotification) -> [AnyHashable: Any] {
        var info: [AnyHashable: Any] = [:]
        if let r = n.frameBegin { info[UserInfoKey.frameBegin.rawValue] = value(r) }
        if let r = n.frameEnd { info[UserInfoKey.frameEnd.rawValue] = value(r) }
        if let s = n.bounds { info[UserInfoKey.bounds.rawValue] = value(KBRect(x: 0, y: 0, width: s.width, height: s.height)) }
        if let p = n.centerBegin { info[UserInfoKey.centerBegin.rawValue] = value(p) }
        if let p = n.centerEnd { info[UserInfoKey.centerEnd.rawValue] = value(p) }
        if let d = n.duration { info[UserInfoKey.animationDuration.rawValue] = NSNumber(value: d) }
        if let c = n.curve { info[UserInfoKey.animationCurve.rawValue] = NSNumber(value: c) }
        if let l = n.isLocal { info[UserInfoKey.isLocal.rawValue] = NSNumber(value: l) }
        return info
    }

    /// The notification as `NotificationCenter` carries it.
    public static func notification(for n: KeyboardNotification, object: Any? = nil) -> Notification {
        Notification(name: Notification.Name(n.name.rawValue), object: object, userInfo: userInfo(for: n))
    }

    /// An `NSValue` holding `r` as a `CGRect`, made as UIKit makes them
    /// (`NSValue(cgRect:)` comes with UIKit; `NSValue(rect:)` exists on macOS
    /// and in swift-corelibs-foundation only).
    private static func value(_ r: KBRect) -> NSValue {
        let rect = CGRect(x: r.origin.x, y: r.origin.y, width: r.size.width, height: r.size.height)
        #if canImport(UIKit)
        return NSValue(cgRect: rect)
        #else
        return NSValue(rect: rect)
        #endif
    }

    /// An `NSValue` holding `p` as a `CGPoint` (see ``value(_:)-(KBRect)``).
    private static func value(_ p: KBPoint) -> NSValue {
        let point = CGPoint(x: p.x, y: p.y)
        #if canImport(UIKit)
        return NSValue(cgPoint: point)
        #else
        return NSValue(point: point)
        #endif
    }
}
