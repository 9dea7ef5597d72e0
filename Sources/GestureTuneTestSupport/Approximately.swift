// MARK: - Comparing measured numbers

/// Whether `a` and `b` differ by at most `tolerance` (absolute), like
/// swift-numerics' `isApproximatelyEqual(to:absoluteTolerance:)`: for
/// assertions on computed values, where `abs(a - b) < tol` hid which side
/// was expected and let a NaN on either side pass unnoticed in `!(…)` forms.
///
/// Equal values (infinities included) are always approximately equal; a NaN
/// never is.
///
/// ```swift
/// #expect(isApproximatelyEqual(rate.lower, 0.0172, tolerance: 1e-4))
/// ```
package func isApproximatelyEqual(_ a: Double, _ b: Double, tolerance: Double) -> Bool {
    precondition(tolerance >= 0, "a tolerance is a distance")
    return a == b || (a - b).magnitude <= tolerance
}
