// MARK: - Search

extension ReportFindings {
    /// The search in one sentence, in the quantity its chart plots: the
    /// exact training objective of feasible evaluations (an evaluation
    /// that misses a budget or an intent limit is no candidate, however
    /// low its objective). The best ends at the chosen constants' value,
    /// the one the sensitivity table shows at the chosen point.
    var searchSentence: String {
        let steps = report.search
        guard let first = steps.first else { return "The search recorded no evaluations." }
        let start =
            "\(steps.count) evaluations of the exact objective on the training people, from \(Format.smart(first.objective))"
            + " at the reference constants" + (first.feasible == false ? " (which miss a budget or an intent limit)" : "")
        guard let best = steps.compactMap(\.bestSoFar).min() else {
            return start + "; none met every budget and intent limit."
        }
        let firstFeasible = steps.first { $0.bestSoFar != nil }?.evaluation ?? 1
        let reached = steps.first { ($0.bestSoFar ?? .infinity) <= best }?.evaluation ?? firstFeasible
        let infeasible = steps.filter { $0.feasible == false }.count
        let bestClause =
            "the best that meets them all, \(Format.smart(best)), first at evaluation \(reached), is the chosen constants' objective."
        return start + ". "
            + (firstFeasible > 1
                ? "The first to meet every budget and intent limit came at evaluation \(firstFeasible); " + bestClause
                : "The" + bestClause.dropFirst(3))
            + (infeasible > 0
                ? " \(infeasible) evaluations missed a limit and count for nothing, however low their objective." : "")
    }
}
