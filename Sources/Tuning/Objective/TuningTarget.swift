// MARK: - What the tuning reproduces

/// What `gesturetune optimize` tunes the constants towards.
package enum TuningTarget: String, Sendable, Hashable, Codable, CaseIterable {
    /// What people meant: the labels. The objective is the weighted misfire
    /// rate, within the latency and animation budgets.
    case intent
    /// What the platform's own recognizers decided on the same touches, for
    /// recordings that carry them (iOS study exports). The objective is the
    /// share of gesture decisions on which gesturetune's recognizers and the
    /// platform's differ (`PlatformAgreement`: 1 − agreement); budgets do
    /// not apply, since the point is to reproduce the platform, however
    /// fast or slow it is. Fitting the study scene's constants this way turns
    /// one real study into a measured model of UIKit's recognizers.
    case platform
}
