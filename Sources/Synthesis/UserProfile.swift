import GSL

// MARK: - People differ

/// One synthetic participant's motor habits, drawn once per person.
///
/// The spreads are what make tuning matter: a constant that suits the median
/// person misfires for the fast flicker, the slow tapper, the left-handed
/// thumb scroller. Where the numbers come from is listed beside each field
/// and in `datasets/README.md`.
package struct UserProfile: Sendable, Hashable {
    /// Pseudonymous id, `u00`, `u01`, …
    package var id: String
    package var leftHanded: Bool
    /// Probability that a one-finger gesture is made with the thumb of the
    /// holding hand (one-handed use) rather than the index finger.
    package var thumbUse: Double
    /// Multiplies movement times: > 1 is slower (lognormal, σ 0.2 — people's
    /// Fitts' law parameters vary by about ±20 %).
    package var slowness: Double
    /// Mean angle (degrees, signed, clockwise on screen) by which this
    /// person's vertical thumb scrolls lean off vertical. Thumbs pivot at the
    /// wrist and sweep arcs, so one-handed vertical scrolls lean towards the
    /// holding hand's side: up to about ±30°.
    package var scrollLean: Double
    /// Spread of that angle from scroll to scroll, degrees.
    package var scrollLeanSpread: Double
    /// Median touch duration of a tap, seconds (taps last ~70–150 ms).
    package var tapHoldMedian: Double
    /// Probability that a tap is held near the long-press threshold (0.3–0.5 s).
    package var longTapRate: Double
    /// Mean gap between the first lift and the second touch-down of a double
    /// tap, seconds; real double taps measure 130–235 ms apart.
    package var doubleTapGap: Double
    /// Median hold of an intended long press, seconds.
    package var longPressHold: Double
    /// Median release speed of a fling, points per second; flings span about
    /// 1000 (slow) to 8000 (hard) pt/s in recordings.
    package var flingSpeed: Double
    /// Contact radius of the index finger, points; the thumb's is larger.
    package var fingerRadius: Double
    /// Typical peak force (1.0 = an average touch).
    package var force: Double
    /// Median pause between gestures, seconds.
    package var pauseMedian: Double
    /// Probability of a hurried follow-up (started during an animation or a
    /// lock, or a second tab swipe inside the momentum window).
    package var hurry: Double

    /// Draws a person. `pointsPerMillimetre` converts finger sizes.
    init(id: String, rng: RandomGenerator, pointsPerMillimetre: Double) {
        self.id = id
        leftHanded = rng.bernoulli(0.12) // ~10–12 % of people are left-handed
        thumbUse = rng.uniform(0.25, 0.85)
        slowness = rng.lognormal(zeta: 0, sigma: 0.2)
        let side: Double = leftHanded ? -1 : 1
        scrollLean = side * min(abs(rng.gaussian(mean: 10, standardDeviation: 8)), 30)
        scrollLeanSpread = rng.uniform(3, 8)
        tapHoldMedian = min(max(rng.lognormal(zeta: log(0.095), sigma: 0.25), 0.05), 0.2)
        longTapRate = rng.uniform(0.01, 0.12)
        doubleTapGap = rng.uniform(0.13, 0.235)
        longPressHold = rng.uniform(0.6, 0.95)
        flingSpeed = min(max(rng.lognormal(zeta: log(2600), sigma: 0.3), 1400), 5000)
        // Finger pad contact ~ 8–11 mm across: radius ≈ 4–5.5 mm.
        fingerRadius = rng.uniform(4, 5.5) * pointsPerMillimetre * 0.75
        force = rng.uniform(0.6, 1.5)
        pauseMedian = rng.uniform(0.55, 1.3)
        hurry = rng.uniform(0.08, 0.4)
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
