import Foundation
import GestureTuneTestSupport
import Testing

@testable import Reports

@Suite struct SwiftConstantsFileTests {
    @Test func sampleBecomesNestedEnumsWithAppTypes() {
        let source = SwiftConstantsFile.render(.sample)
        #expect(
            source.contains(
                """
                public enum GestureConstants {
                    public enum TabSwipe {
                        /// The tab swipe holds only while vertical < bias × horizontal over the whole translation: at the slop, during the drag (a steep drag gives it up) and at release.
                        /// tabSwipe.directionalBias: 3.5 × → 2.617 × (−0.8826, −25.2 %); searched 1 … 6 ×; written to 0.01 ×
                        public static let directionalBias: CGFloat = 2.62
                """))
        #expect(source.contains("public static let response: TimeInterval = 0.313"))
        #expect(source.contains("public static let dampingRatio: CGFloat = 0.905"))
        // Milliseconds become the seconds UIKit and SwiftUI take.
        #expect(source.contains("public static let window: TimeInterval = 0.236"))
        #expect(source.contains("public static let minimumDuration: TimeInterval = 0.453"))
        #expect(source.contains("#if canImport(CoreGraphics)\nimport CoreGraphics\n#endif"))
    }

    @Test func sampleParsesAndTypeChecks() throws {
        let source = SwiftConstantsFile.render(.sample)
        let parsed = try runSwiftc("-parse", on: source)
        #expect(parsed.status == 0, "\(parsed.output)")
        let checked = try runSwiftc("-typecheck", on: source)
        #expect(checked.status == 0, "\(checked.output)")
    }

    // MARK: - Rounding

    @Test func roundingFollowsTheRangesSpan() throws {
        func step(_ lower: Double, _ upper: Double, integer: Bool = false) -> Double? {
            SwiftConstantsFile.resolution(lower: lower, upper: upper, integer: integer)?.step
        }
        #expect(step(0.15, 0.8) == 0.001)
        #expect(step(-600, -50) == 1)
        #expect(step(1, 10) == 0.01)
        #expect(step(100, 2000) == 10)
        #expect(step(2, 5, integer: true) == 1, "integers stay integers")
        #expect(step(1, 1) == nil && step(0, .infinity) == nil)

        let trigger = SwiftConstantsFile.Written(
            .init(
                name: "swipeActions.projectedDistanceTrigger", unit: "pt", old: -200, new: -279.1666666666667, lower: -600,
                upper: -50))
        #expect(trigger.literal == "-279" && trigger.type == "CGFloat")
        let window = SwiftConstantsFile.Written(
            .init(name: "doubleTap.window", unit: "s", old: 0.5, new: 0.41234567, lower: 0.15, upper: 0.8))
        #expect(window.literal == "0.412" && window.type == "TimeInterval")
        let fingers = SwiftConstantsFile.Written(
            .init(name: "multiSwipe.touchCount", unit: "fingers", old: 3, new: 3.6, lower: 2, upper: 5))
        #expect(fingers.literal == "4" && fingers.type == "Int")
        // Rounding never leaves the range: 0.0125 is written in full, not as 0.0.
        let low = SwiftConstantsFile.Written(.init(name: "x.y", unit: "", old: 1, new: 0.0126, lower: 0.0125, upper: 10))
        #expect(low.literal == "0.0125")
    }

    /// Every number in the file, parsed back, is within half a step of the
    /// model's value and inside its search range.
    @Test func valuesRoundTripThroughTheFile() throws {
        var report = TuningReport.sample
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        let units = ["pt", "s", "ms", "×", "", "pt/s", "g"]
        report.constants = (0..<200).map { i in
            let lower = (next() - 0.5) * pow(10, Double(Int(next() * 8) - 3))
            // No range narrower than a millionth of its position: a Double has ~16 digits.
            let upper = lower + next() * pow(10, Double(Int(next() * 8) - 3)) + 1e-6 * max(1, abs(lower))
            let new = lower + next() * (upper - lower)
            let onBound = i % 10 == 0 ? lower : i % 10 == 1 ? upper : new
            return .init(name: "r.c\(i)", unit: units[i % units.count], old: lower, new: onBound, lower: lower, upper: upper)
        }
        let source = SwiftConstantsFile.render(report)
        let pattern = try Regex(#"public static let c([0-9]+): [A-Za-z]+ = (-?[0-9.e+-]+)"#)
        var seen = 0
        for match in source.matches(of: pattern) {
            let index = Int(match.output[1].substring!)!
            let written = Double(match.output[2].substring!)!
            let c = report.constants[index]
            let scale = c.unit == "ms" ? 0.001 : 1
            let step = SwiftConstantsFile.resolution(lower: c.lower * scale, upper: c.upper * scale, integer: false)!.step
            #expect(abs(written - c.new * scale) <= step / 2 * (1 + 1e-9), "\(c) → \(written)")
            #expect(c.lower * scale <= written && written <= c.upper * scale, "\(c) → \(written)")
            seen += 1
        }
        #expect(seen == report.constants.count)
        let checked = try runSwiftc("-typecheck", on: source)
        #expect(checked.status == 0, "\(checked.output)")
    }

    // MARK: - Comments

    @Test func commentsSayWhatTheConstantIsInUIKitAndSwiftUI() {
        var report = TuningReport.sample
        report.constants = [
            .init(name: "longPress.minimumDuration", unit: "s", old: 0.5, new: 0.45, lower: 0.2, upper: 1.5),
            .init(name: "pan.slop", unit: "pt", old: 18, new: 14, lower: 2, upper: 60),
            .init(name: "cardSwipe.springResponse", unit: "s", old: 0.4, new: 0.5, lower: 0.15, upper: 1),
            .init(name: "swipeActions.threshold", unit: "pt", old: 80, new: 90, lower: 30, upper: 200),
            .init(name: "unknown.thing", unit: "pt", old: 1, new: 2, lower: 0, upper: 4)
        ]
        let source = SwiftConstantsFile.render(report)
        #expect(
            source.contains("`UILongPressGestureRecognizer.minimumPressDuration`; SwiftUI `LongPressGesture(minimumDuration:)`"))
        #expect(source.contains("SwiftUI `DragGesture(minimumDistance:)`"))
        #expect(source.contains("SwiftUI `.spring(response:dampingFraction:)`"))
        // No platform name: the catalogue's description, not a copy of it.
        #expect(source.contains("/// Leftward translation that opens the row's actions on release"))
        #expect(source.contains("/// unknown.thing: 1 pt → 2 pt (+1, +100.0 %); searched 0 … 4 pt; written to 0.01 pt\n"))
    }

    @Test func valuesOnABoundAreFlagged() {
        let source = SwiftConstantsFile.render(.sample)
        #expect(
            source.contains(
                """
                        /// pan.slop: 10 pt → 8.02 pt (−1.98, −19.8 %); searched 8 … 24 pt; on the lower bound; written to 0.1 pt
                        /// Warning: on the lower bound: the data pulls it below 8 pt; widen the range to the catalogue's 2 pt with --tune FILE ({"bounds": {"pan.slop": {"lower": 2}}}). The search range chose it, not the data: tune again before trusting it.
                        public static let slop: CGFloat = 8
                """))
        #expect(source.components(separatedBy: "Warning: on the").count == 2, "only pan.slop is on a bound")
        // On the catalogue's own bound, a wider range is the catalogue's to give.
        var report = TuningReport.sample
        let k = report.constants.firstIndex { $0.name == "pan.slop" }!
        (report.constants[k].lower, report.constants[k].new) = (2, 2)
        #expect(
            report.constants[k].boundAdvice
                == "on the lower bound: the data pulls it below 2 pt, the end of the catalogue's range: a wider one is a"
                + " change to the catalogue (Sources/Recognizers/Catalogue/parameters.toml), made only if such a value"
                + " still means the gesture")
    }

    @Test func changedOrderingsAreFlagged() {
        var report = TuningReport.sample
        report.constants = [
            .init(name: "longPress.minimumDuration", unit: "s", old: 0.5, new: 0.4, lower: 0.2, upper: 1.5),
            .init(name: "drag.minimumDuration", unit: "s", old: 0.25, new: 0.45, lower: 0.1, upper: 1),
            .init(name: "tap.maxDuration", unit: "s", old: 0.35, new: 0.3, lower: 0.1, upper: 1)
        ]
        let source = SwiftConstantsFile.render(report)
        let drag =
            "/// Warning: ordering changed: drag.minimumDuration < longPress.minimumDuration before, 0.45 s > 0.4 s now: "
            + "a still press opens the context menu before the drag lifts."
        #expect(source.components(separatedBy: drag).count == 3, "on both constants of the pair")
        // textSelect.pressDuration was not tuned: its default (0.5 s) was equal to the long press and is longer now.
        #expect(
            source.contains(
                "/// Warning: ordering changed: textSelect.pressDuration = longPress.minimumDuration before, 0.5 s > 0.4 s now: "
                    + "a press on text opens the context menu before (or as) the word is selected."))
        #expect(source.components(separatedBy: "ordering changed").count == 4, "drag twice, textSelect once on longPress")
        #expect(
            !source.contains("tap.maxDuration < longPress") && !source.contains("tap.maxDuration >"), "0.3 s < 0.4 s: unchanged")

        report.constants[2].new = 0.42
        #expect(
            SwiftConstantsFile.render(report).contains(
                "/// Warning: ordering changed: tap.maxDuration < longPress.minimumDuration before, 0.42 s > 0.4 s now: "
                    + "a touch held long enough to be a long press is still a tap; both can fire."))

        report.constants = [.init(name: "textSelect.pressDuration", unit: "s", old: 0.5, new: 0.38, lower: 0.15, upper: 1)]
        #expect(
            SwiftConstantsFile.render(report).contains(
                "/// Warning: ordering changed: textSelect.pressDuration = longPress.minimumDuration before, 0.38 s < 0.5 s now: "
                    + "a press on text selects the word before the context menu's hold is over."))
    }

    // MARK: - Escaping

    @Test func hostileNamesAndCommentsStillParse() throws {
        let source = SwiftConstantsFile.render(.hostileSample)
        let parsed = try runSwiftc("-parse", on: source)
        #expect(parsed.status == 0, "\(parsed.output)")
        // Every line is a comment, a declaration we wrote, a brace or blank:
        // data never escapes a comment onto a line of its own.
        let header: Set<String> = ["import Foundation", "#if canImport(CoreGraphics)", "import CoreGraphics", "#endif"]
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            let code = line.trimmingCharacters(in: .whitespaces)
            let ok =
                code.isEmpty || code == "}" || code.hasPrefix("//") || header.contains(code)
                || code.range(of: #"^public enum [A-Za-z_][A-Za-z0-9_]* \{$"#, options: .regularExpression) != nil
                || code.range(
                    of: #"^public static let [A-Za-z_][A-Za-z0-9_]*: (CGFloat|TimeInterval|Double|Int) = [-0-9.e+]+$"#,
                    options: .regularExpression) != nil
            #expect(ok, "unexpected line: \(line)")
            #expect(!line.contains("*/") && !line.contains("/*"))
        }
        let checked = try runSwiftc("-typecheck", on: source)
        #expect(checked.status == 0, "colliding names are made unique: \(checked.output)")
    }

    @Test func namesBecomeIdentifiers() {
        #expect(SwiftConstantsFile.propertyName("directionalBias") == "directionalBias")
        #expect(SwiftConstantsFile.propertyName("double-tap window") == "doubleTapWindow")
        #expect(SwiftConstantsFile.propertyName("max_velocity") == "maxVelocity")
        #expect(SwiftConstantsFile.propertyName("2fingers") == "_2fingers")
        #expect(SwiftConstantsFile.propertyName("default") == "default_")
        #expect(SwiftConstantsFile.propertyName("<script>") == "script")
        #expect(SwiftConstantsFile.propertyName("ünïcode") == "nCode", "ASCII only: non-ASCII letters split words")
        #expect(SwiftConstantsFile.propertyName("") == "value")
        #expect(SwiftConstantsFile.typeName("tab-swipe") == "TabSwipe")
        #expect(SwiftConstantsFile.typeName("self") == "Self_")
        #expect(SwiftConstantsFile.typeName("***") == "Group")
        #expect(SwiftConstantsFile.typeName("time interval") == "TimeInterval_", "would shadow the constants' type")
        #expect(SwiftConstantsFile.typeName("CGFloat") == "CGFloat_")
    }

    @Test func collidingNamesAreMadeUnique() throws {
        var report = TuningReport.sample
        report.constants = [
            .init(name: "pan.slop", unit: "pt", old: 10, new: 8, lower: 8, upper: 24),
            .init(name: "pan.slop", unit: "pt", old: 10, new: 9, lower: 8, upper: 24),
            .init(name: "pan.slop!", unit: "pt", old: 10, new: 12, lower: 8, upper: 24),
            .init(name: "nan", unit: "", old: 1, new: .nan, lower: 0, upper: 2),
            .init(name: "tiny", unit: "", old: 1, new: 1e-5, lower: 0, upper: 2),
            .init(name: "timeInterval.cgFloat", unit: "s", old: 1, new: 1, lower: 0, upper: 2)
        ]
        let source = SwiftConstantsFile.render(report)
        #expect(source.contains("public static let slop: CGFloat = 8"))
        #expect(source.contains("public static let slop2: CGFloat = 9"))
        #expect(source.contains("public static let slop3: CGFloat = 12"))
        #expect(source.contains("public static let nan: CGFloat = .nan"))
        #expect(source.contains("public static let tiny: CGFloat = 0"))
        let checked = try runSwiftc("-typecheck", on: source)
        #expect(checked.status == 0, "\(checked.output)")
    }

    @Test func commentsCannotBeClosedOrBrokenByData() {
        #expect(SwiftConstantsFile.comment("a */ b /* c\nd\r\ne\u{2028}f") == "a * / b / * c d  e f")
        let tricky = SwiftConstantsFile.comment("***//**/*/")
        #expect(!tricky.contains("*/") && !tricky.contains("/*"), "\(tricky)")
    }

    // MARK: - The committed demo

    /// `reports/GestureConstants.swift` is what this renderer makes of the
    /// committed `reports/report.json`, and it type-checks on Linux. Run with
    /// `GESTURETUNE_REGENERATE_CONSTANTS=1` to rewrite it from the JSON (the
    /// optimizer does not need to run again).
    @Test func committedConstantsMatchTheCommittedReport() throws {
        let reports = TestPaths.inPackage("reports")
        let json = try Data(contentsOf: reports.appendingPathComponent(ReportWriter.jsonName))
        let report = try ReportWriter.decoder.decode(TuningReport.self, from: json)
        let rendered = SwiftConstantsFile.render(report)
        let file = reports.appendingPathComponent(ReportWriter.swiftName)
        if ProcessInfo.processInfo.environment["GESTURETUNE_REGENERATE_CONSTANTS"] == "1" {
            try rendered.write(to: file, atomically: true, encoding: .utf8)
        }
        #expect(try String(contentsOf: file, encoding: .utf8) == rendered, "regenerate with GESTURETUNE_REGENERATE_CONSTANTS=1")
        let checked = try runSwiftc("-typecheck", on: rendered)
        #expect(checked.status == 0, "\(checked.output)")
    }
}
