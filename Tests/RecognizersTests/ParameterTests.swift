import Foundation
import Recognizers
import Testing

@Suite("Parameter catalogue")
struct ParameterTests {
    @Test func namesAreUniqueDottedAndDefaultsLieWithinBounds() {
        let specs = listParameters()
        #expect(specs.count == Parameter.allCases.count)
        #expect(Set(specs.map(\.name)).count == specs.count)
        for spec in specs {
            #expect(spec.name.split(separator: ".").count == 2, "\(spec.name)")
            #expect(spec.lower <= spec.defaultValue && spec.defaultValue <= spec.upper, "\(spec.name)")
            #expect(spec.accepts(spec.defaultValue), "\(spec.name)")
            #expect(!spec.description.isEmpty)
            #expect(!spec.logScale || spec.lower > 0, "\(spec.name): log scale needs positive bounds")
        }
    }

    @Test func referenceAppDefaults() throws {
        let p = ParameterSet()
        #expect(p[.tabSwipeDirectionalBias] == 3.5)
        #expect(p[.tabSwipeMomentumBias] == 6.0)
        #expect(p[.swipeActionsProjectedDistanceTrigger] == -200)
        #expect(p[.cardSwipeSpringResponse] == 0.4 && p[.cardSwipeSpringDamping] == 0.7)
        #expect(p[.tabSwipeSpringResponse] == 0.35 && p[.tabSwipeSpringDamping] == 0.85)
        #expect(Parameter(name: "shake.debounce")?.spec.defaultValue == 2.0)
        // 100 pt projected ≈ 200 pt/s at the normal deceleration rate.
        #expect(abs(ResolvedParameters(p).projectedDistance(velocity: 200) - 99.8) < 1e-9)
    }

    @Test func theReturnToIdentityFollowsSwiftUIsEaseOutAndSaysSo() throws {
        // The playground's return to identity: the app animates it with
        // SwiftUI's `.easeOut`, whose documented default duration (0.35 s)
        // is the default here, tagged as the platform's; no spring constants.
        let duration = Parameter.returnToIdentityDuration.spec
        #expect(duration.name == "returnToIdentity.duration" && duration.unit == "s")
        #expect(duration.defaultValue == 0.35 && duration.lower == 0.1 && duration.upper == 1 && duration.logScale)
        #expect(
            duration.provenance
                == .platform(
                    "SwiftUI's Animation.easeOut, whose documented default duration is 0.35 s (developer.apple.com/documentation/swiftui/animation/easeout)"
                ))
        #expect(Parameter(name: "springBack.response") == nil && Parameter(name: "springBack.damping") == nil)
        #expect(Parameter(name: "returnToIdentity.viewSize") == .returnToIdentityViewSize)
        // Appended to the catalogue, so the parameters before keep their raw
        // values (the duration took the spring back's response's place; its
        // damping went): the layout constants a recognizer reads followed,
        // then the action menu's panel and the card's removal (issue 34),
        // then the tab session's proposed rubber-banding at its edges, then
        // the animation patterns' draggable card (9) and the playground's target.
        #expect(
            Parameter.allCases.suffix(16).prefix(6) == [
                .returnToIdentityDuration, .cardSwipeFlightOffset, .actionPillClearance,
                .actionPillPanelPadding, .cardSwipeRemovalDelay, .tabSwipeEdgeRubberBand
            ])
        #expect(Parameter.allCases.suffix(10).prefix(9).allSatisfy { $0.name.hasPrefix("draggableCard.") })
        #expect(Parameter.allCases.last == .returnToIdentityViewSize)
        #expect(Parameter.projectionDecelerationRate.rawValue == Parameter.allCases.count - 17)
    }

    @Test func setsDecodeFromAJSONObjectAndRejectBadNamesAndValues() throws {
        let json = Data(#"{"tap.movementSlop": 12, "tabSwipe.directionalBias": 4}"#.utf8)
        let p = try JSONDecoder().decode(ParameterSet.self, from: json)
        #expect(p[.tapMovementSlop] == 12)
        #expect(p.overrides == ["tap.movementSlop": 12, "tabSwipe.directionalBias": 4])
        let back = try JSONDecoder().decode(ParameterSet.self, from: JSONEncoder().encode(p))
        #expect(back == p)
        #expect(throws: CatalogueError.unknown("tap.slop")) { try ParameterSet(["tap.slop": 1]) }
        #expect(throws: (any Error).self) { try ParameterSet(["tap.movementSlop": 500]) }
        #expect(throws: (any Error).self) { try ParameterSet(["shake.reversals": 2.5]) }
        #expect(throws: (any Error).self) { try ParameterSet(["tap.movementSlop": .nan]) }
    }

    @Test func softContributionIsContinuousWhereADecisionFlips() {
        let tau = 0.1
        let correctAtEdge = SoftThreshold.softContribution(correct: true, margin: 0, temperature: tau)
        let wrongAtEdge = SoftThreshold.softContribution(correct: false, margin: 0, temperature: tau)
        #expect(correctAtEdge == 0.5 && wrongAtEdge == 0.5)
        #expect(SoftThreshold.softContribution(correct: true, margin: 2, temperature: tau) < 1e-8)
        #expect(SoftThreshold.softContribution(correct: false, margin: 2, temperature: tau) > 1 - 1e-8)
        #expect(SoftThreshold.softContribution(correct: false, margin: 0, temperature: 0) == 1)
        var compare = SoftThreshold(temperature: 0.1)
        let above = compare.exceeds(85, 80)
        #expect(above)
        #expect(compare.closestMargin == 0.0625)
        var exact = SoftThreshold()
        _ = exact.exceeds(85, 80)
        #expect(exact.closestMargin == .infinity)
    }
}
