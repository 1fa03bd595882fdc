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
        var replay = WorldReplay(self)
        let restPoints = Oracle.restPoints(events)
        while let line = replay.advance() {
            guard let truth = line.truth else { continue }
            if restPoints[replay.position - 1] && replay.world.readKeyboard != truth.frame { return false }
        }
        return true
    }
}
