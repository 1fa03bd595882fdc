/// An `Any` where it is stored (a dictionary's value buffer, or a local
/// the caller keeps alive), read without copying it out.
///
/// Valid only while that storage is: the decoder makes one inside a closure
/// that borrows the dictionary, and uses it before the closure returns.
/// ``value`` copies the `Any` out (retained, as any copy) for the paths that
/// need one: a cast, `type(of:)`, an error's description.
struct StoredAny {
    /// The existential container: a three-word value buffer, then the type
    /// word.
    let container: UnsafeRawPointer

    @inline(__always)
    init(_ container: UnsafeRawPointer) {
        self.container = container
    }

    /// The `Any`, copied out.
    var value: Any { container.assumingMemoryBound(to: Any.self).pointee }

    /// The object at the start of the value buffer, as `T`, unretained:
    /// the storage keeps it alive, so a caller borrows it
    /// (`_withUnsafeGuaranteedRef`) without a retain and release, and must
    /// not keep it. Only for an `Any` known to hold a `T` inline (the
    /// caller checked its class).
    @inline(__always)
    func unretainedObject<T: AnyObject>(as _: T.Type) -> Unmanaged<T> {
        Unmanaged<T>.fromOpaque(container.load(as: UnsafeRawPointer.self))
    }
}
