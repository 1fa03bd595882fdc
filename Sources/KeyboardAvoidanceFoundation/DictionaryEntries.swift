/// Visits a `[AnyHashable: Any]`'s entries where the dictionary stores them,
/// without copying a key or a value out: the decoder's fast path over a
/// userInfo dictionary on Linux.
///
/// Iterating a dictionary copies every key and value out (value-witness
/// calls through `AnyHashable`'s box and the `Any`, a retain and a release
/// each): about 90 instructions and four atomic operations an entry, most
/// of what decoding a payload cost beyond the posting itself.
///
/// A native dictionary is one reference to its storage object, which holds
/// (after the two-word object header) its count, capacity, scale (the
/// bucket count is `1 << scale`), reserved scale, an unused field, its age
/// and seed, then pointers to its key and value buffers; a bitmap of
/// occupied buckets follows in the same allocation, then the key buffer,
/// then the value buffer (the standard library's layout, fixed on Apple
/// platforms, the same source elsewhere).
///
/// None of that is public API, so ``verified`` checks it once per process:
/// on dictionaries empty, small, large (a bitmap of several words), with
/// removed entries and with non-`String` keys, the entries visited here
/// must be exactly those iteration gives, key for key and object for
/// object. Every visit also checks that the two buffer pointers lie exactly
/// where the scale puts them and that the bitmap marks exactly `count`
/// buckets, before reading an entry; a dictionary that fails is not visited
/// (``forEach(in:_:)`` answers false) and the caller iterates it as usual.
///
/// On Apple platforms a dictionary may be a bridged `NSDictionary`, whose
/// reference is not such a storage object: nothing is read there.
enum DictionaryEntries {
    /// True when this process's dictionaries are laid out as described
    /// (checked once, on sample dictionaries).
    static let verified: Bool = calibrate()

    private static let countOffset = 2 * MemoryLayout<Int>.stride
    private static let scaleOffset = 4 * MemoryLayout<Int>.stride
    private static let keysOffset = 6 * MemoryLayout<Int>.stride
    private static let valuesOffset = 7 * MemoryLayout<Int>.stride
    private static let bitmapOffset = 8 * MemoryLayout<Int>.stride

    /// Calls `body` with each entry's key (an `AnyHashable`) and value (an
    /// ``StoredAny``) where the dictionary stores them, in storage order;
    /// answers false, having called nothing, when the dictionary cannot be
    /// read in place (not ``verified``, not laid out as checked, or on an
    /// Apple platform). The pointers are valid only during the call.
    @inline(__always)
    static func forEach<E: Error>(
        in dictionary: [AnyHashable: Any], _ body: (_ key: UnsafeRawPointer, _ value: StoredAny) throws(E) -> Void
    ) throws(E) -> Bool {
        guard verified else { return false }
        return try visit(dictionary, body)
    }

    /// The visit itself, without the ``verified`` check (the calibration
    /// calls it before anything is verified).
    @inline(__always)
    private static func visit<E: Error>(
        _ dictionary: [AnyHashable: Any], _ body: (UnsafeRawPointer, StoredAny) throws(E) -> Void
    ) throws(E) -> Bool {
        #if canImport(Darwin)
        return false
        #else
        guard MemoryLayout<[AnyHashable: Any]>.size == MemoryLayout<UnsafeRawPointer>.size else { return false }
        // The caller's dictionary keeps the storage alive for the call.
        defer { withExtendedLifetime(dictionary) {} }
        let storage = withUnsafeBytes(of: dictionary) { $0.load(as: UnsafeRawPointer.self) }
        let count = storage.load(fromByteOffset: countOffset, as: Int.self)
        if count == 0 { return true }
        let scale = Int(storage.load(fromByteOffset: scaleOffset, as: Int8.self))
        guard scale >= 0, scale < 32 else { return false }
        let buckets = 1 &<< scale
        let words = (buckets &+ UInt.bitWidth &- 1) / UInt.bitWidth
        let bitmap = storage + bitmapOffset
        let keys = bitmap + words &* MemoryLayout<UInt>.stride
        let values = keys + buckets &* MemoryLayout<AnyHashable>.stride
        guard count <= buckets,
            storage.load(fromByteOffset: keysOffset, as: UnsafeRawPointer.self) == keys,
            storage.load(fromByteOffset: valuesOffset, as: UnsafeRawPointer.self) == values
        else { return false }
        // Only buckets that exist, and exactly `count` of them occupied.
        let lastWordMask: UInt = buckets % UInt.bitWidth == 0 ? ~0 : (1 &<< (buckets % UInt.bitWidth)) &- 1
        func occupied(_ w: Int) -> UInt {
            bitmap.load(fromByteOffset: w &* MemoryLayout<UInt>.stride, as: UInt.self) & (w == words &- 1 ? lastWordMask : ~0)
        }
        var occupiedCount = 0
        for w in 0..<words { occupiedCount &+= occupied(w).nonzeroBitCount }
        guard occupiedCount == count else { return false }
        for w in 0..<words {
            var bits = occupied(w)
            while bits != 0 {
                let bucket = w &* UInt.bitWidth &+ bits.trailingZeroBitCount
                bits &= bits &- 1
                try body(keys + bucket &* MemoryLayout<AnyHashable>.stride, StoredAny(values + bucket &* MemoryLayout<Any>.stride))
            }
        }
        return true
        #endif
    }

    // MARK: Calibration

    private static func calibrate() -> Bool {
        // Values are distinct objects, so each entry is recognised by
        // identity; keys are Strings (small and large, literal and built),
        // and some are not Strings at all.
        final class Marker {}
        func sample(_ keys: [AnyHashable]) -> [AnyHashable: Any] {
            Dictionary(uniqueKeysWithValues: keys.map { ($0, Marker() as Any) })
        }
        let names: [AnyHashable] = (0..<100).map { AnyHashable("UIKeyboardFrameEndUserInfoKey" + String($0)) }
        var withHoles = sample(names)
        for (i, k) in names.prefix(25).enumerated() where i % 2 == 0 { withHoles.removeValue(forKey: k) }
        var grown = sample(["a"])
        for k in names.prefix(12) { grown[k] = Marker() }
        let samples: [[AnyHashable: Any]] = [
            [:], sample(["UIKeyboardFrameEndUserInfoKey"]), sample(Array(names.prefix(8))), sample(Array(names.prefix(40))),
            sample(names), withHoles, grown,
            sample(["ab", AnyHashable(7), AnyHashable(0.25), AnyHashable(Substring("cd")), "é"]),
        ]
        return samples.allSatisfy(visitsExactly)
    }

    /// True when visiting `dictionary` in place gives exactly the entries
    /// iteration gives: the same count, every key equal to one iterated, its
    /// value the very object iterated with it.
    private static func visitsExactly(_ dictionary: [AnyHashable: Any]) -> Bool {
        var visited = 0
        var allMatch = true
        let read = visit(dictionary) { key, value in
            visited += 1
            let k = key.assumingMemoryBound(to: AnyHashable.self).pointee
            guard let expected = dictionary[k] else {
                allMatch = false
                return
            }
            allMatch = allMatch && (value.value as AnyObject) === (expected as AnyObject)
        }
        return read && allMatch && visited == dictionary.count
    }
}
