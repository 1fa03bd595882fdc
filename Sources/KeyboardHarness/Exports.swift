// One import gives a team everything it needs to fuzz its own keyboard
// code: the strategy protocol and the recipes (KeyboardStrategies), the
// world a strategy sees and the scroll view it changes (KeyboardWorld), the
// scenarios a team plays through the model of iOS (KeyboardScenarios), the
// invariants and promises it is judged by (KeyboardOracle), a trace replayed
// and judged, or audited as recorded (KeyboardReplay), the trace format
// (KeyboardTrace), and the geometry and notification types those are made
// of. Scenario generation from seeds stays the harness's own business.
@_exported import KeyboardAvoidance
@_exported import KeyboardGeometry
@_exported import KeyboardOracle
@_exported import KeyboardReplay
@_exported import KeyboardScenarios
@_exported import KeyboardStrategies
@_exported import KeyboardTrace
@_exported import KeyboardWorld
