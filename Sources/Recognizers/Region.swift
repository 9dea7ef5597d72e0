// MARK: - Where a recognizer listens

/// The part of the screen a recognizer is attached to, in fractions of the
/// screen (so one scene fits every device) or in points.
///
/// An edge region is a strip along one screen edge whose width is the
/// `edgeSwipe.edgeWidth` parameter; its extent along the edge comes from the
/// rectangle (`y`/`height` for left and right edges).
///
/// ```swift
/// Region.screen
/// Region(x: 0, y: 0.1, width: 1, height: 0.1)         // a list row, fractions
/// Region(x: 16, y: 200, width: 120, height: 44, unit: .points)
/// Region.edge(.left, y: 0.1, height: 0.8)
/// ```
package struct Region: Sendable, Hashable, Codable {
    package enum Unit: String, Sendable, Hashable, Codable { case fraction, points }
    package enum Edge: String, Sendable, Hashable, Codable { case left, right, top, bottom }

    package var x: Double
    package var y: Double
    package var width: Double
    package var height: Double
    package var unit: Unit
    package var edge: Edge?

    package init(x: Double, y: Double, width: Double, height: Double, unit: Unit = .fraction, edge: Edge? = nil) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.unit = unit
        self.edge = edge
    }

    private enum CodingKeys: String, CodingKey { case x, y, width, height, unit, edge }

    /// Missing fields default to the whole screen in fractions, so
    /// `{edge: left, y: 0.1, height: 0.8}` and `{}` are valid; the string
    /// `screen` is the whole screen too.
    package init(from decoder: any Decoder) throws {
        if let single = try? decoder.singleValueContainer(), let word = try? single.decode(String.self) {
            guard word == "screen" else {
                throw DecodingError.dataCorruptedError(
                    in: single, debugDescription: "a region is `screen` or an object with x, y, width, height, unit, edge")
            }
            self = .screen
            return
        }
        let c = try decoder.container(keyedBy: CodingKeys.self)
        x = try c.decodeIfPresent(Double.self, forKey: .x) ?? 0
        y = try c.decodeIfPresent(Double.self, forKey: .y) ?? 0
        width = try c.decodeIfPresent(Double.self, forKey: .width) ?? 1
        height = try c.decodeIfPresent(Double.self, forKey: .height) ?? 1
        unit = try c.decodeIfPresent(Unit.self, forKey: .unit) ?? .fraction
        edge = try c.decodeIfPresent(Edge.self, forKey: .edge)
        for (value, key) in [(x, CodingKeys.x), (y, .y), (width, .width), (height, .height)] where !value.isFinite {
            throw DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription: "not a finite number")
        }
        if width < 0 || height < 0 {
            throw DecodingError.dataCorruptedError(forKey: .width, in: c, debugDescription: "negative size")
        }
    }

    /// The whole screen.
    package static let screen = Region(x: 0, y: 0, width: 1, height: 1)

    /// A strip along an edge; `y`/`height` (or `x`/`width` for top and
    /// bottom) are fractions along the edge.
    package static func edge(_ edge: Edge, y: Double = 0, height: Double = 1) -> Region {
        switch edge {
        case .left, .right: Region(x: 0, y: y, width: 1, height: height, edge: edge)
        case .top, .bottom: Region(x: y, y: 0, width: height, height: 1, edge: edge)
        }
    }

    /// The rectangle in points on a screen of the given size.
    package func resolved(screenWidth w: Double, screenHeight h: Double, edgeWidth: Double) -> Rect {
        let sx = unit == .fraction ? w : 1, sy = unit == .fraction ? h : 1
        var rect = Rect(minX: x * sx, minY: y * sy, maxX: (x + width) * sx, maxY: (y + height) * sy)
        switch edge {
        case nil: break
        case .left?:
            rect.minX = 0
            rect.maxX = edgeWidth
        case .right?:
            rect.minX = w - edgeWidth
            rect.maxX = w
        case .top?:
            rect.minY = 0
            rect.maxY = edgeWidth
        case .bottom?:
            rect.minY = h - edgeWidth
            rect.maxY = h
        }
        return rect
    }
}

/// An axis-aligned rectangle in points; contains its minimum edges, not its
/// maximum ones, so adjacent rows never both claim a touch on the seam.
package struct Rect: Sendable, Hashable, Codable {
    package var minX, minY, maxX, maxY: Double

    package init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
    }

    @inline(__always)
    package func contains(x: Double, y: Double) -> Bool {
        x >= minX && x < maxX && y >= minY && y < maxY
    }
}
