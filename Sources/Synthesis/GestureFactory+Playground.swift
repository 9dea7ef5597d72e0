import GSL
import TraceModel

// MARK: - The playground's gestures

/// The playground's intents (``PlaygroundIntent``), made of the factories
/// the epilogue's gestures use: multi-finger taps, strokes, the multi-finger
/// swipe, the two-finger pinch, rotation and transform, the back swipe,
/// touches with no intent. Targets name the screen's target rectangle
/// (`target`) or the edge strip (`left-edge`).
extension GestureFactory {
    func playground(_ intent: PlaygroundIntent, at time: Double, on playground: PlaygroundScene) -> PlannedGesture {
        switch intent {
        case .doubleTap: return playgroundDoubleTap(at: time, on: playground)
        case .tapThenHold: return tapThenHold(at: time, on: playground)
        case .swipe:
            // A few are too slow for a swipe (past swipe.maximumDuration): a pan.
            let slow = chance(0.15)
            var gesture = multiSwipe(
                at: time, within: playground.inner.minY...playground.inner.maxY, target: "target",
                direction: PlaygroundScene.swipeDirection, fingers: PlaygroundScene.swipeTouches,
                slower: slow ? uniform(6, 10) : 1)
            if slow { gesture.notes.append(Note.slowDrag) }
            return gesture
        case .pan: return playgroundPan(at: time, on: playground)
        case .pinch: return pinch(at: time, tab: 0, on: playground.area, target: "target")
        case .rotate: return rotate(at: time, tab: 0, on: playground.area, target: "target")
        case .transform: return transform(at: time, on: playground.area, target: "target")
        case .edgeSwipe:
            var gesture = edgeSwipe(at: time, tab: 0)
            gesture.target = "left-edge"
            return gesture
        case .none:
            var gesture = nothing(at: time, tab: 0)
            gesture.target = "target"
            return gesture
        }
    }

    /// Two two-finger taps on the view (its tap asks for two taps of two
    /// fingers), the gap spread like the person's double taps; one in ten
    /// holds its second tap between a tap and a press (0.28–0.48 s: past
    /// tap.maxDuration, short of the tap-then-hold's 0.5 s), and one in
    /// twenty pauses past the double-tap window.
    func playgroundDoubleTap(at time: Double, on playground: PlaygroundScene) -> PlannedGesture {
        let centre = point(in: playground.inner.inset(40))
        let first = multiTap(at: time, centre: centre, fingers: PlaygroundScene.tapTouches, target: "target")
        var notes = first.notes
        let gap = occasionally(
            0.05, 0.5, 0.7, noting: Note.hesitant, in: &notes, else: min(max(user.doubleTapGap + gaussian(0.04), 0.11), 0.38))
        var hold: Double?
        if chance(0.1) {
            hold = uniform(0.28, 0.48)
            notes.append(Note.longHold)
        }
        let second = multiTap(
            at: lift(first) + gap, centre: centre + Vector(gaussian(4), gaussian(4)),
            fingers: PlaygroundScene.tapTouches, target: "target", hold: hold,
            firstPointer: Int32(PlaygroundScene.tapTouches + 1))
        return PlannedGesture(
            tracks: first.tracks + second.tracks, intent: .tap, fingers: PlaygroundScene.tapTouches, target: "target",
            notes: notes + second.notes.filter { !notes.contains($0) })
    }

    /// A quick two-finger tap, then the same two fingers held (the long
    /// press asks for one tap before a two-finger hold); some holds end
    /// near the 0.5 s threshold, some first taps linger like a press.
    func tapThenHold(at time: Double, on playground: PlaygroundScene) -> PlannedGesture {
        let centre = point(in: playground.inner.inset(40))
        var notes: [String] = []
        var tapHold: Double?
        if chance(0.08) {
            tapHold = uniform(0.3, 0.45)
            notes.append(Note.longHold)
        }
        let tap = multiTap(at: time, centre: centre, fingers: PlaygroundScene.holdTouches, target: "target", hold: tapHold)
        notes += tap.notes
        let gap = min(max(user.doubleTapGap + gaussian(0.04), 0.11), 0.38)
        let hold = occasionally(
            0.15, 0.42, 0.6, noting: Note.nearThreshold, in: &notes, else: user.longPressHold * rng.lognormal(zeta: 0, sigma: 0.2)
        )
        let press = multiTap(
            at: lift(tap) + gap, centre: centre + Vector(gaussian(4), gaussian(4)),
            fingers: PlaygroundScene.holdTouches, target: "target", hold: hold,
            firstPointer: Int32(PlaygroundScene.holdTouches + 1))
        return PlannedGesture(
            tracks: tap.tracks + press.tracks, intent: .longPress, fingers: PlaygroundScene.holdTouches,
            target: "target", notes: notes)
    }

    /// A pan: one finger (six in ten) dragging any way, or two fingers
    /// moving together, deliberately rather than flung.
    func playgroundPan(at time: Double, on playground: PlaygroundScene) -> PlannedGesture {
        if chance(0.6) {
            let (thumb, radius) = finger()
            let start = point(in: playground.inner.inset(20))
            let direction = Vector.direction(uniform(0, 2 * Double.pi))
            let style = style(fling: 0, slow: 0.4)
            return PlannedGesture(
                tracks: strokeTracks(
                    from: start, at: time, direction: direction, distance: uniform(60, 0.5 * width), style: style,
                    within: playground.inner, thumb: thumb, radius: radius), intent: .pan, fingers: 1, target: "target",
                notes: notes(for: style, thumb: thumb))
        }
        var gesture = multiSwipe(
            at: time, within: playground.inner.minY...playground.inner.maxY, target: "target", fingers: 2,
            slower: uniform(1.5, 3))
        gesture.intent = .pan
        gesture.direction = nil
        return gesture
    }

    /// The last lift of a gesture's fingers, seconds.
    func lift(_ gesture: PlannedGesture) -> Double { gesture.tracks.map(\.up).max() ?? 0 }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
