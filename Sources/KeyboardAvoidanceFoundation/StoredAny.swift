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
}
