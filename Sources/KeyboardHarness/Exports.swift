// One import gives a team everything it needs to fuzz its own keyboard
// code: the strategy protocol and the world it sees (KeyboardSimulator), the
// trace format (KeyboardTrace), and the geometry and notification types
// those are made of.
@_exported import KeyboardAvoidance
@_exported import KeyboardGeometry
@_exported import KeyboardSimulator
@_exported import KeyboardTrace
