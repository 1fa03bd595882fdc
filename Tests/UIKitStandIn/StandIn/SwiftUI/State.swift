/// `DynamicProperty`.
public protocol DynamicProperty {
    mutating func update()
}

extension DynamicProperty {
    public mutating func update() {}
}

/// Where a `@State` value lives. A modifier's struct is made again at
/// each update with a new one; the renderer forwards it to the first one
/// made at the same place, as SwiftUI keeps state by its place in the
/// view tree.
final class StateLocation<Value> {
    private var own: Value
    var forward: StateLocation<Value>?

    init(_ value: Value) { own = value }

    var value: Value {
        get { forward?.value ?? own }
        set {
            if let forward { forward.value = newValue } else { own = newValue }
            StandInRenderer.needsUpdate = true
        }
    }
}

/// `@State`.
@propertyWrapper public struct State<Value>: DynamicProperty {
    let location: StateLocation<Value>

    public init(wrappedValue value: Value) { location = StateLocation(value) }
    public init(initialValue value: Value) { location = StateLocation(value) }

    public var wrappedValue: Value {
        get { location.value }
        nonmutating set { location.value = newValue }
    }

    public var projectedValue: Binding<Value> {
        let location = location
        return Binding(get: { location.value }, set: { location.value = $0 })
    }
}

extension State: @unchecked Sendable where Value: Sendable {}

/// What the renderer links at each update: a `@State` to its place.
protocol StandInState {
    func link(to existing: AnyObject?) -> AnyObject
}

extension State: StandInState {
    func link(to existing: AnyObject?) -> AnyObject {
        guard let first = existing as? StateLocation<Value> else { return location }
        if first !== location { location.forward = first }
        return first
    }
}

/// `Binding`.
@propertyWrapper @dynamicMemberLookup public struct Binding<Value> {
    private let get: () -> Value
    private let set: (Value) -> Void

    /// The stand-in's own: a binding by its two closures.
    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
        self.get = get
        self.set = set
    }

    public var wrappedValue: Value {
        get { get() }
        nonmutating set { set(newValue) }
    }

    public var projectedValue: Binding<Value> { self }

    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        let get = get, set = set
        return Binding<Subject>(
            get: { get()[keyPath: keyPath] },
            set: {
                var v = get()
                v[keyPath: keyPath] = $0
                set(v)
            })
    }
}

extension Binding: @unchecked Sendable {}

/// `EnvironmentKey`.
public protocol EnvironmentKey {
    associatedtype Value
    static var defaultValue: Value { get }
}

/// `EnvironmentValues`: values by key type, each key's default until set.
public struct EnvironmentValues: CustomStringConvertible {
    private var values: [ObjectIdentifier: Any] = [:]

    public init() {}

    public subscript<K: EnvironmentKey>(key: K.Type) -> K.Value {
        get { values[ObjectIdentifier(key)] as? K.Value ?? K.defaultValue }
        set { values[ObjectIdentifier(key)] = newValue }
    }

    public var description: String { "EnvironmentValues(\(values.count) set)" }
}

/// `@Environment`: the value of its key path where the view was last
/// evaluated.
@propertyWrapper public struct Environment<Value>: DynamicProperty {
    let keyPath: KeyPath<EnvironmentValues, Value>
    let resolved = EnvironmentLocation<Value>()

    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {
        self.keyPath = keyPath
    }

    public var wrappedValue: Value { resolved.value ?? EnvironmentValues()[keyPath: keyPath] }
}

final class EnvironmentLocation<Value> {
    var value: Value?
}

/// What the renderer resolves at each update: an `@Environment`.
protocol StandInEnvironment {
    func resolve(in environment: EnvironmentValues)
}

extension Environment: StandInEnvironment {
    func resolve(in environment: EnvironmentValues) { resolved.value = environment[keyPath: keyPath] }
}
