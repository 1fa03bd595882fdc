import CAllocationCounter
import KeyboardAvoidance
import KeyboardGeometry
import Testing

/// The engine allocates nothing per event: counted on this thread by the
/// interposed allocator, over thousands of events of every kind.
@Suite("Allocation-free engine")
struct AllocationTests {
    @Test(.enabled(if: kb_allocation_counting_available() != 0))
    func theCounterSeesAnAllocation() {
        kb_allocation_count_begin()
        let array = [Int](repeating: 1, count: Int.random(in: 100...200))
        let count = kb_allocation_count_end()
        #expect(array.count >= 100)
        #expect(count >= 1)
    }

    @Test(.enabled(if: kb_allocation_counting_available() != 0))
    func noEventAllocates() {
        var avoider = KeyboardAvoider(policy: AvoidancePolicy(distance: 10, tallField: .caret))
        let layout = Fixtures.layout(375, 812, safe: KBEdgeInsets(top: 44, bottom: 34), content: 5000)
        let docked = Fixtures.note(.willShow, Fixtures.docked(375, 812, 335))
        let floating = Fixtures.note(.didChangeFrame, KBRect(x: 0, y: 300, width: 375, height: 200))
        let hide = Fixtures.note(.willHide, nil)
        let bad = Fixtures.note(.willShow, KBRect(x: .nan, y: 0, width: 1, height: 1))
        let legacy = KeyboardNotification(name: .didShow, bounds: KBSize(width: 375, height: 335), centerEnd: KBPoint(x: 187.5, y: 644.5))
        var sink = 0.0
        kb_allocation_count_begin()
        for i in 0..<5_000 {
            let field = FocusedField(frame: KBRect(x: 10, y: Double(i % 97) * 40, width: 300, height: 44), caret: nil)
            let actions = [
                avoider.focusBegan(field, in: layout), avoider.received(docked, in: layout), avoider.received(floating, in: layout),
                avoider.received(legacy, in: layout), avoider.layoutChanged(layout), avoider.received(bad, in: layout),
                avoider.received(hide, in: layout), avoider.focusEnded(in: layout),
            ]
            sink += actions.count > 0 ? 1 : 0
        }
        _ = kb_allocation_count_end()
        // The array above allocates by itself; count each event alone.
        kb_allocation_count_begin()
        for i in 0..<5_000 {
            let field = FocusedField(frame: KBRect(x: 10, y: Double(i % 97) * 40, width: 300, height: 44), caret: nil)
            sink += avoider.focusBegan(field, in: layout).offsetY ?? 0
            sink += avoider.received(docked, in: layout).offsetY ?? 0
            sink += avoider.received(floating, in: layout).offsetY ?? 0
            sink += avoider.received(legacy, in: layout).offsetY ?? 0
            sink += avoider.layoutChanged(layout).offsetY ?? 0
            sink += avoider.received(bad, in: layout).offsetY ?? 0
            sink += avoider.received(hide, in: layout).offsetY ?? 0
            sink += avoider.focusEnded(in: layout).offsetY ?? 0
            _ = avoider.viewDisappeared(in: layout)
            _ = avoider.viewAppeared(in: layout)
        }
        let allocations = kb_allocation_count_end()
        #expect(allocations == 0, "50,000 events allocated \(allocations) times")
        #expect(sink.isFinite)
    }

    /// A chat screen's events: the keyboard shown, floated and hidden, the
    /// composer grown, messages arriving.
    @Test(.enabled(if: kb_allocation_counting_available() != 0))
    func noTranscriptEventAllocates() {
        var avoider = KeyboardAvoider()
        var layout = Fixtures.layout(375, 812, safe: KBEdgeInsets(top: 44, bottom: 34), content: 5000)
        layout.composer = Composer(height: 50, restingInset: 34)
        let docked = Fixtures.note(.willShow, Fixtures.docked(375, 812, 335))
        let floating = Fixtures.note(.didChangeFrame, KBRect(x: 0, y: 300, width: 375, height: 200))
        let hide = Fixtures.note(.willHide, nil)
        var sink = 0.0, answered = 0
        // Counted one by one: an array of the answers would allocate itself.
        func take(_ action: AvoidanceAction) {
            guard let a = action.adjustment else { return }
            answered += 1
            sink += a.contentOffset?.y ?? 0
        }
        func session() {
            for i in 0..<5_000 {
                layout.composer?.height = 50 + Double(i % 4) * 20
                layout.scrollView.contentSize.height = 5_000 + Double(i % 50) * 60
                take(avoider.received(docked, in: layout))
                take(avoider.layoutChanged(layout))
                take(avoider.received(floating, in: layout))
                take(avoider.received(hide, in: layout))
                take(avoider.viewDisappeared(in: layout))
                take(avoider.viewAppeared(in: layout))
            }
        }
        // Once uncounted: the runtime fills its type caches on first use.
        session()
        answered = 0
        kb_allocation_count_begin()
        session()
        let allocations = kb_allocation_count_end()
        #expect(allocations == 0, "30,000 transcript events allocated \(allocations) times")
        // Most events move the transcript: the path under count is the transcript's.
        #expect(answered >= 20_000 && sink.isFinite, "\(answered) answered")
    }
}
