import KeyboardHarness
import Testing

/// Protocol v1's replies, read strictly: each op and its arguments, the
/// animation, and every way a reply can be wrong.
@Suite struct ProtocolTests {
    static func ops(_ text: String) throws(StrategyProtocol.ReplyProblem) -> StrategyProtocol.Ops {
        try StrategyProtocol.readOps(Array(text.utf8))
    }

    /// A reply that is not JSON is quoted in the message by its first 80
    /// bytes, marked as cut; one of 80 bytes or fewer whole.
    @Test func aBadReplyIsQuotedByItsFirst80Bytes() {
        let long = String(repeating: "x", count: 79) + "yz"
        #expect { try Self.ops(long) } throws: { error in
            let message = (error as? StrategyProtocol.ReplyProblem)?.message ?? ""
            return message.hasSuffix("'" + String(repeating: "x", count: 79) + "y…'")
        }
        let exact = String(repeating: "x", count: 80)
        #expect { try Self.ops(exact) } throws: { ($0 as? StrategyProtocol.ReplyProblem)?.message.hasSuffix("'" + exact + "'") == true }
    }

    @Test func everyOpIsReadInOrder() throws {
        let r = try Self.ops(
            """
            {"type":"ops","ops":[{"op":"setContentInset","insets":[1,2,3,4]},{"op":"setScrollIndicatorInsets","insets":[0,0,5,0]},\
            {"op":"setContentOffset","offset":[0,-7.5]},{"op":"scrollRectToVisible","rect":[1,2,3,4]},\
            {"op":"setFrame","frame":[0,0,10,20]}],"animation":{"duration":0.25,"curve":7},"futureKey":true}
            """)
        #expect(
            r.operations == [
                .setContentInset(KBEdgeInsets(top: 1, left: 2, bottom: 3, right: 4)),
                .setScrollIndicatorInsets(KBEdgeInsets(top: 0, left: 0, bottom: 5, right: 0)),
                .setContentOffset(KBPoint(x: 0, y: -7.5)), .scrollRectToVisible(KBRect(x: 1, y: 2, width: 3, height: 4)),
                .setFrame(KBRect(x: 0, y: 0, width: 10, height: 20)),
            ])
        #expect(r.animation == StrategyAnimation(duration: 0.25, curve: AnimationCurve(rawCurve: 7)))
        #expect(try Self.ops(#"{"type":"ops","ops":[]}"#) == StrategyProtocol.Ops(operations: [], animation: nil), "animation may be left out")
    }

    @Test(
        "malformed replies are rejected with what is wrong",
        arguments: [
            (#"{"type":"ops"}"#, "\"ops\" must be an array"),
            (#"{"ops":[]}"#, "no string \"type\""),
            (#"{"type":"ops","ops":[{"op":"setContentInset","insets":[0,0,1]}]}"#, "array of 4 numbers"),
            (#"{"type":"ops","ops":[{"op":"setContentOffset","offset":[0,"1"]}]}"#, "offset[1] must be a number"),
            (#"{"type":"ops","ops":[{"op":"setFrame","frame":[0,0,1e999,1]}]}"#, "frame[2] is a non-finite number"),
            (#"{"type":"ops","ops":[],"animation":{"duration":-1,"curve":7}}"#, "at least 0"),
            (#"{"type":"ops","ops":[],"animation":{"duration":1,"curve":0.5}}"#, "must be an integer"),
            (#"{"type":"ops","ops":[],"animation":3}"#, "must be null or"),
            (#"[1,2]"#, "must be a JSON object"),
            (#"{"type":"ops","ops":[{"rect":[0,0,1,1]}]}"#, "with a string \"op\""),
        ])
    func malformedReplies(text: String, says: String) {
        #expect { try Self.ops(text) } throws: { ($0 as? StrategyProtocol.ReplyProblem)?.message.contains(says) == true }
    }

    @Test(
        "a reply to start must be ready, and nothing else",
        arguments: [
            (#"{"type":"ops","ops":[]}"#, "expected a reply of type \"ready\", got \"ops\""),
            (#"{"type":"error","message":"cannot start"}"#, "got \"error\""),
            (#"{"kbstrategy":1}"#, "no string \"type\""),
            (#"{"type":7}"#, "no string \"type\""),
            (#"["ready"]"#, "must be a JSON object"),
            (#"ready"#, "not JSON"),
        ])
    func aStartReplyThatIsNotReadyIsRejected(text: String, says: String) {
        #expect { try StrategyProtocol.readReady(Array(text.utf8)) } throws: {
            ($0 as? StrategyProtocol.ReplyProblem)?.message.contains(says) == true
        }
    }

    @Test func readyIsAccepted() throws {
        try StrategyProtocol.readReady(Array(#"{"type":"ready"}"#.utf8))
        try StrategyProtocol.readReady(Array(#"{"type":"ready","name":"cookbook.py","futureKey":[1]}"#.utf8))
    }

    /// Too many numbers are as malformed as too few, for every op.
    @Test(
        "an op with too many numbers is malformed",
        arguments: [
            (
                #"{"type":"ops","ops":[{"op":"setContentInset","insets":[0,0,1,0,5]}]}"#,
                "ops[0] (setContentInset).insets must be an array of 4 numbers"
            ),
            (#"{"type":"ops","ops":[{"op":"setScrollIndicatorInsets","insets":[0,0,1,0,0]}]}"#, "insets must be an array of 4 numbers"),
            (#"{"type":"ops","ops":[{"op":"setContentOffset","offset":[0,1,2]}]}"#, "offset must be an array of 2 numbers"),
            (#"{"type":"ops","ops":[{"op":"setContentOffset","offset":[0]}]}"#, "offset must be an array of 2 numbers"),
            (#"{"type":"ops","ops":[{"op":"scrollRectToVisible","rect":[0,0,1,1,1]}]}"#, "rect must be an array of 4 numbers"),
            (#"{"type":"ops","ops":[{"op":"setFrame","frame":[0,0,1,1,0]}]}"#, "frame must be an array of 4 numbers"),
            (#"{"type":"ops","ops":[{"op":"setFrame","frame":[0,0,1]}]}"#, "frame must be an array of 4 numbers"),
        ])
    func tooManyNumbersAreMalformed(text: String, says: String) {
        #expect { try Self.ops(text) } throws: { ($0 as? StrategyProtocol.ReplyProblem)?.message.contains(says) == true }
    }

    @Test func theWorldIsWhatAnAppSees() throws {
        let trace = try TraceReader.read(
            """
            {"schemaVersion":1,"kind":"kbtrace","profile":"ios13","screen":[390,844],"orientation":"portrait","window":[0,0,390,844],\
            "scrollView":{"frame":[0,0,390,844],"safeArea":[47,0,34,0],"contentSize":[390,1200],"contentOffset":[0,0]},\
            "fields":[[16,600,358,44]],"policy":{"distance":10}}
            {"event":"focus","field":0}
            """, file: "inline")
        var world = SimulatedWorld(trace: trace)
        var scrollView = world.initialScrollView(offset: .zero)
        world.apply(trace.events[0].event, scrollView: &scrollView)
        scrollView.contentInset.bottom = 300
        let message = StrategyProtocol.event(trace.events[0].event, line: 2, in: trace, world: world, scrollView: scrollView)
        #expect(
            message == #"{"type":"event","line":2,"event":{"event":"focus","field":0},"world":{"screen":[390,844],"#
                + #""orientation":"portrait","window":[0,0,390,844],"visible":true,"rootView":[0,0,390,844],"focusedField":[16,600,358,44],"#
                + #""scrollView":{"frame":[0,0,390,844],"safeArea":[47,0,34,0],"contentInset":[0,0,300,0],"insetAdjustment":"automatic","#
                + #""alwaysBounceVertical":false,"alwaysBounceHorizontal":false,"contentSize":[390,1200],"contentOffset":[0,0],"#
                + #""adjustedContentInset":[47,0,334,0]}}}"#)
        #expect(
            StrategyProtocol.start(trace.header).hasPrefix(
                #"{"kbstrategy":1,"type":"start","header":{"schemaVersion":1,"kind":"kbtrace","profile":"ios13""#))
    }

    /// On a chat screen the world carries the composer as the app has it
    /// now: the header's, then each layout event's change; elsewhere, no
    /// composer key at all.
    @Test func aChatScreensWorldCarriesItsComposer() throws {
        let trace = try TraceReader.read(
            """
            {"schemaVersion":1,"kind":"kbtrace","profile":"ios13","screen":[390,844],"window":[0,0,390,844],\
            "scrollView":{"frame":[0,0,390,844],"safeArea":[47,0,34,0],"contentSize":[390,2000],"contentOffset":[0,1190]},\
            "fields":[],"policy":{"distance":0},"composer":{"height":52,"restingInset":34}}
            {"event":"layout"}
            {"event":"layout","composer":{"height":72,"restingInset":34}}
            """, file: "inline")
        var world = SimulatedWorld(trace: trace)
        var scrollView = world.initialScrollView(offset: KBPoint(x: 0, y: 1_190))
        var composers: [String] = []
        for (i, line) in trace.events.enumerated() {
            world.apply(line.event, scrollView: &scrollView)
            let message = StrategyProtocol.event(line.event, line: i + 2, in: trace, world: world, scrollView: scrollView)
            let key = try #require(message.range(of: #""composer""#, options: .backwards))
            composers.append(String(message[key.lowerBound...]))
        }
        #expect(composers == [#""composer":{"height":52,"restingInset":34}}}"#, #""composer":{"height":72,"restingInset":34}}}"#])
        let plain = try TraceReader.read(
            """
            {"schemaVersion":1,"kind":"kbtrace","profile":"ios13","screen":[390,844],"window":[0,0,390,844],\
            "scrollView":{"frame":[0,0,390,844],"contentSize":[390,2000],"contentOffset":[0,0]},"fields":[],"policy":{"distance":0}}
            {"event":"layout"}
            """, file: "inline")
        let fieldWorld = SimulatedWorld(trace: plain)
        #expect(
            !StrategyProtocol.event(
                plain.events[0].event, line: 2, in: plain, world: fieldWorld, scrollView: fieldWorld.initialScrollView(offset: .zero)
            ).contains("composer"))
    }
}
