/// Key-value observing of the stand-in's views, with the API of
/// Foundation's Swift overlay (`observe(_:options:changeHandler:)` and
/// `NSKeyValueObservation`), which swift-corelibs-foundation lacks.
///
/// What is observable is what the glue observes: a view's `frame` and
/// `bounds`; a scroll view's `contentOffset`, `contentSize`,
/// `contentInset` and `verticalScrollIndicatorInsets`; a window scene's
/// `effectiveGeometry`. Observing any other key path stops the program,
/// naming it.
///
/// Rules, as key-value observing has them:
/// - every set notifies, whether or not the value changed;
/// - a scroll view's offset is its bounds' origin, so setting it notifies
///   `bounds` observers too; setting a frame notifies `bounds` observers
///   only under ``UIKitReadings/frameChangeNotifiesBoundsObservers``;
/// - observers are notified inside the setter, or, under the other reading
///   (``UIKitReadings/observersNotifiedInsideTheSetter``), on the next turn
///   of the main queue with the values as they were set;
/// - `.initial` notifies at once, while observing begins; `.prior` is not
///   supported (nothing of ours asks for it);
/// - an observation ends when it is invalidated or released, and never
///   keeps the object alive.
public struct NSKeyValueObservingOptions: OptionSet, Sendable {
    public let rawValue: UInt

    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let new = NSKeyValueObservingOptions(rawValue: 1)
    public static let old = NSKeyValueObservingOptions(rawValue: 2)
    public static let initial = NSKeyValueObservingOptions(rawValue: 4)
    public static let prior = NSKeyValueObservingOptions(rawValue: 8)
}

/// The kind of change (only setting: the observable keys are not
/// collections).
public enum NSKeyValueChange: UInt, Sendable {
    case setting = 1
    case insertion, removal, replacement
}

/// One change, as the overlay hands it to a handler.
public struct NSKeyValueObservedChange<Value> {
    public typealias Kind = NSKeyValueChange
    public let kind: Kind
    /// The value set, when observed with `.new`.
    public let newValue: Value?
    /// The value before, when observed with `.old`.
    public let oldValue: Value?
    public let indexes: IndexSet?
    public let isPrior: Bool
}

/// An observation; it ends when invalidated or released.
open class NSKeyValueObservation: NSObject {
    /// Called as the setter begins (to read the old value) and once it has
    /// set the new one; nil once invalidated.
    fileprivate var willChange: (@MainActor () -> Void)?
    fileprivate var didChange: (@MainActor () -> Void)?

    /// Ends the observation.
    public func invalidate() {
        willChange = nil
        didChange = nil
    }
}

/// The protocol Foundation's overlay hangs `observe` on.
public protocol _KeyValueCodingAndObserving {}

extension UIView: _KeyValueCodingAndObserving {}
extension UIWindowScene: _KeyValueCodingAndObserving {
    /// How many key-value observations of this scene are live.
    public var liveKeyValueObservations: Int { observers.liveCount }
}

/// A key the stand-in's setters report.
enum ObservedKey: Hashable, Sendable {
    case frame, bounds, contentOffset, contentSize, contentInset, verticalScrollIndicatorInsets, effectiveGeometry
}

extension _KeyValueCodingAndObserving where Self: UIWindowScene {
    /// Observes `keyPath` (`effectiveGeometry`) of this window scene.
    @MainActor
    public func observe<Value>(
        _ keyPath: KeyPath<Self, Value>, options: NSKeyValueObservingOptions = [],
        changeHandler: @escaping (Self, NSKeyValueObservedChange<Value>) -> Void
    ) -> NSKeyValueObservation {
        guard keyPath == \Self.effectiveGeometry else { fatalError("the UIKit stand-in does not report changes of \(keyPath) on \(Self.self)") }
        return Self.observation(
            of: self, keyPath, options: options, filed: { observers.add($0, for: .effectiveGeometry) }, changeHandler: changeHandler)
    }
}

extension _KeyValueCodingAndObserving where Self: UIView {
    /// Observes `keyPath` (`frame` or `bounds`) of this view.
    @MainActor
    public func observe<Value>(
        _ keyPath: KeyPath<Self, Value>, options: NSKeyValueObservingOptions = [],
        changeHandler: @escaping (Self, NSKeyValueObservedChange<Value>) -> Void
    ) -> NSKeyValueObservation {
        let keys: [AnyKeyPath: ObservedKey] = [\Self.frame: .frame, \Self.bounds: .bounds]
        return register(keyPath, key: keys[keyPath], options: options, changeHandler: changeHandler)
    }
}

