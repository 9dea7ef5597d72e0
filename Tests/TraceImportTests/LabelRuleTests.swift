import Foundation
import Testing
import TraceModel

@testable import TraceImport

// MARK: - One label validator, every format

/// JSON Lines and CSV hand their label fields to one validator
/// (`CanonicalVocabulary.label`): a file means the same whatever format
/// carries it. Each rule below is checked in both.
@Suite("label rules, the same in JSON Lines and CSV")
struct LabelRuleTests {
    /// One label line in each format; `fingers` as written, or absent.
    func jsonl(fingers: String?, intent: String = "tap", direction: String? = nil) -> String {
        let extra = (fingers.map { #","fingers":\#($0)"# } ?? "") + (direction.map { #","direction":"\#($0)""# } ?? "")
        return sessionLine + "\n" + #"{"type":"label","start":0,"end":0.5,"intent":"\#(intent)"\#(extra)}"# + "\n"
    }

    func csv(fingers: String?, intent: String = "tap", direction: String? = nil) -> String {
        "session,t,id,phase,x,y,force,radius\n\(csvSessionRow)\n"
            + "#label,s1,0,0.5,\(intent),\(direction ?? ""),\(fingers ?? ""),,\n"
    }

    func labels(_ text: String, csv isCSV: Bool) throws -> [Label] {
        let events = isCSV ? try readCSV(text).0 : try readCanonical(text).0
        return events.compactMap { if case .label(let label) = $0 { label } else { nil } }
    }

    @Test(
        "fingers: an integer ≥ 1, with no cap (the CSV reader's old 100 was written nowhere)",
        arguments: [false, true])
    func fingers(csv isCSV: Bool) throws {
        let make = isCSV ? csv : jsonl
        for (written, expected) in [("1", 1), ("3", 3), ("3.0", 3), ("101", 101), ("2147483647", 2_147_483_647)] {
            #expect(try labels(make(written, "tap", nil), csv: isCSV).first?.fingers == expected, "\(written)")
        }
        #expect(try labels(make(nil, "tap", nil), csv: isCSV).first?.fingers == nil)
        for written in ["0", "-1", "2.5", "1e10"] {
            let error = try #require(throws: TraceError.self, "\(written)") { try labels(make(written, "tap", nil), csv: isCSV) }
            #expect(error.field == "fingers" && error.message == "must be an integer ≥ 1", "\(written): \(error)")
            #expect(error.location.line == (isCSV ? 3 : 2))
        }
    }

    @Test(
        "intent and direction: the vocabulary's words, direction where the intent takes one",
        arguments: [false, true])
    func vocabulary(csv isCSV: Bool) throws {
        let make = isCSV ? csv : jsonl
        #expect(try labels(make(nil, "dismiss", "down"), csv: isCSV).first?.direction == .down)
        for (intent, direction, field) in [
            ("wave", nil, "intent"), ("dismiss", nil, "direction"),
            ("dismiss", "sideways", "direction"), ("tap", "left", "direction")
        ] {
            let error = try #require(throws: TraceError.self) { try labels(make(nil, intent, direction), csv: isCSV) }
            #expect(error.field == field, "\(intent) \(direction ?? "-"): \(error)")
        }
    }
}
