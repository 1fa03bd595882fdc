import KeyboardAvoidance
import KeyboardGeometry
import Testing

/// When two readings of a scroll view's layout are one layout
/// (``LayoutBasis/isSame(as:)``): each size and safe-area edge within
/// ``Rounding/betweenReadings`` of the other's, the tolerance itself included.
@Suite("A layout read twice")
struct LayoutBasisTests {
    /// The six values a basis compares.
    static let fields: [(name: String, path: any WritableKeyPath<LayoutBasis, Double> & Sendable)] = [
        ("width", \.frameSize.width), ("height", \.frameSize.height), ("top", \.safeArea.top), ("left", \.safeArea.left),
        ("bottom", \.safeArea.bottom), ("right", \.safeArea.right),
    ]

    /// A landscape iPad's layout, every value non-zero.
    static var landscape: LayoutBasis {
        var basis = ScrollViewState(frame: KBRect(x: 0, y: 0, width: 1_366, height: 1_024), contentSize: KBSize(width: 1_366, height: 1_024))
            .layoutBasis
        basis.safeArea = KBEdgeInsets(top: 24, left: 10, bottom: 20, right: 10)
        return basis
    }

    /// A layout read with rounding noise (a top safe area of
    /// 23.999999999999986 for 24, read through containers at fractional
    /// offsets) is the same layout, so a reader's offset before and after
    /// it compares; a hundredth of a point on any size or edge is another.
    @Test func aLayoutReadWithRoundingNoiseIsTheSame() {
        var basis = Self.landscape
        basis.safeArea.left = 0
        basis.safeArea.right = 0
        var noisy = basis
        noisy.safeArea.top = 23.999999999999986
        noisy.frameSize.height += 1e-9
        #expect(basis.isSame(as: noisy) && noisy.isSame(as: basis) && basis.isSame(as: basis))
        for (name, path) in Self.fields {
            var moved = basis
            moved[keyPath: path] += 0.01
            #expect(!basis.isSame(as: moved) && !moved.isSame(as: basis), "\(name)")
        }
    }

    /// Each value on its own: half the tolerance off a non-zero value is the
    /// same layout (a difference, not a sum, is what is compared); exactly
    /// the tolerance off zero is the same (the bound is inclusive: 1e-6 is
    /// exact as a difference from zero); twice the tolerance is another.
    @Test(arguments: fields.indices)
    func eachValueIsComparedAsADifferenceUpToTheToleranceItself(_ index: Int) {
        let (name, path) = Self.fields[index]
        let t = Rounding.betweenReadings
        var basis = Self.landscape
        var half = basis
        half[keyPath: path] += t / 2
        #expect(basis.isSame(as: half) && half.isSame(as: basis), "\(name)")
        basis[keyPath: path] = 0
        var atTheTolerance = basis
        atTheTolerance[keyPath: path] = t
        #expect(basis.isSame(as: atTheTolerance) && atTheTolerance.isSame(as: basis), "\(name)")
        var twice = basis
        twice[keyPath: path] = 2 * t
        #expect(!basis.isSame(as: twice) && !twice.isSame(as: basis), "\(name)")
    }
}
