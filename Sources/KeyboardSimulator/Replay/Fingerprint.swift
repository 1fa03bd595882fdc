import KeyboardGeometry

/// A cheap running hash of a replay's outcomes and scroll-view states, for
/// the determinism check (I7): two runs of the same strategy on the same
/// trace must produce the same fingerprint. Mixes each value's bits with a
/// multiply-xorshift (the SplitMix64 finaliser); not for storage, only for
/// comparing two runs in one process.
struct Fingerprint {
    private(set) var value: UInt64 = 0x9E37_79B9_7F4A_7C15

    mutating func mix(_ bits: UInt64) {
        var z = (value ^ bits) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        value = z ^ (z >> 31)
    }

    mutating func mix(_ d: Double) { mix(d.bitPattern) }

    mutating func mix(_ r: Rect) {
        mix(r.origin.x)
        mix(r.origin.y)
        mix(r.size.width)
        mix(r.size.height)
    }

    mutating func mix(_ e: EdgeInsets) {
        mix(e.top)
        mix(e.left)
        mix(e.bottom)
        mix(e.right)
    }

    mutating func mix(_ s: ScrollViewModel) {
        mix(s.frame)
        mix(s.contentInset)
        mix(s.indicatorInsets)
        mix(s.contentOffset.x)
        mix(s.contentOffset.y)
        mix(s.contentViewFrame)
    }

    mutating func mix(_ o: StepOutcome) {
        switch o.action {
        case .apply: mix(1 as UInt64)
        case .restore: mix(2 as UInt64)
        case .ignore: mix(3 as UInt64)
        }
        if let a = o.animation {
            mix(a.duration)
            mix(UInt64(a.curve.hashValue & 0xFF))
        }
    }
}
