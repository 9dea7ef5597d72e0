import Recognizers

// MARK: - The constants

extension TuningReport {
    /// One tuned constant: where it started, where it ended, and the range the
    /// optimizer was allowed to search.
    package struct Constant: Codable, Sendable, Hashable {
        /// Dotted parameter name, e.g. `tabSwipe.directionalBias`.
        package var name: String
        /// Unit as designers say it: `pt`, `ms`, `s`, `×`, `pt/s`, or empty.
        package var unit: String
        package var old: Double
        package var new: Double
        /// The search bounds.
        package var lower: Double
        package var upper: Double
        /// Where the reference value (`old`) comes from: the catalogue's
        /// provenance when it is the catalogue's default, a preset's value's
        /// when the run started from a source's variant; nil when the scene
        /// or the run set it otherwise (or a report from before issue 34).
        package var provenance: Provenance?

        /// `new − old`.
        package var change: Double { new - old }

        /// `(new − old) / |old|`, or `nil` when the old value is 0.
        package var relativeChange: Double? { old != 0 ? (new - old) / abs(old) : nil }

        /// Which bound the new value sits on, if any.
        ///
        /// "On" means within 0.5 % of the search range: a local optimizer that
        /// presses against a bound stops just short of it, and a value that
        /// close says the range, not the data, chose it.
        package var bound: Bound? {
            let width = upper - lower
            guard width > 0 else { return nil }
            let tolerance = width * 0.005
            if new - lower <= tolerance { return .lower }
            if upper - new <= tolerance { return .upper }
            return nil
        }

        package enum Bound: String, Codable, Sendable, Hashable {
            case lower, upper
        }
    }
}
