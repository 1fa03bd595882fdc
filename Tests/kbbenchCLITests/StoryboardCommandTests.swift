import Foundation
import KBTestSupport
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

/// `replay --svg` and `--html` on every trace of the corpora a reader opens
/// (`corpora/traces`, `corpora/regressions`): each picture is well-formed
/// XML with a panel per event drawn, and the page holds the same picture.
@Suite("kbbench replay --svg and --html", .processTimeLimit)
struct StoryboardCommandTests {
    typealias K = KbbenchProcess

    /// Counts the `<g class="panel">` elements of a well-formed document;
    /// nil when the parser rejects it.
    final class Panels: NSObject, XMLParserDelegate {
        var count = 0
        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]
        ) {
            if name == "g" && attributes["class"] == "panel" { count += 1 }
        }

        static func count(in data: Data) -> Int? {
            let parser = XMLParser(data: data), panels = Panels()
            parser.delegate = panels
            return parser.parse() ? panels.count : nil
        }
    }

    @Test func everyCorpusTraceDrawsAWellFormedStoryboard() throws {
        let dir = try K.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let traces = Repository.traces(in: "traces") + Repository.traces(in: "regressions")
        #expect(traces.count >= 19)
        for trace in traces {
            let svg = dir + "/picture.svg", html = dir + "/picture.html"
            let r = K.kbbench("replay", "--json", "--svg", svg, "--html", html, trace.path)
            #expect(r.status == 0 || r.status == 1, "\(trace.lastPathComponent): \(r.output)")
            let picture = try Data(contentsOf: URL(fileURLWithPath: svg))
            let panels = Panels.count(in: picture)
            #expect((panels ?? 0) > 0, "\(trace.lastPathComponent): \(panels == nil ? "not well-formed XML" : "no panel")")
            let page = try String(contentsOfFile: html, encoding: .utf8)
            #expect(page.lowercased().hasPrefix("<!doctype html>") && page.contains("class=\"panel\""), "\(trace.lastPathComponent)")
        }
    }
}
