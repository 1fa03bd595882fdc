/// A parsed JSON value. Objects keep their keys unordered (duplicates are
/// rejected by the parser); numbers are `Double`, as in JavaScript.
package enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// A short name of the value's kind for error messages: `null`, `bool`,
    /// `number`, `string`, `array`, `object`.
    package var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "bool"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}
