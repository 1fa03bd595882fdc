/// The stand-in's `ObjectiveC` module: the runtime functions the UIKit glue
/// calls, for the objects of the stand-in's UIKit. Linux has no Objective-C
/// runtime, so there is no per-object side table to hang values on: an
/// object that takes associated values keeps them itself
/// (``AssociatedObjectHolding``), and they are released with it, as the
/// runtime releases an object's associations when it is deallocated.
///
/// Edge cases, as the runtime has them:
/// - setting nil removes the association;
/// - `OBJC_ASSOCIATION_ASSIGN` holds the value without retaining it (weakly
///   here: the runtime's unretained pointer would dangle, a weak one reads
///   as nil, which no caller of ours relies on either way);
/// - every other policy retains it (copying is not modelled: the glue
///   associates a class instance).
///
/// An object of another kind cannot hold associations here: setting one
/// stops the program, saying so (a stand-in that silently dropped it would
/// hide the glue's lifetime rules).
public struct objc_AssociationPolicy: RawRepresentable, Equatable, Sendable {
    public var rawValue: UInt

    public init(rawValue: UInt) { self.rawValue = rawValue }

    public init?(_ rawValue: UInt) { self.init(rawValue: rawValue) }

    public static let OBJC_ASSOCIATION_ASSIGN = objc_AssociationPolicy(rawValue: 0)
    public static let OBJC_ASSOCIATION_RETAIN_NONATOMIC = objc_AssociationPolicy(rawValue: 1)
    public static let OBJC_ASSOCIATION_COPY_NONATOMIC = objc_AssociationPolicy(rawValue: 3)
    public static let OBJC_ASSOCIATION_RETAIN = objc_AssociationPolicy(rawValue: 0o1401)
    public static let OBJC_ASSOCIATION_COPY = objc_AssociationPolicy(rawValue: 0o1403)
}

/// An object that keeps its own associated values (the stand-in's UIKit
/// objects do).
public protocol AssociatedObjectHolding: AnyObject {
    /// The object's associations, released with it.
    nonisolated var associatedObjects: AssociatedObjects { get }
}

/// One object's associations, by key.
public final class AssociatedObjects: @unchecked Sendable {
    private enum Entry {
        case retained(Any)
        case unretained(Weak)
    }

    private final class Weak {
        weak var value: AnyObject?
        init(_ value: AnyObject) { self.value = value }
    }

    private var entries: [UnsafeRawPointer: Entry] = [:]

    public init() {}

    func set(_ value: Any?, for key: UnsafeRawPointer, policy: objc_AssociationPolicy) {
        guard let value else {
            entries[key] = nil
            return
        }
        if policy == .OBJC_ASSOCIATION_ASSIGN, let object = value as AnyObject? {
            entries[key] = .unretained(Weak(object))
        } else {
            entries[key] = .retained(value)
        }
    }

    func value(for key: UnsafeRawPointer) -> Any? {
        switch entries[key] {
        case .retained(let v): v
        case .unretained(let w): w.value
        case nil: nil
        }
    }

    /// How many keys hold a value (for tests of the glue's lifetime rules).
    public var count: Int { entries.count }
}

private func holder(_ object: Any, _ function: StaticString) -> AssociatedObjectHolding {
    guard let holder = object as? AssociatedObjectHolding else {
        fatalError("\(function): the UIKit stand-in keeps associated objects only on its own objects, not on \(type(of: object))")
    }
    return holder
}

/// Sets (or, with nil, removes) the value `object` associates with `key`.
public func objc_setAssociatedObject(_ object: Any, _ key: UnsafeRawPointer, _ value: Any?, _ policy: objc_AssociationPolicy) {
    holder(object, #function).associatedObjects.set(value, for: key, policy: policy)
}

/// The value `object` associates with `key`, or nil.
public func objc_getAssociatedObject(_ object: Any, _ key: UnsafeRawPointer) -> Any? {
    holder(object, #function).associatedObjects.value(for: key)
}

/// Runs `body`. Linux's Swift has no autorelease pool (reference counting
/// releases at once), so draining one is nothing to do.
public func autoreleasepool<Result>(invoking body: () throws -> Result) rethrows -> Result {
    try body()
}
