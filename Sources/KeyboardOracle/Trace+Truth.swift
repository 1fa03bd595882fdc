import KeyboardTrace
import KeyboardWorld

extension Trace {
    /// True when the trace is one iOS could send, as far as its truth can
    /// tell: the truth changes only where iOS tells the app something
    /// (``Trace/truthIsAnnounced``), and at every step at rest (see
    /// ``Oracle/restPoints(_:)``) what the app has been told, the world's
    /// own reading of the payloads, is where the keyboard really is.
    /// Payloads may misreport mid-sequence (an iPhone OS 3 focus change's
    /// WillHide, a menu undock's `y = −264`), never at rest.
    ///
    /// Every simulator-written trace has this property (a test checks it on
    /// generated scenarios); the shrinker keeps only candidates that do, so
    /// a counterexample never rests on a sequence iOS does not send. Traces
    /// without truth trivially have it.
    package var tellsTheTruthAtRest: Bool {
        guard truthIsAnnounced else { return false }
        var world = SimulatedWorld(trace: self)
        var scrollView = world.initialScrollView(offset: header.scrollView.contentOffset)
        let restPoints = Oracle.restPoints(events)
        for i in events.indices {
            world.apply(events[i], scrollView: &scrollView)
            guard let truth = events[i].truth else { continue }
            if restPoints[i] && world.readKeyboard != truth.frame { return false }
        }
        return true
    }
}
