import TraceModel

// MARK: - Devices and their digitizers

/// A phone the synthetic people use: the `device` of the session header and
/// the behaviour of its touch digitizer.
///
/// The catalogue mixes platforms, screen sizes and touch sampling rates
/// (60, 120 and 240 Hz) because those are what change recognizer behaviour:
/// a 60 Hz digitizer sees a 50 ms flick in three samples, a 240 Hz one in
/// twelve. The models name real phones of those sizes and rates; the digitizer
/// figures (timing jitter, dropped frames, position noise) are typical values,
/// not measurements of those phones.
///
/// ```swift
/// let phone = DeviceProfile.catalogue[0]   // iPhone 14 Pro, 120 Hz
/// phone.samplePeriod                        // 1/120 s
/// ```
package struct DeviceProfile: Sendable, Hashable {
    /// What the session header says.
    package var device: Device
    /// iOS reports a normalised force with every touch (1.0 = an average touch).
    package var reportsForce: Bool
    /// Standard deviation of the time stamp around the nominal frame, seconds.
    /// Android batches input with the display frame and stamps it with more
    /// scatter than iOS.
    package var timingJitter: Double
    /// Probability that a frame is lost (coalesced or dropped by a busy main thread).
    package var dropRate: Double
    /// Standard deviation of the reported position around the true finger
    /// position, points per axis (a fraction of a point on modern panels).
    package var positionNoise: Double
    /// A resting finger is reported again only once it has moved this far
    /// (points): digitizers filter their own noise, which is why a held finger
    /// produces few `moved` events.
    package var holdHysteresis: Double

    /// Nominal touch sampling rate, Hz.
    package var sampleRateHz: Double { device.sampleRateHz ?? 60 }
    /// Seconds between frames.
    package var samplePeriod: Double { 1 / sampleRateHz }
    /// Points per millimetre (for finger sizes and spacings).
    package var pointsPerMillimetre: Double { device.pointsPerMillimetre ?? 6.4 }

    /// The devices `--devices N` draws from, in order: the first four already
    /// cover both platforms and all three sampling rates.
    package static let catalogue: [DeviceProfile] = [
        DeviceProfile(
            device: Device(
                platform: .ios, model: "iPhone15,2", screenWidth: 393, screenHeight: 852,
                scale: 3, ppi: 460, sampleRateHz: 120),
            reportsForce: true, timingJitter: 0.0002, dropRate: 0.003, positionNoise: 0.12, holdHysteresis: 0.5),
        DeviceProfile(
            device: Device(
                platform: .android, model: "Pixel 7", screenWidth: 412, screenHeight: 915,
                scale: 2.625, ppi: 416, sampleRateHz: 120),
            reportsForce: false, timingJitter: 0.0006, dropRate: 0.012, positionNoise: 0.18, holdHysteresis: 0.6),
        DeviceProfile(
            device: Device(
                platform: .ios, model: "iPhone14,6", screenWidth: 375, screenHeight: 667,
                scale: 2, ppi: 326, sampleRateHz: 60),
            reportsForce: true, timingJitter: 0.0003, dropRate: 0.004, positionNoise: 0.2, holdHysteresis: 0.5),
        DeviceProfile(
            device: Device(
                platform: .android, model: "SM-S911B", screenWidth: 360, screenHeight: 780,
                scale: 3, ppi: 425, sampleRateHz: 240),
            reportsForce: false, timingJitter: 0.0004, dropRate: 0.015, positionNoise: 0.15, holdHysteresis: 0.6),
        DeviceProfile(
            device: Device(
                platform: .ios, model: "iPhone16,2", screenWidth: 430, screenHeight: 932,
                scale: 3, ppi: 460, sampleRateHz: 120),
            reportsForce: true, timingJitter: 0.0002, dropRate: 0.003, positionNoise: 0.12, holdHysteresis: 0.5),
        DeviceProfile(
            device: Device(
                platform: .android, model: "moto e13", screenWidth: 360, screenHeight: 800,
                scale: 2, ppi: 270, sampleRateHz: 60),
            reportsForce: false, timingJitter: 0.0009, dropRate: 0.02, positionNoise: 0.3, holdHysteresis: 0.8)
    ]
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
