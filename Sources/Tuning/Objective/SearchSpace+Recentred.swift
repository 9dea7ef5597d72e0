// MARK: - A space around another point

extension SearchSpace {
    /// The same parameters and bounds with `values` as the defaults: a
    /// search over it starts from `values` (its "baseline" phase evaluates
    /// them first), which is how a Pareto sweep warm-starts each level from
    /// the previous optimum.
    ///
    /// ```swift
    /// let around = try space.recentred(at: result.best.values)
    /// around.defaults == space.clamped(result.best.values)   // true
    /// ```
    package func recentred(at values: SearchPoint) throws(TuningInputError) -> SearchSpace {
        try SearchSpace(
            parameters.map { parameter in
                var moved = parameter
                moved.defaultValue = parameter.clamp(values[parameter.name] ?? parameter.defaultValue)
                return moved
            })
    }
}
