import Recognizers
import Simulation
import TraceModel

/// Replays a hand-built session through an arena of the given recognizers.
func replay(
    _ session: Session, _ recognizers: [Recognizer], _ relations: [Relation] = [],
    parameters: ParameterSet = ParameterSet(), shared: SharedState = SharedState(), temperature: Double = 0
) throws -> Arena {
    let arena = try Arena(
        recognizers: recognizers, relations: relations, tuning: ResolvedParameters(parameters), shared: shared,
        temperature: temperature)
    return replay(session, arena)
}

/// Replays a hand-built session through a ready arena (a scene's, say).
func replay(_ session: Session, _ arena: Arena) -> Arena {
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
    var kinds: [GestureKind] { recognitions.map(\.kind) }
}

func ms(_ value: Micros) -> Double { Double(value) / 1000 }
