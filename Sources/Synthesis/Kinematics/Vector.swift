// MARK: - Plane vectors

/// A point or a displacement on the screen, in points (origin top-left, y down).
package struct Vector: Sendable, Hashable {
    package var x: Double
    package var y: Double

    @inlinable
    package init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }

    package static let zero = Vector(0, 0)

    @inlinable package static func + (a: Vector, b: Vector) -> Vector { Vector(a.x + b.x, a.y + b.y) }
    @inlinable package static func - (a: Vector, b: Vector) -> Vector { Vector(a.x - b.x, a.y - b.y) }
    @inlinable package static func * (a: Vector, k: Double) -> Vector { Vector(a.x * k, a.y * k) }
    @inlinable package static func * (k: Double, a: Vector) -> Vector { Vector(a.x * k, a.y * k) }

    @inlinable package var length: Double { (x * x + y * y).squareRoot() }

    /// The same direction, length 1 (zero stays zero).
    @inlinable package var unit: Vector {
        let l = length
        return l > 0 ? Vector(x / l, y / l) : .zero
    }

    /// Turned a quarter turn clockwise on screen (y down): the left-hand normal
    /// of a stroke, used to bend straight strokes into thumb arcs.
    @inlinable package var perpendicular: Vector { Vector(-y, x) }

    /// Rotated by `radians`, clockwise on screen (because y points down).
    @inlinable package func rotated(by radians: Double) -> Vector {
        let c = cos(radians), s = sin(radians)
        return Vector(x * c - y * s, x * s + y * c)
    }

    /// A unit vector at `radians` from the +x axis, clockwise on screen.
    @inlinable package static func direction(_ radians: Double) -> Vector { Vector(cos(radians), sin(radians)) }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
