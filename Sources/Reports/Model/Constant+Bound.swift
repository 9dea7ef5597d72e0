import Recognizers

// MARK: - A tuned constant on its range's bound

extension TuningReport.Constant {
    /// What a value on a bound of its search range says, in words: which
    /// way the data pulls it (past the bound it sits on) and how to widen
    /// the range — `--tune FILE` bounds up to the catalogue's own range, or,
    /// when the bound is the catalogue's, only a change to the catalogue.
    /// `nil` off the bounds.
    ///
    /// `on the lower bound: the data pulls it below 1.5 pt; widen the range
    /// to the catalogue's 1 pt with --tune FILE ({"bounds": {"pan.slop":
    /// {"lower": 1}}})`.
    package var boundAdvice: String? {
        guard let bound else { return nil }
        let lower = bound == .lower
        let limit = lower ? self.lower : upper
        let pull =
            "on the \(bound.rawValue) bound: the data pulls it \(lower ? "below" : "above") \(Format.value(limit, unit: unit))"
        guard let spec = Parameter(name: name)?.spec else { return pull }
        let catalogue = lower ? spec.lower : spec.upper
        if catalogue == limit {
            return pull + ", the end of the catalogue's range: a wider one is a change to the catalogue"
                + " (Sources/Recognizers/Catalogue/parameters.toml), made only if such a value still means the gesture"
        }
        let key = lower ? "lower" : "upper"
        return pull + "; widen the range to the catalogue's \(Format.value(catalogue, unit: unit)) with --tune FILE"
            + " ({\"bounds\": {\"\(name)\": {\"\(key)\": \(Format.smart(catalogue))}}})"
    }
}
