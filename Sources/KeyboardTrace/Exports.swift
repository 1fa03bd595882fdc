/// `MalformedInput`, the error every reader of a trace throws, comes with
/// the trace format (the rest of the JSON toolkit is `package` access).
@_exported import KeyboardJSON
