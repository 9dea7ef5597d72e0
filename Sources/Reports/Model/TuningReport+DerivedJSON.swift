// MARK: - Derived values in report.json

// Scripts that read report.json should not have to re-derive the verdict, so
// the judgements computed from stored fields are written alongside them
// (`rate`, `met`, `budgetsMet`, `significantImprovement`, `change`, `bound`).
// They are output only: decoding reads the stored fields and ignores them,
// so a hand-edited report.json can never contradict itself.

extension TuningReport.Rate {
    private enum StoredKeys: String, CodingKey { case count, total, lower, upper }
    private enum DerivedKeys: String, CodingKey { case rate }

    package func encode(to encoder: any Encoder) throws {
        var stored = encoder.container(keyedBy: StoredKeys.self)
        try stored.encode(count, forKey: .count)
        try stored.encode(total, forKey: .total)
        try stored.encode(lower, forKey: .lower)
        try stored.encode(upper, forKey: .upper)
        var derived = encoder.container(keyedBy: DerivedKeys.self)
        try derived.encode(rate, forKey: .rate)
    }
}

extension TuningReport.Budget {
    private enum StoredKeys: String, CodingKey {
        case gesture, definition, percentile, unit, limit, before, after, fixedByDesign, applicable, spring
        case newPeopleBound, confidence, holdProbability, resampledPeople
    }
    private enum DerivedKeys: String, CodingKey { case met }

    /// Reports written before `applicable` existed read as applicable.
    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: StoredKeys.self)
        self.init(
            gesture: try c.decode(String.self, forKey: .gesture),
            definition: try c.decodeIfPresent(String.self, forKey: .definition) ?? "",
            percentile: try c.decode(Double.self, forKey: .percentile),
            unit: try c.decodeIfPresent(String.self, forKey: .unit) ?? "ms", limit: try c.decode(Double.self, forKey: .limit),
            before: try c.decode(Double.self, forKey: .before), after: try c.decode(Double.self, forKey: .after),
            fixedByDesign: try c.decodeIfPresent(String.self, forKey: .fixedByDesign),
            spring: try c.decodeIfPresent(String.self, forKey: .spring),
            applicable: try c.decodeIfPresent(Bool.self, forKey: .applicable) ?? true)
        newPeopleBound = try c.decodeIfPresent(Double.self, forKey: .newPeopleBound)
        confidence = try c.decodeIfPresent(Double.self, forKey: .confidence)
        holdProbability = try c.decodeIfPresent(Double.self, forKey: .holdProbability)
        resampledPeople = try c.decodeIfPresent(Int.self, forKey: .resampledPeople)
    }

    package func encode(to encoder: any Encoder) throws {
        var stored = encoder.container(keyedBy: StoredKeys.self)
        try stored.encode(gesture, forKey: .gesture)
        try stored.encode(definition, forKey: .definition)
        try stored.encode(percentile, forKey: .percentile)
        try stored.encode(unit, forKey: .unit)
        try stored.encode(limit, forKey: .limit)
        try stored.encode(before, forKey: .before)
        try stored.encode(after, forKey: .after)
        try stored.encodeIfPresent(fixedByDesign, forKey: .fixedByDesign)
        try stored.encode(applicable, forKey: .applicable)
        try stored.encodeIfPresent(newPeopleBound, forKey: .newPeopleBound)
        try stored.encodeIfPresent(confidence, forKey: .confidence)
        try stored.encodeIfPresent(holdProbability, forKey: .holdProbability)
        try stored.encodeIfPresent(resampledPeople, forKey: .resampledPeople)
        var derived = encoder.container(keyedBy: DerivedKeys.self)
        try derived.encode(isMet, forKey: .met)
    }
}

extension TuningReport.Verdict {
    private enum StoredKeys: String, CodingKey {
        case population, before, after, fixedCount, brokenCount, mcnemarPValue, significanceLevel, budgets
        case intervalMethod, intents
    }
    private enum DerivedKeys: String, CodingKey { case significantImprovement, budgetsMet }

    package func encode(to encoder: any Encoder) throws {
        var stored = encoder.container(keyedBy: StoredKeys.self)
        try stored.encode(population, forKey: .population)
        try stored.encode(before, forKey: .before)
        try stored.encode(after, forKey: .after)
        try stored.encode(fixedCount, forKey: .fixedCount)
        try stored.encode(brokenCount, forKey: .brokenCount)
        try stored.encode(mcnemarPValue, forKey: .mcnemarPValue)
        try stored.encode(significanceLevel, forKey: .significanceLevel)
        try stored.encode(budgets, forKey: .budgets)
        try stored.encode(intervalMethod, forKey: .intervalMethod)
        try stored.encode(intents, forKey: .intents)
        var derived = encoder.container(keyedBy: DerivedKeys.self)
        try derived.encode(isSignificantImprovement, forKey: .significantImprovement)
        try derived.encode(budgetsMet, forKey: .budgetsMet)
    }
}

extension TuningReport.Constant {
    private enum StoredKeys: String, CodingKey { case name, unit, old, new, lower, upper }
    private enum DerivedKeys: String, CodingKey { case change, bound }

    package func encode(to encoder: any Encoder) throws {
        var stored = encoder.container(keyedBy: StoredKeys.self)
        try stored.encode(name, forKey: .name)
        try stored.encode(unit, forKey: .unit)
        try stored.encode(old, forKey: .old)
        try stored.encode(new, forKey: .new)
        try stored.encode(lower, forKey: .lower)
        try stored.encode(upper, forKey: .upper)
        var derived = encoder.container(keyedBy: DerivedKeys.self)
        try derived.encode(change, forKey: .change)
        try derived.encodeIfPresent(bound, forKey: .bound)
    }
}
