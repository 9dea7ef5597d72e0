import Foundation
import Testing
@testable import Reports

@Suite struct SwiftConstantsFileTests {
    @Test func sampleBecomesNestedEnumsWithEveryDigit() {
        let source = SwiftConstantsFile.render(.sample)
        #expect(source.contains("""
            public enum GestureConstants {
                public enum TabSwipe {
                    /// tabSwipe.directionalBias: 2.617 × (was 3.5 ×, −0.8826, −25.2 %); searched 1 … 6 ×
                    public static let directionalBias: Double = 2.6174
            """))
        #expect(source.contains("""
                public enum CardSwipe {
                    public enum Spring {
                        /// cardSwipe.spring.response: 0.3125 s (was 0.35 s, −0.0375, −10.7 %); searched 0.2 … 0.6 s
                        public static let response: Double = 0.3125
            """))
        #expect(source.contains("/// pan.slop: 8.02 pt (was 10 pt, −1.98, −19.8 %); searched 8 … 24 pt; on the lower bound"))
    }

    @Test func sampleParsesAndTypeChecks() throws {
        let source = SwiftConstantsFile.render(.sample)
        let parsed = try runSwiftc("-parse", on: source)
        #expect(parsed.status == 0, "\(parsed.output)")
        let checked = try runSwiftc("-typecheck", on: source)
        #expect(checked.status == 0, "\(checked.output)")
    }

    @Test func hostileNamesAndCommentsStillParse() throws {
        let source = SwiftConstantsFile.render(.hostileSample)
        let parsed = try runSwiftc("-parse", on: source)
        #expect(parsed.status == 0, "\(parsed.output)")
        // Every line is a comment, a declaration we wrote, a brace or blank:
        // data never escapes a comment onto a line of its own.
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            let code = line.trimmingCharacters(in: .whitespaces)
            let ok = code.isEmpty || code == "}" || code.hasPrefix("//")
                || code.range(of: #"^public enum [A-Za-z_][A-Za-z0-9_]* \{$"#, options: .regularExpression) != nil
                || code.range(of: #"^public static let [A-Za-z_][A-Za-z0-9_]*: Double = [-0-9.e+]+$"#, options: .regularExpression) != nil
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
    }

    @Test func collidingNamesAreMadeUnique() throws {
        var report = TuningReport.sample
        report.constants = [
            .init(name: "pan.slop", unit: "pt", old: 10, new: 8, lower: 8, upper: 24),
            .init(name: "pan.slop", unit: "pt", old: 10, new: 9, lower: 8, upper: 24),
            .init(name: "pan.slop!", unit: "pt", old: 10, new: 12, lower: 8, upper: 24),
            .init(name: "nan", unit: "", old: 1, new: .nan, lower: 0, upper: 2),
            .init(name: "tiny", unit: "", old: 1, new: 1e-5, lower: 0, upper: 2),
        ]
        let source = SwiftConstantsFile.render(report)
        #expect(source.contains("public static let slop: Double = 8.0"))
        #expect(source.contains("public static let slop2: Double = 9.0"))
        #expect(source.contains("public static let slop3: Double = 12.0"))
        #expect(source.contains("public static let nan: Double = .nan"))
        #expect(source.contains("public static let tiny: Double = 1e-05"))
        let checked = try runSwiftc("-typecheck", on: source)
        #expect(checked.status == 0, "\(checked.output)")
    }

    @Test func commentsCannotBeClosedOrBrokenByData() {
        #expect(SwiftConstantsFile.comment("a */ b /* c\nd\r\ne\u{2028}f") == "a * / b / * c d  e f")
        let tricky = SwiftConstantsFile.comment("***//**/*/")
        #expect(!tricky.contains("*/") && !tricky.contains("/*"), "\(tricky)")
    }
}
