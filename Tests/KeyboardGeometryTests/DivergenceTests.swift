import Foundation
import KeyboardGeometry
import Testing

/// Where our `KBRect` deliberately differs from Foundation's `CGRect` on Linux,
/// one test per divergence, each showing both answers.
@Suite("Deliberate divergences from Foundation")
struct DivergenceTests {
    @Test func unionWithNullIsStandardized() {
        let flipped = KBRect(x: 10, y: 10, width: -5, height: -5)
        #expect(KBRect.null.union(flipped) == KBRect(x: 5, y: 5, width: 5, height: 5))
        let theirs = CGRect.null.union(CGRect(x: 10, y: 10, width: -5, height: -5))
        #expect(theirs.size.width == -5, "Foundation returns the operand as stored")
    }

    @Test func containsComparesEdgesExactly() {
        // A rect whose union with a small rect inside it re-rounds its width.
        let a = KBRect(x: 0.1, y: 0, width: 0.2, height: 1)
        let b = KBRect(x: 0.11, y: 0, width: 0.01, height: 1)
        #expect(b.maxX <= a.maxX && b.minX >= a.minX)
        #expect(a.contains(b))
        let cgA = CGRect(x: 0.1, y: 0, width: 0.2, height: 1), cgB = CGRect(x: 0.11, y: 0, width: 0.01, height: 1)
        #expect(cgA.union(cgB).size.width == 0.20000000000000004, "(0.1 + 0.2) - 0.1 is not 0.2 in binary")
        #expect(!cgA.contains(cgB), "so Foundation denies it")
    }

    @Test func nullContainsNullAsTheEmptySet() {
        #expect(KBRect.null.contains(KBRect.null))
        #expect(CGRect.null.contains(CGRect.null))
    }

    @Test func nanIsTreatedAsNullWithoutTrapping() {
        // Foundation's CGRect.intersection traps on NaN; ours answers null.
        #expect(KBRect(x: .nan, y: 0, width: 1, height: 1).intersection(KBRect(x: 0, y: 0, width: 1, height: 1)).isNull)
    }
}
