import Foundation
import GestureTuneTestSupport
import Recognizers
import Simulation
import Testing
import TraceModel

@testable import GestureTuneCLI

// MARK: - What the command line prints, in process

/// The console's own pieces, tested without spawning the binary: the
/// tables `simulate` prints (moved here from Recognizers and Simulation,
/// which hand over numbers, not terminal layout), the one JSON encoder and
/// the one progress bar.
@Suite("console output")
struct ConsoleOutputTests {
    // MARK: - Tables

    @Test func theParameterTableListsEveryParameterOnALine() {
        let lines = parameterTable().split(separator: "\n")
        #expect(lines.count == Parameter.allCases.count + 1)
        #expect(lines[0].hasPrefix("name"))
        #expect(lines.contains { $0.hasPrefix("tabSwipe.directionalBias") && $0.contains("3.5") && $0.contains("log") })
        #expect(lines.contains { $0.hasPrefix("shake.reversals") && $0.contains("integer") })
        // The one-direction swipe's constants, which UIKit does not document: ours, and why.
        for name in ["swipe.minimumDistance", "swipe.maximumDuration", "swipe.directionCone"] {
            #expect(lines.contains { $0.hasPrefix(name) && $0.contains("(ours: UIKit documents no") }, "\(name)")
        }
        // The playground's return to identity: unit, bounds and the
        // platform documentation its default follows; no spring constants.
        let convention = "SwiftUI's Animation.easeOut, whose documented default duration is 0.35 s"
        let response = lines.first { $0.hasPrefix("returnToIdentity.duration ") }
        #expect(
            response?.split(separator: " ", omittingEmptySubsequences: true).prefix(6)
                == ["returnToIdentity.duration", "s", "0.35", "0.1", "1", "log"])
        #expect(response?.contains(convention) == true)
        #expect(!lines.contains { $0.hasPrefix("springBack.") })
        // The source column: a word for where each default comes from.
        let columns = lines[0].split(separator: " ", omittingEmptySubsequences: true)
        #expect(columns == ["name", "unit", "default", "lower", "upper", "scale", "source", "description"])
        #expect(response?.split(separator: " ", omittingEmptySubsequences: true)[6] == "platform")
        let menu = lines.first { $0.hasPrefix("noteMenu.entranceResponse ") }
        #expect(menu?.split(separator: " ", omittingEmptySubsequences: true)[6] == "reading-app")
        let bias = lines.first { $0.hasPrefix("tabSwipe.directionalBias ") }
        #expect(bias?.split(separator: " ", omittingEmptySubsequences: true)[6] == "tab-session")
        // Ours says so, and why, after the description.
        let slop = lines.first { $0.hasPrefix("tap.movementSlop ") }
        #expect(slop?.split(separator: " ", omittingEmptySubsequences: true)[6] == "ours")
        #expect(slop?.contains("(ours: no source names") == true)
    }

    /// On the epilogue scene: a tap on the tab bar (correct) and a long press
    /// below the rows, where the notes tab offers none (missed).
    @Test func theSimulationSummaryCountsAndTabulates() throws {
        var trace = TraceBuilder(id: "known", user: "u1", scene: "epilogue")
        trace.wait(0.5)
        trace.tap(at: (65, 800), label: .tap, target: "tab-bar")
        trace.wait(1)
        trace.press(at: (200, 680), duration: 0.6, label: .longPress)
        let text = try Simulator().run(sessions: [trace.session]).summary()
        #expect(text.contains("misfire rate 50.0 %"), "\(text)")
        #expect(text.contains("2 labels: 1 correct, 0 wrong, 1 missed, 0 dead zone, 0 spurious"), "\(text)")
        #expect(
            text.contains(
                "long-press" + String(repeating: " ", count: 22) + "1        0      0       1     0         0  100.0 %"),
            "\(text)")
        #expect(
            text.contains("tap" + String(repeating: " ", count: 29) + "1        1      0       0     0         0    0.0 %"),
            "\(text)")
    }

    // MARK: - JSON

    /// Every --json prints non-finite numbers as strings, pretty or on one
    /// line (`evaluate --serve`): the command's work is never lost to them.
    @Test func nonFiniteNumbersAreStrings() throws {
        struct Value: Encodable { var nan = Double.nan, inf = Double.infinity, negative = -Double.infinity, one = 1.5 }
        let line = try #require(String(data: try Console.encoder(pretty: false).encode(Value()), encoding: .utf8))
        #expect(line == #"{"inf":"inf","nan":"nan","negative":"-inf","one":1.5}"#)
        let pretty = try #require(String(data: try Console.encoder(pretty: true).encode(Value()), encoding: .utf8))
        #expect(pretty.contains(#""nan" : "nan""#) && pretty.contains("\n"))
        // Slashes stay as they are (paths in summaries).
        let path = try #require(String(data: try Console.encoder(pretty: false).encode(["out": "a/b"]), encoding: .utf8))
        #expect(path == #"{"out":"a/b"}"#)
    }

    // MARK: - Progress

    @Test func theProgressBarFillsInProportionAndClearsItsLine() {
        let half = ProgressBar.line(label: "optimize", done: 150, total: 300, detail: "150/300 best 0.0412 search")
        #expect(
            half == "\r\u{1B}[Koptimize [" + String(repeating: "#", count: 15) + String(repeating: " ", count: 15)
                + "] 150/300 best 0.0412 search")
        // Past the total stays full; an unknown total (0) is empty.
        #expect(ProgressBar.fraction(done: 400, total: 300) == 1)
        #expect(ProgressBar.fraction(done: 5, total: 0) == 0)
    }
}
