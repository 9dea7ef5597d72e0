import Foundation
import Simulation

// MARK: - A plain Markdown report of a run

extension OptimizationResult {
    /// A short Markdown report: the verdict, constants old → new, misfires
    /// by kind and by intent, latency against the budgets, the most
    /// sensitive constants and the latency/misfire trade-off. (The full HTML
    /// report is the Reports module's.)
    ///
    /// ```swift
    /// try result.markdown().write(toFile: "out/report.md", atomically: true, encoding: .utf8)
    /// ```
    public func markdown() -> String {
        var md: [String] = []
        md.append("# gesturetune optimize — \(scene ?? "sessions' own scenes")")
        md.append("")
        md.append("**\(comparison.summary)**")
        md.append("")
        md.append("- Corpus: \(corpus.sessions) sessions, \(corpus.labels) labels; train \(corpus.trainUsers.count) users "
            + "(\(corpus.trainLabels) labels), holdout \(corpus.holdoutUsers.count) users (\(corpus.holdoutLabels) labels: "
            + "\(corpus.holdoutUsers.joined(separator: ", "))).")
        md.append("- Search: \(evaluations) of \(maxEvaluations) evaluations, seed \(seed), \(String(format: "%.1f", seconds)) s.")
        if !run.corpusFingerprint.isEmpty { md.append("- Corpus fingerprint: `\(run.corpusFingerprint.prefix(16))…`") }
        if !run.commandLine.isEmpty { md.append("- Command: `\(run.commandLine)`") }
        md.append("")

        md.append("## Misfire rate")
        md.append("")
        md.append("| | train | holdout (95% CI) | objective (holdout) | budgets missed (holdout) |")
        md.append("|---|---:|---:|---:|---:|")
        for (name, side) in [("before", baseline), ("after", tuned)] {
            md.append("| \(name) | \(percent(side.trainMisfireRate)) | \(percent(side.holdoutMisfireRate)) "
                + "\(interval(side.holdout.misfireInterval)) | \(fixed(side.holdoutObjective, 4)) | \(side.budgetViolations) |")
        }
        let t = comparison.holdoutTest
        md.append("")
        md.append("McNemar on the \(t.improved + t.worsened + t.unchanged) held-out labels: \(t.improved) fixed, "
            + "\(t.worsened) broken, p = \(formatP(t.pValue)) (\(t.method.rawValue)).")
        if let cv = crossValidation {
            md.append("")
            md.append("\(cv.folds.count)-fold cross-validation by user (out of fold): \(percent(cv.baselineMisfireRate)) → "
                + "\(percent(cv.tunedMisfireRate)), McNemar p = \(formatP(cv.test.pValue)).")
        }
        md.append("")

        md.append("## Constants")
        md.append("")
        md.append("| parameter | before | after | range |")
        md.append("|---|---:|---:|---|")
        for p in parameters {
            let after = p.changed ? "**\(number(p.tuned))**" : number(p.tuned)
            md.append("| `\(p.name)` | \(number(p.baseline)) \(p.unit) | \(after) \(p.unit) | \(number(p.lower)) … \(number(p.upper))\(p.scale == .log ? " (log)" : "") |")
        }
        md.append("")

        md.append("## Misfires by kind (holdout)")
        md.append("")
        md.append("| | wrong | missed | dead zone | spurious | labels |")
        md.append("|---|---:|---:|---:|---:|---:|")
        for (name, side) in [("before", baseline), ("after", tuned)] {
            let c = side.holdout.counts
            md.append("| \(name) | \(c.wrong) | \(c.missed) | \(c.deadZone) | \(c.spurious) | \(c.labels) |")
        }
        md.append("")

        md.append("## Misfires by intent (holdout, before → after)")
        md.append("")
        md.append("| intent | labels | misfires | rate |")
        md.append("|---|---:|---:|---:|")
        for intent in Set(baseline.holdout.perIntent.keys).union(tuned.holdout.perIntent.keys).sorted() {
            let b = baseline.holdout.perIntent[intent] ?? OutcomeCounts()
            let a = tuned.holdout.perIntent[intent] ?? OutcomeCounts()
            md.append("| \(intent) | \(b.labels) | \(b.misfires) → \(a.misfires) | \(percent(b.misfireRate)) → \(percent(a.misfireRate)) |")
        }
        md.append("")

        md.append("## Latency and animation budgets (holdout)")
        md.append("")
        md.append("| budget | limit | before | after | met after |")
        md.append("|---|---:|---:|---:|:---:|")
        for (i, summary) in budgets.enumerated() {
            let b = baseline.holdout.budgets.indices.contains(i) ? baseline.holdout.budgets[i] : nil
            let a = tuned.holdout.budgets.indices.contains(i) ? tuned.holdout.budgets[i] : nil
            let unit = summary.budget.measure.unit
            let limit = summary.relaxed
                ? "\(number(summary.budget.limit)) \(unit) (searched: ≤ \(number(summary.effectiveLimit)))"
                : "\(number(summary.budget.limit)) \(unit)"
            md.append("| `\(summary.key)` | \(limit) | \(b?.value.map(number) ?? "–") | \(a?.value.map(number) ?? "–") | "
                + "\(a.map { $0.passed ? "yes" : "**no**" } ?? "–") |")
        }
        let relaxed = budgets.filter(\.relaxed)
        if !relaxed.isEmpty {
            md.append("")
            md.append("The reference constants already miss \(relaxed.map { "`\($0.key)`" }.joined(separator: ", ")) on the "
                + "training users; the search held them to \"no worse than before\" (within 2 %).")
        }
        let latencies = tuned.holdout.latency.sorted { $0.key < $1.key }
        if !latencies.isEmpty {
            md.append("")
            md.append("| gesture | n | p95 before | p95 after (95% bootstrap CI) |")
            md.append("|---|---:|---:|---:|")
            for (kind, after) in latencies {
                let before = baseline.holdout.latency[kind].map { number($0.p95) } ?? "–"
                let ci = after.p95Interval.map { " (\(number($0.lower)) – \(number($0.upper)))" } ?? ""
                md.append("| \(kind) | \(after.count) | \(before) ms | \(number(after.p95)) ms\(ci) |")
            }
        }
        md.append("")

        if !sensitivity.isEmpty {
            md.append("## Sensitivity (train, others at the optimum)")
            md.append("")
            md.append("Each constant over its range, the others at the optimum; spread and rates over the points "
                + "that meet the budgets.")
            md.append("")
            md.append("| parameter | objective spread | misfire rate, best → worst | points within budgets |")
            md.append("|---|---:|---:|---:|")
            for curve in sensitivity.sorted(by: { $0.objectiveSpread > $1.objectiveSpread }) {
                let feasible = curve.points.filter { $0.violation == 0 }
                let rates = feasible.map(\.misfireRate)
                let range = rates.isEmpty ? "–" : "\(percent(rates.min() ?? 0)) → \(percent(rates.max() ?? 0))"
                md.append("| `\(curve.parameter)` | \(fixed(curve.objectiveSpread, 4)) | \(range) | "
                    + "\(feasible.count) of \(curve.points.count) |")
            }
            md.append("")
        }

        if let pareto {
            md.append("## Trade-off: misfires against `\(pareto.budget)`")
            md.append("")
            md.append("| limit | achieved | train misfire rate | holdout misfire rate | feasible | on front |")
            md.append("|---:|---:|---:|---:|:---:|:---:|")
            for p in pareto.points {
                md.append("| \(number(p.limit)) \(pareto.unit) | \(p.achieved.map(number) ?? "–") | \(percent(p.trainMisfireRate)) | "
                    + "\(percent(p.holdoutMisfireRate)) | \(p.feasible ? "yes" : "no") | \(p.onFront ? "yes" : "") |")
            }
            md.append("")
        }
        return md.joined(separator: "\n")
    }

    private func interval(_ i: ProportionInterval?) -> String {
        guard let i else { return "" }
        return "(\(percent(i.lower)) – \(percent(i.upper)))"
    }
}

/// Up to 4 significant decimals, no trailing zeros.
func number(_ x: Double) -> String {
    guard x.isFinite else { return "\(x)" }
    if x == x.rounded(), abs(x) < 1e12 { return String(Int(x)) }
    var s = String(format: abs(x) >= 100 ? "%.1f" : abs(x) >= 1 ? "%.3f" : "%.4f", x)
    while s.hasSuffix("0") { s.removeLast() }
    if s.hasSuffix(".") { s.removeLast() }
    return s
}

func fixed(_ x: Double, _ decimals: Int) -> String { String(format: "%.\(decimals)f", x) }
