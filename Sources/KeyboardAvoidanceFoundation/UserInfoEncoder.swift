import Foundation
import KeyboardAvoidance
import KeyboardGeometry

/// Builds the userInfo UIKit would post for a ``KeyboardNotification``:
/// `NSValue` rects and points, `NSNumber` values, absent keys left out.
///
/// Used by the harness and the benchmarks to post real notifications, and
/// by tests as the inverse of ``UserInfoDecoder``: decoding what this builds
/// gives back the notification exactly.
public enum UserInfoEncoder {
    public static func userInfo(for n: KeyboardNotification) -> [AnyHashable: Any] {
        var info: [AnyHashable: Any] = [:]
        if let r = n.frameBegin { info[UserInfoKey.frameBegin.rawValue] = NSValue(rect: cgRect(r)) }
        if let r = n.frameEnd { info[UserInfoKey.frameEnd.rawValue] = NSValue(rect: cgRect(r)) }
        if let s = n.bounds {
            info[UserInfoKey.bounds.rawValue] = NSValue(rect: CGRect(x: 0, y: 0, width: s.width, height: s.height))
        }
        if let p = n.centerBegin { info[UserInfoKey.centerBegin.rawValue] = NSValue(point: CGPoint(x: p.x, y: p.y)) }
        if let p = n.centerEnd { info[UserInfoKey.centerEnd.rawValue] = NSValue(point: CGPoint(x: p.x, y: p.y)) }
        if let d = n.duration { info[UserInfoKey.animationDuration.rawValue] = NSNumber(value: d) }
        if let c = n.curve { info[UserInfoKey.animationCurve.rawValue] = NSNumber(value: c) }
        if let l = n.isLocal { info[UserInfoKey.isLocal.rawValue] = NSNumber(value: l) }
        return info
    }

    /// The notification as `NotificationCenter` carries it.
    public static func notification(for n: KeyboardNotification, object: Any? = nil) -> Notification {
        Notification(name: Notification.Name(n.name.rawValue), object: object, userInfo: userInfo(for: n))
    }

    private static func cgRect(_ r: KBRect) -> CGRect {
        CGRect(x: r.origin.x, y: r.origin.y, width: r.size.width, height: r.size.height)
    }
}
