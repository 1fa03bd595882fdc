/// One event as glue handed it to the engine, with the layout the engine
/// took: what the adapters' steps carry for an observer (a trace
/// recorder's `record(_:in:)` takes the two as they are).
package struct HandedEvent: Hashable, Sendable {
    package var event: AvoiderEvent
    package var layout: LayoutSnapshot

    package init(event: AvoiderEvent, layout: LayoutSnapshot) {
        self.event = event
        self.layout = layout
    }
}
