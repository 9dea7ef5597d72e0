import Foundation
import Recognizers
import Scenes
import Testing
import Tuning

/// Issue 34: the search stays where the sources put the constants — the
/// playground's press duration within the app's stepper, the reading app's
/// springs within the ranges it states — and a source's variant is the
/// baseline a run starts from.
@Suite("Sources' bounds and variants in the search")
struct SourceVariantsTests {
    @Test func thePlaygroundsPressDurationStaysOnItsStepper() throws {
        let name = Recognizers.Parameter.longPressMinimumDuration.name
        let playground = try TuningSpace.space(names: [name], scene: Scene.playground())
        let dimension = try #require(playground.parameters.first)
        #expect(dimension.lowerBound == 0.25 && dimension.upperBound == 3)
        // Elsewhere the catalogue's bounds, wider for what UIKit lets a designer set.
        let plain = try #require(try TuningSpace.space(names: [name], scene: Scene.plain).parameters.first)
        #expect(plain.lowerBound == Recognizers.Parameter.longPressMinimumDuration.spec.lower)
    }

    @Test func theReadingAppsSpringsAreSearchedWithinTheRangesItStates() throws {
        let space = try TuningSpace.space(names: ["cardSwipe.springResponse", "swipeActions.springDamping"])
        #expect(space.parameters.map(\.lowerBound) == [0.3, 0.7])
        #expect(space.parameters.map(\.upperBound) == [0.4, 0.8])
    }

    @Test func aPresetIsTheBaselineTheSearchStartsFrom() throws {
        let preset = try #require(ParameterPreset.named("tab-session-before"))
        var scene = Scene.epilogue
        scene.parameters.merge(preset.parameters.overrides) { _, new in new }
        let space = try TuningSpace.space(names: ["tabSwipe.distanceThreshold", "tabSwipe.springResponse"], scene: scene)
        #expect(space.parameters.map(\.defaultValue) == [50, 0.3])
    }
}