extension _KeyValueCodingAndObserving where Self: UIScrollView {
    /// Observes `keyPath` (`frame`, `bounds`, `contentOffset`,
    /// `contentSize`, `contentInset` or `verticalScrollIndicatorInsets`) of
    /// this scroll view.
    @MainActor
    public func observe<Value>(
        _ keyPath: KeyPath<Self, Value>, options: NSKeyValueObservingOptions = [],
        changeHandler: @escaping (Self, NSKeyValueObservedChange<Value>) -> Void
    ) -> NSKeyValueObservation {
        let keys: [AnyKeyPath: ObservedKey] = [
            \Self.frame: .frame, \Self.bounds: .bounds, \Self.contentOffset: .contentOffset, \Self.contentSize: .contentSize,
            \Self.contentInset: .contentInset, \Self.verticalScrollIndicatorInsets: .verticalScrollIndicatorInsets,
        ]
        return register(keyPath, key: keys[keyPath], options: options, changeHandler: changeHandler)
    }
}

extension _KeyValueCodingAndObserving where Self: UIView {
    @MainActor
    fileprivate func register<Value>(
        _ keyPath: KeyPath<Self, Value>, key: ObservedKey?, options: NSKeyValueObservingOptions,
        changeHandler: @escaping (Self, NSKeyValueObservedChange<Value>) -> Void
    ) -> NSKeyValueObservation {
        guard let key else { fatalError("the UIKit stand-in does not report changes of \(keyPath) on \(Self.self)") }
        return Self.observation(of: self, keyPath, options: options, filed: { observers.add($0, for: key) }, changeHandler: changeHandler)
    }
}

extension _KeyValueCodingAndObserving where Self: AnyObject {
    /// An observation of `keyPath` of `object`, as the rules above have it:
    /// `filed` files it under its key, then `.initial` notifies.
    @MainActor
    fileprivate static func observation<Value>(
        of object: Self, _ keyPath: KeyPath<Self, Value>, options: NSKeyValueObservingOptions,
        filed: (NSKeyValueObservation) -> Void, changeHandler: @escaping (Self, NSKeyValueObservedChange<Value>) -> Void
    ) -> NSKeyValueObservation {
        precondition(!options.contains(.prior), "the UIKit stand-in does not send prior notifications")
        let observation = NSKeyValueObservation()
        var old: Value?
        observation.willChange = { [weak object] in
            if options.contains(.old), let object { old = object[keyPath: keyPath] }
        }
        observation.didChange = { [weak object, weak observation] in
            guard let object else { return }
            let change = NSKeyValueObservedChange(
                kind: .setting, newValue: options.contains(.new) ? object[keyPath: keyPath] : nil, oldValue: old, indexes: nil,
                isPrior: false)
            old = nil
            guard UIKitStandIn.readings.observersNotifiedInsideTheSetter else {
                // Later, unless the observation has ended by then.
                UIKitStandIn.nextTurn { [weak object] in
                    guard let object, observation?.didChange != nil else { return }
                    changeHandler(object, change)
                }
                return
            }
            changeHandler(object, change)
        }
        filed(observation)
        if options.contains(.initial) {
            changeHandler(
                object, NSKeyValueObservedChange(kind: .setting, newValue: object[keyPath: keyPath], oldValue: nil, indexes: nil, isPrior: false))
        }
        return observation
    }
}

/// The observations of one view's keys, held weakly.
struct ObserverList {
    private final class Entry {
        let key: ObservedKey
        weak var observation: NSKeyValueObservation?
        init(_ key: ObservedKey, _ observation: NSKeyValueObservation) {
            self.key = key
            self.observation = observation
        }
    }

    private var entries: [Entry] = []

    mutating func add(_ observation: NSKeyValueObservation, for key: ObservedKey) {
        entries.removeAll { $0.observation?.didChange == nil }
        entries.append(Entry(key, observation))
    }

    /// The live observations of `key`, in the order they began.
    func observations(of key: ObservedKey) -> [NSKeyValueObservation] {
        entries.compactMap { $0.key == key ? $0.observation : nil }
    }

    /// How many observations are live (for tests of what detaching leaves).
    var liveCount: Int { entries.filter { $0.observation?.didChange != nil }.count }

    /// Reports a set of `keys` around `set` (which sets them): observers
    /// read the old values before it and are notified after it.
    @MainActor
    func notifying(_ keys: [ObservedKey], _ set: () -> Void) {
        let observations = keys.flatMap { self.observations(of: $0) }
        for o in observations { o.willChange?() }
        set()
        for o in observations { o.didChange?() }
    }
}

extension UIView {
    /// Reports a set of `keys` around `set` (which sets them): observers
    /// read the old values before it and are notified after it.
    @MainActor
    func notifying(_ keys: [ObservedKey], _ set: () -> Void) {
        observers.notifying(keys, set)
    }

    /// How many key-value observations of this view are live.
    public var liveKeyValueObservations: Int { observers.liveCount }
}
