import KeyboardMarkup
import Testing

/// Every value that reaches HTML or SVG is escaped, and every number is
/// one SVG reads.
@Suite struct MarkupTests {
    @Test func theFiveCharactersAreEscapedAndNothingElse() {
        #expect(Markup.escape(#"a&b<c>d"e'f"#) == "a&amp;b&lt;c&gt;d&quot;e&#39;f")
        #expect(Markup.escape("plain é ✓ text") == "plain é ✓ text")
        #expect(Markup.escape("") == "")
        #expect(Markup.escape("&amp;") == "&amp;amp;", "escaped twice when given escaped text: callers pass raw text")
        #expect(Markup.escape(#"<a href="x">'&'</a>"#) == "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;")
    }

    @Test(arguments: [
        (0.0, "0"), (-0.0, "0"), (0.004, "0"), (-0.004, "0"), (1.0, "1"), (1.5, "1.5"), (1.25, "1.25"), (1.005, "1"),
        (-1.05, "-1.05"), (-0.5, "-0.5"), (-0.05, "-0.05"), (12.3456, "12.35"), (100.1, "100.1"), (1e20, "1e+20"),
        (0.01, "0.01"), (-0.01, "-0.01"), (0.9, "0.9"), (1.09, "1.09"), (1e13, "10000000000000"), (-1.5e13, "-15000000000000"),
        (9e16, "90000000000000000"), (1e17, "1e+17"), (-1.25, "-1.25"), (0.05, "0.05"), (2.999, "3"), (100, "100"),
        (123_456_789_012_345, "123456789012345"),
        // Beyond Int64's hundredths (an absurd frame in a trace): the exponent
        // form, never a trap.
        (1e300, "1e+300"), (-1e20, "-1e+20"),
        (Double.nan, "0"), (Double.infinity, "0"), (-Double.infinity, "0"),
    ])
    func numbersAreWrittenAsSVGReadsThem(value: Double, text: String) {
        #expect(Markup.number(value) == text, "\(value)")
    }

    @Test func elementsAreBuiltWithEveryValueEscaped() {
        var w = MarkupWriter()
        w.open("svg", ["width": .number(200.004), "aria-label": #"x"><script>"#])
        w.leaf("rect", ["x": .number(10)], title: "p50 <340 ns>")
        w.leaf("text", ["class": "t"], "a & b")
        w.leaf("line", attributeList: [("x1", .number(-0.0)), ("stroke", "#2b6cb0")])
        w.leaf("g")
        w.content("<&>")
        var inner = MarkupWriter()
        inner.leaf("circle", ["r": .number(1.5)])
        w.append(inner)
        w.close("svg")
        #expect(
            w.text == #"<svg width="200" aria-label="x&quot;&gt;&lt;script&gt;"><rect x="10"><title>p50 &lt;340 ns&gt;</title></rect>"#
                + ##"<text class="t">a &amp; b</text><line x1="0" stroke="#2b6cb0"/><g/>&lt;&amp;&gt;<circle r="1.5"/></svg>"##)
    }
}
