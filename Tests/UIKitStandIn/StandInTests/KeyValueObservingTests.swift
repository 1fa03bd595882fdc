import Testing
import UIKit

/// The stand-in's key-value observing, as the glue relies on it, under
/// each reading of what UIKit leaves open.
@MainActor
@Suite("The stand-in's key-value observing", .serialized)
struct KeyValueObservingTests {
    /// A scroll view and a log of what its observers heard.
    @MainActor
    final class Observed {
        let view = UIScrollView(frame: CGRect(x: 0, y: 0, width: 100, height: 200))
        var heard: [String] = []
        var observations: [NSKeyValueObservation] = []

        init() {
            view.contentSize = CGSize(width: 100, height: 1_000)
            observations = [
                view.observe(\.frame, options: [.new]) { [unowned self] _, _ in heard.append("frame") },
                view.observe(\.bounds, options: [.new]) { [unowned self] _, _ in heard.append("bounds") },
                view.observe(\.contentOffset, options: [.new]) { [unowned self] _, _ in heard.append("contentOffset") },
                view.observe(\.contentInset, options: [.new, .old]) { [unowned self] _, change in
                    heard.append("contentInset \(change.oldValue?.bottom ?? -1)->\(change.newValue?.bottom ?? -1)")
                },
            ]
        }
    }

    func under(_ readings: UIKitReadings, _ body: () throws -> Void) rethrows {
        UIKitStandIn.readings = readings
        defer { UIKitStandIn.readings = .standard }
        try body()
    }

    @Test func everySetNotifiesEvenWithTheSameValue() {
        under(.standard) {
            let o = Observed()
            o.view.contentInset = .zero
            o.view.contentInset = UIEdgeInsets(top: 0, left: 0, bottom: 40, right: 0)
            #expect(o.heard == ["contentInset 0.0->0.0", "contentInset 0.0->40.0"])
        }
    }

    /// The offset is the bounds' origin: its observers hear it too.
    @Test func theOffsetNotifiesTheBoundsObservers() {
        under(.standard) {
            let o = Observed()
            o.view.contentOffset = CGPoint(x: 0, y: 30)
            #expect(o.heard == ["contentOffset", "bounds"])
            #expect(o.view.bounds.origin.y == 30)
        }
    }

    /// A new frame notifies `bounds` observers only under the other reading.
    @Test(arguments: [false, true])
    func aFrameNotifiesBoundsObserversOnlyUnderItsReading(_ notifies: Bool) {
        under(UIKitReadings(frameChangeNotifiesBoundsObservers: notifies)) {
            let o = Observed()
            o.view.frame = CGRect(x: 0, y: 0, width: 100, height: 150)
            #expect(o.heard == (notifies ? ["frame", "bounds"] : ["frame"]))
        }
    }

    /// Inside the setter, or on the next turn of the main queue with the
    /// values as they were set.
    @Test(arguments: [true, false])
    func observersAreNotifiedWhenTheReadingSays(_ insideTheSetter: Bool) async {
        UIKitStandIn.readings = UIKitReadings(observersNotifiedInsideTheSetter: insideTheSetter)
        defer { UIKitStandIn.readings = .standard }
        let o = Observed()
        o.view.contentInset = UIEdgeInsets(top: 0, left: 0, bottom: 40, right: 0)
        o.view.contentInset = UIEdgeInsets(top: 0, left: 0, bottom: 50, right: 0)
        #expect(o.heard.isEmpty == !insideTheSetter)
        await Task.yield()
        #expect(o.heard == ["contentInset 0.0->40.0", "contentInset 40.0->50.0"])
    }

    @Test func anEndedObservationHearsNothingAndKeepsNothingAlive() {
        under(.standard) {
            let o = Observed()
            #expect(o.view.liveKeyValueObservations == 4)
            o.observations[3].invalidate()
            o.observations.removeFirst()
            o.view.contentInset = .zero
            o.view.frame = .zero
            #expect(o.heard.isEmpty && o.view.liveKeyValueObservations == 2)
            weak var gone: UIScrollView?
            do {
                let view = UIScrollView(frame: .zero)
                let observation = view.observe(\.contentSize) { _, _ in }
                gone = view
                _ = observation
            }
            #expect(gone == nil)
        }
    }

    @Test func initialNotifiesAtOnce() {
        let view = UIScrollView(frame: .zero)
        var heard: [CGSize?] = []
        let observation = view.observe(\.contentSize, options: [.initial, .new]) { _, change in heard.append(change.newValue) }
        _ = observation
        #expect(heard == [CGSize.zero])
    }
}
