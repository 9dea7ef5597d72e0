import Foundation
import Recognizers
import Testing

@Suite("Regions")
struct RegionTests {
    @Test func fractionsPointsAndEdgesResolveOnEachScreen() {
        let row = Region(x: 0, y: 0.1, width: 1, height: 0.1)
        #expect(
            row.resolved(screenWidth: 400, screenHeight: 800, edgeWidth: 20)
                == Rect(minX: 0, minY: 80, maxX: 400, maxY: 160))
        let button = Region(x: 16, y: 200, width: 120, height: 44, unit: .points)
        #expect(
            button.resolved(screenWidth: 400, screenHeight: 800, edgeWidth: 20)
                == Rect(minX: 16, minY: 200, maxX: 136, maxY: 244))
        let right = Region.edge(.right, y: 0.1, height: 0.8)
        #expect(
            right.resolved(screenWidth: 400, screenHeight: 800, edgeWidth: 25)
                == Rect(minX: 375, minY: 80, maxX: 400, maxY: 720))
        let bottom = Region.edge(.bottom)
        #expect(
            bottom.resolved(screenWidth: 400, screenHeight: 800, edgeWidth: 30)
                == Rect(minX: 0, minY: 770, maxX: 400, maxY: 800))
    }

    @Test func rectanglesOwnTheirTopLeftEdgesOnly() {
        let r = Rect(minX: 0, minY: 80, maxX: 400, maxY: 160)
        #expect(r.contains(x: 0, y: 80))
        #expect(!r.contains(x: 200, y: 160))
        #expect(!r.contains(x: 400, y: 100))
        #expect(!r.contains(x: .nan, y: 100))
    }

    @Test func regionsDecodeWithDefaultsAndRejectNonsense() throws {
        let decoder = JSONDecoder()
        #expect(try decoder.decode(Region.self, from: Data(#""screen""#.utf8)) == .screen)
        #expect(try decoder.decode(Region.self, from: Data("{}".utf8)) == .screen)
        let edge = try decoder.decode(Region.self, from: Data(#"{"edge": "left", "y": 0.1, "height": 0.8}"#.utf8))
        #expect(edge == .edge(.left, y: 0.1, height: 0.8))
        #expect(throws: (any Error).self) { try decoder.decode(Region.self, from: Data(#""everywhere""#.utf8)) }
        #expect(throws: (any Error).self) { try decoder.decode(Region.self, from: Data(#"{"width": -1}"#.utf8)) }
    }
}
