import Recognizers
import TraceModel

// MARK: - Replaying a hand-built session

// Shared by RecognizersTests (recognizers alone) and SimulationTests (a
// scene's arena): a session's touches and motion fed to an arena in time
// order, as the simulator does, without the simulator.

/// Replays a hand-built session through an arena of the given recognizers.
package func replay(
    _ session: Session, _ recognizers: [Recognizer], _ relations: [Relation] = [],
    parameters: ParameterSet = ParameterSet(), shared: SharedState = SharedState(), temperature: Double = 0
) throws -> Arena {
    let arena = try Arena(
        recognizers: recognizers, relations: relations, tuning: ResolvedParameters(parameters), shared: shared,
        temperature: temperature)
    return replay(session, arena)
}

/// Replays a hand-built session through a ready arena (a scene's, say).
package func replay(_ session: Session, _ arena: Arena) -> Arena {
    var arena = arena
    arena.beginSession(screenWidth: session.header.device.screenWidth, screenHeight: session.header.device.screenHeight)
    var j = 0
    for touch in session.touches {
        while j < session.motion.count, session.motion[j].t < touch.t {
            let m = session.motion[j]
            arena.motion(t: m.t, ax: m.ax, ay: m.ay, az: m.az)
            j += 1
        }
        arena.touch(t: touch.t, pointer: touch.pointer, phase: touch.phase, x: touch.x, y: touch.y)
    }
    while j < session.motion.count {
        let m = session.motion[j]
        arena.motion(t: m.t, ax: m.ax, ay: m.ay, az: m.az)
        j += 1
    }
    arena.finishSession()
    return arena
}

extension Arena {
    /// The kinds recognized, in order.
    package var kinds: [GestureKind] { recognitions.map(\.kind) }
}

/// Microseconds as milliseconds, for readable expectations.
package func ms(_ value: Micros) -> Double { Double(value) / 1000 }
