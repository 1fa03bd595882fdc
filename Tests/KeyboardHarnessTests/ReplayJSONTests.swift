import Foundation
import KBTestSupport
import KeyboardHarness
import KeyboardJSON
import KeyboardOracle
import KeyboardStrategies
import KeyboardTrace
import KeyboardWorld
import Testing

@Suite("replay --json output")
struct ReplayJSONTests {
    @Test func followsTheDocumentedFormatFieldForField() throws {
        let url = Repository.url("corpora").appendingPathComponent("traces/iphone8-portrait-first-focus.kbtrace")
        let report = TraceReplayer.replay(try Repository.trace(url), with: EngineStrategy.self)
        let text = JSONWriter.string(report.json(of: try Repository.trace(url)))
        #expect(
            text.hasPrefix(
                #"{"schemaVersion":2,"strategy":"engine","steps":[{"line":2,"action":"ignore","reason":"noKeyboard","contentInset":[0,0,0,0],"indicatorInsets":[0,0,0,0],"contentOffset":[0,-20],"violations":[]},{"line":3,"action":"apply","reason":null,"contentInset":[0,0,268,0],"indicatorInsets":[0,0,268,0],"contentOffset":[0,205],"violations":[]}"#
            ))
        #expect(
            text.hasSuffix(
                #"],"violations":0,"unsatisfiable":0,"coveredFrames60":0,"coveredFrames120":0,"unjudgedBursts":0,"possible":true,"impossibilities":[]}"#
            ))
        guard case .object(let o) = try JSONParser.parse(text), case .array(let steps)? = o["steps"] else {
            Issue.record("not an object with steps")
            return
        }
        #expect(steps.count == 9)
        #expect(
            Set(o.keys) == [
                "schemaVersion", "strategy", "steps", "violations", "unsatisfiable", "coveredFrames60", "coveredFrames120", "unjudgedBursts",
                "possible", "impossibilities",
            ])
    }
}
