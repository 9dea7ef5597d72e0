import TraceModel

// MARK: - Estimators
//
// Each estimator reads the `n` newest samples (`sample(newestFirst: 0..<n)`)
// that `windowCount()` admitted, and never allocates.

extension SampleRing {
    // MARK: - lsq2

    /// Unweighted least squares, degree 2, slope at the newest sample.
    ///
    /// Fits `x(τ) = a + b·τ + c·τ²` (and the same for y) with τ = −age in
    /// milliseconds; the velocity at the newest sample (τ = 0) is `b`. To keep
    /// the 3×3 normal equations well conditioned we fit around the mean time
    /// `m` instead, `x = a′ + b′·s + c′·s²` with `s = τ − m` (so `Σs = 0`), and
    /// positions around their mean (so the constant row vanishes); the slope
    /// at τ = 0 is then `b′ − 2·c′·m`. The solution is the same unique
    /// least-squares fit Flutter's QR solver finds, so results agree to
    /// rounding.
    ///
    /// A degree-2 fit needs three distinct times; with fewer samples (or
    /// fewer distinct times) the velocity is zero, as Flutter reports it.
    func leastSquaresQuadratic(over n: Int) -> Velocity {
        guard n >= 3 else { return .zero }
        let newest = sample(newestFirst: 0).t

        // Pass 1: means, and whether there are three distinct times.
        var sumT = 0.0, sumX = 0.0, sumY = 0.0
        var distinctTimes = 1
        var previousT = newest
        for i in 0..<n {
            let p = sample(newestFirst: i)
            if p.t != previousT {
                distinctTimes += 1
                previousT = p.t
            }
            sumT += Double(p.t - newest) / 1_000
            sumX += p.x
            sumY += p.y
        }
        guard distinctTimes >= 3 else { return .zero }
        let count = Double(n)
        let meanT = sumT / count, meanX = sumX / count, meanY = sumY / count

        // Pass 2: centred moments.
        var s2 = 0.0, s3 = 0.0, s4 = 0.0
        var xs = 0.0, xs2 = 0.0, ys = 0.0, ys2 = 0.0
        for i in 0..<n {
            let p = sample(newestFirst: i)
            let s = Double(p.t - newest) / 1_000 - meanT
            let sq = s * s
            s2 += sq
            s3 += sq * s
            s4 += sq * sq
            let dx = p.x - meanX, dy = p.y - meanY
            xs += dx * s
            xs2 += dx * sq
            ys += dy * s
            ys2 += dy * sq
        }

        // Normal equations  [n 0 s2; 0 s2 s3; s2 s3 s4]·(a′, b′, c′) = (0, Σd·s, Σd·s²),
        // solved for b′ and c′ by Cramer's rule.
        let determinant = count * (s2 * s4 - s3 * s3) - s2 * s2 * s2
        guard determinant > 0, determinant.isFinite else { return .zero }
        func slopeAtNewest(_ ds: Double, _ ds2: Double) -> Double {
            let b = (count * (ds * s4 - s3 * ds2) - s2 * s2 * ds) / determinant
            let c = count * (s2 * ds2 - s3 * ds) / determinant
            return (b - 2 * c * meanT) * 1_000 // points per ms → per second
        }
        return Velocity(dx: slopeAtNewest(xs, xs2), dy: slopeAtNewest(ys, ys2))
    }

    // MARK: - impulse

    /// Android's impulse estimator, per axis.
    ///
    /// The pointer is a unit mass at rest. Walking from the oldest sample to
    /// the newest, each segment's velocity `v_i` changes its kinetic energy by
    /// the work `(v_i − v_prev)·|v_i|`, where `v_prev = sign(W)·√(2|W|)` is
    /// the velocity the energy `W` so far stands for. The first term is
    /// halved: a mass brought from rest to `v` gains `½v²`, not `v²`, so one
    /// segment alone reports exactly its own slope. Pairs with equal times
    /// have no defined velocity and are skipped (the halving applies to the
    /// first segment actually used). Two samples give their plain slope.
    func impulse(over n: Int) -> Velocity {
        guard n >= 2 else { return .zero }
        var workX = 0.0, workY = 0.0
        var first = true
        // Oldest pair first: i is the older sample, i − 1 the newer.
        var i = n - 1
        while i > 0 {
            let older = sample(newestFirst: i), newer = sample(newestFirst: i - 1)
            i -= 1
            guard newer.t != older.t else { continue }
            let dt = Double(newer.t - older.t) / 1_000_000
            let vx = (newer.x - older.x) / dt, vy = (newer.y - older.y) / dt
            workX += (vx - Self.velocity(fromWork: workX)) * abs(vx)
            workY += (vy - Self.velocity(fromWork: workY)) * abs(vy)
            if first {
                workX *= 0.5
                workY *= 0.5
                first = false
            }
        }
        return Velocity(dx: Self.velocity(fromWork: workX), dy: Self.velocity(fromWork: workY))
    }

    /// The velocity of a unit mass with kinetic energy `|work|`, signed.
    static func velocity(fromWork work: Double) -> Double {
        let speed = (2 * abs(work)).squareRoot()
        return work < 0 ? -speed : speed
    }

    // MARK: - ios

    /// Weights of the last three point-to-point velocities, oldest first
    /// (`v(−2)`, `v(−1)`, `v(0)`), as the spec defines the `ios` strategy.
    static func iosWeight(stepsBack: Int) -> Double {
        switch stepsBack {
        case 0: 0.05 // v(0), the newest
        case 1: 0.35 // v(−1)
        default: 0.6 // v(−2), the oldest of the three
        }
    }

    /// `0.6·v(−2) + 0.35·v(−1) + 0.05·v(0)` over the window's last three
    /// point-to-point velocities (pairs with equal times skipped).
    ///
    /// With only one or two velocities in the window (a very short or
    /// freshly resumed movement), the available ones keep their positions'
    /// weights, renormalised to sum to 1; with none the velocity is zero.
    func iosWeighted(over n: Int) -> Velocity {
        var sumX = 0.0, sumY = 0.0, totalWeight = 0.0
        var found = 0
        var i = 0
        while i + 1 < n, found < 3 {
            let newer = sample(newestFirst: i), older = sample(newestFirst: i + 1)
            i += 1
            guard newer.t != older.t else { continue }
            let dt = Double(newer.t - older.t) / 1_000_000
            let w = Self.iosWeight(stepsBack: found)
            sumX += w * (newer.x - older.x) / dt
            sumY += w * (newer.y - older.y) / dt
            totalWeight += w
            found += 1
        }
        guard found > 0 else { return .zero }
        return Velocity(dx: sumX / totalWeight, dy: sumY / totalWeight)
    }

    // MARK: - twopoint

    /// The slope from the newest earlier-timed sample in the window to the
    /// newest sample; zero when the window has only one distinct time.
    func twoPoint(over n: Int) -> Velocity {
        guard n >= 2 else { return .zero }
        let newest = sample(newestFirst: 0)
        for i in 1..<n {
            let older = sample(newestFirst: i)
            guard older.t != newest.t else { continue }
            let dt = Double(newest.t - older.t) / 1_000_000
            return Velocity(dx: (newest.x - older.x) / dt, dy: (newest.y - older.y) / dt)
        }
        return .zero
    }
}
