import Foundation
import Recognizers
import Testing

@testable import Simulation

/// The JSON of a budget check and of the platform agreement is what stored
/// runs and `simulate --json` hold: the derived fields written for scripts,
/// and older JSON (before `applicable`) still read.
@Suite("Budget checks and platform agreement in JSON")
struct StoredJSONTests {
    private func object(_ value: some Encodable) throws -> [String: Any] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try #require(try JSONSerialization.jsonObject(with: encoder.encode(value)) as? [String: Any])
    }

    @Test func aBudgetCheckWritesTunableAndOmitsWhatItLacks() throws {
        let budget = LatencyBudget(gesture: .tap, measure: .response, scope: .waited, limit: 300)
        let check = BudgetCheck(budget: budget, count: 12, value: 280, overLimit: 0, passed: true)
        #expect(check.applicable && check.missedWith == nil && check.byPerson == nil)
        let json = try object(check)
        #expect(Set(json.keys) == ["budget", "count", "value", "overLimit", "passed", "tunable", "applicable"])
        #expect(json["tunable"] as? Bool == true)
        let fixed = try object(
            BudgetCheck(budget: budget, count: 0, value: nil, overLimit: 0, passed: true, fixedByDesign: "no tap"))
        #expect(fixed["tunable"] as? Bool == false && fixed["value"] == nil && fixed["fixedByDesign"] as? String == "no tap")
    }

    @Test func aBudgetCheckStoredBeforeApplicableReadsAsApplicable() throws {
        let stored = """
            {"budget":{"gesture":"tap","limit":300},"count":3,"overLimit":1,"passed":false,
             "missedWith":{"tap.maxDuration":0.5},"tunable":true}
            """
        let check = try JSONDecoder().decode(BudgetCheck.self, from: Data(stored.utf8))
        #expect(check.applicable && check.value == nil && check.fixedByDesign == nil)
        #expect(check.count == 3 && check.overLimit == 1 && !check.passed)
        #expect(check.missedWith == ["tap.maxDuration": 0.5])
        #expect(check.budget.percentile == 95 && check.budget.measure == .latency)
    }

    @Test func platformAgreementWritesItsRatesAndReadsBack() throws {
        let tap = PlatformAgreement.GestureAgreement(both: 6, platformOnly: 1, gesturetuneOnly: 1, neither: 2)
        let agreement = PlatformAgreement(
            sessions: 2, windows: 10, gestures: ["tap": tap], firstDecision: ["tap": ["tap": 6, "nothing": 1]])
        let json = try object(agreement)
        #expect(json["decisions"] as? Int == 10 && json["disagreements"] as? Int == 2)
        #expect(abs((json["agreementRate"] as? Double ?? 0) - 0.8) < 1e-12)
        let gesture = try #require((json["gestures"] as? [String: Any])?["tap"] as? [String: Any])
        #expect(gesture["onsetDifference"] == nil && abs((gesture["agreementRate"] as? Double ?? 0) - 0.8) < 1e-12)
        let back = try JSONDecoder().decode(PlatformAgreement.self, from: JSONEncoder().encode(agreement))
        #expect(back == agreement)
    }
}
