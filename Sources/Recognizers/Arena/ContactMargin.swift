import TraceModel

/// The span of one contact and how close its closest threshold decision
/// came to flipping (relative margin), for the smoothed misfire count.
package struct ContactMargin: Sendable, Hashable, Codable {
    package var start: Micros
    package var end: Micros
    package var margin: Double
}
