// MARK: - Plane vectors

/// A point or a displacement on the screen, in points (origin top-left, y down).
public struct Vector: Sendable, Hashable {
    public var x: Double
    public var y: Double

    @inlinable
    public init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Vector(0, 0)

    @inlinable public static func + (a: Vector, b: Vector) -> Vector { Vector(a.x + b.x, a.y + b.y) }
    @inlinable public static func - (a: Vector, b: Vector) -> Vector { Vector(a.x - b.x, a.y - b.y) }
    @inlinable public static func * (a: Vector, k: Double) -> Vector { Vector(a.x * k, a.y * k) }
    @inlinable public static func * (k: Double, a: Vector) -> Vector { Vector(a.x * k, a.y * k) }

    @inlinable public var length: Double { (x * x + y * y).squareRoot() }

    /// The same direction, length 1 (zero stays zero).
    @inlinable public var unit: Vector {
        let l = length
        return l > 0 ? Vector(x / l, y / l) : .zero
    }

    /// Turned a quarter turn clockwise on screen (y down): the left-hand normal
    /// of a stroke, used to bend straight strokes into thumb arcs.
    @inlinable public var perpendicular: Vector { Vector(-y, x) }

    /// Rotated by `radians`, clockwise on screen (because y points down).
    @inlinable public func rotated(by radians: Double) -> Vector {
        let c = cos(radians), s = sin(radians)
        return Vector(x * c - y * s, x * s + y * c)
    }

    /// A unit vector at `radians` from the +x axis, clockwise on screen.
    @inlinable public static func direction(_ radians: Double) -> Vector { Vector(cos(radians), sin(radians)) }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
