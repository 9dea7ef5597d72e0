import TraceModel

// MARK: - Release velocities of a session

/// The velocity of one pointer as it was released (`ended` or `cancelled`):
/// one row of `gesturetune velocity`.
package struct ReleaseVelocity: Sendable, Hashable {
    /// The session id.
    package var session: String
    /// The pointer id (ids are reused; `t` tells strokes apart).
    package var pointer: Int32
    /// The time of the release sample.
    package var t: Micros
    /// Horizontal velocity, points per second.
    package var vx: Double
    /// Vertical velocity, points per second.
    package var vy: Double

    /// `vx` and `vy` as a ``Velocity``.
    package var velocity: Velocity { Velocity(dx: vx, dy: vy) }
}

/// The release velocity of every pointer in a session, in release order.
///
/// Each pointer's tracker is fed its `began`, `moved` and `stationary`
/// samples; the `ended`/`cancelled` sample carries no new movement, it only
/// says when the release happened, which decides the 40 ms "had stopped"
/// rule (see ``VelocityTracker/releaseVelocity(at:)``). Pointer ids may be
/// reused: a `began` starts a fresh history.
///
/// ```swift
/// for release in releaseVelocities(of: session, strategy: .lsq2) {
///     print(release.pointer, release.t.seconds, release.vx, release.vy)
/// }
/// ```
///
/// Samples of a pointer that never began (invalid input that slipped past
/// validation) are ignored rather than trusted.
package func releaseVelocities(of session: Session, strategy: VelocityStrategy = .lsq2) -> [ReleaseVelocity] {
    var trackers: [Int32: VelocityTracker] = [:]
    var releases: [ReleaseVelocity] = []
    for sample in session.touches {
        switch sample.phase {
        case .began:
            var tracker = VelocityTracker(strategy: strategy)
            tracker.add(t: sample.t, x: sample.x, y: sample.y)
            trackers[sample.pointer] = tracker
        case .moved, .stationary:
            trackers[sample.pointer]?.add(t: sample.t, x: sample.x, y: sample.y)
        case .ended, .cancelled:
            guard let tracker = trackers.removeValue(forKey: sample.pointer) else { continue }
            let v = tracker.releaseVelocity(at: sample.t)
            releases.append(
                ReleaseVelocity(
                    session: session.id, pointer: sample.pointer, t: sample.t, vx: v.dx, vy: v.dy))
        }
    }
    return releases
}
