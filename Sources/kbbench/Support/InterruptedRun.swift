import Foundation
import KeyboardJSON
import ToolSupport

/// What a command's `--json` output says when SIGINT or SIGTERM stopped it
/// before it had a whole result to print (`bench`), or after the results it
/// had printed (`replay`, `audit`: one more line after the traces'):
///
///     {"schemaVersion":1,"kind":"kbbench-interrupted","command":"replay","interrupted":true,
///      "signal":"SIGINT","finished":"12 of 40 traces"}
///
/// A command whose summary can hold a partial result (`fuzz`, `shootout`)
/// says `"interrupted": true` in that summary instead.
enum InterruptedRun {
    static func json(command: String, finished: String) -> JSONWriter.Value {
        .object([
            ("schemaVersion", .integer(1)), ("kind", .string("kbbench-interrupted")), ("command", .string(command)), ("interrupted", .bool(true)),
            ("signal", .string(Interrupt.received == SIGTERM ? "SIGTERM" : "SIGINT")), ("finished", .string(finished)),
        ])
    }
}
