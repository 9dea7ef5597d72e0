import Testing
import TraceModel

@testable import Synthesis

@Suite struct EncoderTests {
    func text(_ body: (inout [UInt8]) -> Void) -> String {
        var bytes: [UInt8] = []
        body(&bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func timesAreSecondsFromMicroseconds() {
        #expect(text { TraceLineEncoder.time(8_333, into: &$0) } == "0.008333")
        #expect(text { TraceLineEncoder.time(12_000_000, into: &$0) } == "12")
        #expect(text { TraceLineEncoder.time(1_500_000, into: &$0) } == "1.5")
        #expect(text { TraceLineEncoder.time(0, into: &$0) } == "0")
    }

    @Test func numbersHaveAFixedShortFormat() {
        #expect(text { TraceLineEncoder.fixed(392.999, decimals: 2, into: &$0) } == "393")
        #expect(text { TraceLineEncoder.fixed(70.7, decimals: 2, into: &$0) } == "70.7")
        #expect(text { TraceLineEncoder.fixed(-0.004, decimals: 2, into: &$0) } == "0")
        #expect(text { TraceLineEncoder.fixed(-1.25, decimals: 3, into: &$0) } == "-1.25")
        #expect(text { TraceLineEncoder.fixed(2.625, decimals: 3, into: &$0) } == "2.625")
        #expect(text { TraceLineEncoder.integer(-42, into: &$0) } == "-42")
    }

    @Test func stringsAreEscaped() {
        #expect(text { TraceLineEncoder.string("a\"b\\c\nd\u{1}", into: &$0) } == #""a\"b\\c\nd\u0001""#)
    }

    @Test func linesMatchTheSpecsShape() {
        var encoder = TraceLineEncoder()
        let touch = TraceEvent.touch(TouchSample(t: 8_000, pointer: 1, phase: .moved, x: 292.5, y: 411))
        let label = TraceEvent.label(Label(start: 0, end: 24_000, intent: .swipeActions, direction: .left, target: "note-row"))
        #expect(
            text { encoder.encode(touch, into: &$0) }
                == #"{"type":"touch","t":0.008,"id":1,"phase":"moved","x":292.5,"y":411}"# + "\n")
        #expect(
            text { encoder.encode(label, into: &$0) }
                == #"{"type":"label","start":0,"end":0.024,"intent":"swipe-actions","direction":"left","target":"note-row"}"#
                + "\n")
    }
}
