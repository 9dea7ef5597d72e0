import TraceModel

// MARK: - Verdict

extension ReportFindings {
    static func interval(_ rate: TuningReport.Rate) -> String {
        "95 % CI \(Format.fixed(rate.lower * 100, 1))–\(Format.percent(rate.upper))"
    }

    static func rateWithInterval(_ rate: TuningReport.Rate) -> String {
        "\(Format.percent(rate.rate)) (\(interval(rate)))"
    }

    var headline: String {
        let v = report.verdict
        let verb = v.after.rate < v.before.rate ? "fell" : v.after.rate > v.before.rate ? "rose" : "stayed"
        let relative =
            v.before.rate > 0 ? " (\(Format.signedPercent((v.after.rate - v.before.rate) / v.before.rate)) relative)" : ""
        return
            "Misfires on \(v.population) \(verb) from \(Self.rateWithInterval(v.before)) to \(Self.rateWithInterval(v.after))\(relative)."
    }

    var significance: String {
        let v = report.verdict
        let counts = "\(v.fixedCount) gestures fixed, \(v.brokenCount) broken"
        let p = Format.pValue(v.mcnemarPValue)
        let pText = p.hasPrefix("<") ? "p \(p)" : "p = \(p)"
        if v.isSignificantImprovement {
            return "The gain is significant (\(v.mcnemarTest) \(pText) at α = \(Format.smart(v.significanceLevel)); \(counts))."
        }
        return "The change is not significant (\(v.mcnemarTest) \(pText) at α = \(Format.smart(v.significanceLevel)); \(counts))."
    }

    var budgetSentence: String {
        let all = report.verdict.applicableBudgets
        let inapplicable = report.verdict.inapplicableBudgets
        let notApplicable =
            inapplicable.isEmpty
            ? ""
            : " Not applicable (no gesture of the scene produces them): "
                + inapplicable.map(\.gesture).joined(separator: ", ") + "."
        if all.isEmpty {
            return inapplicable.isEmpty
                ? "No latency or animation budgets were set." : "No budget applies to this scene." + notApplicable
        }
        let fixed = all.filter { !$0.isCounted }
        let fixedNote =
            fixed.isEmpty
            ? ""
            : " \(fixed.count) fixed by design, not counted (no tuned constant can make"
                + " \(fixed.count == 1 ? "it" : "them") fail): \(fixed.map(\.gesture).joined(separator: ", "))."
        return countedBudgetSentence(all.filter(\.isCounted)) + newPeopleNote + fixedNote + notApplicable
    }

    /// How likely each judged budget is to hold on new people: the share
    /// of groups resampled from the held-out people that meet it (empty in
    /// runs stored before it was measured).
    var newPeopleNote: String {
        let rated = report.verdict.judgedBudgets.filter { $0.holdProbability != nil }
        guard let people = rated.compactMap(\.resampledPeople).first else { return "" }
        let list = rated.sorted { ($0.holdProbability ?? 0) < ($1.holdProbability ?? 0) }.map {
            "\($0.gesture) \(Format.percent($0.holdProbability ?? 0, digits: 0))"
        }
        return " How likely each holds on new people (groups of \(people) drawn with replacement from the held-out"
            + " people; the share that meet it): \(list.joined(separator: ", "))."
    }

    /// "p95 ≤ 9.4 pt for new people, 95 % confidence": what the search held
    /// the tuned constants to, on the training people.
    static func newPeopleBound(_ budget: TuningReport.Budget) -> String? {
        guard let bound = budget.newPeopleBound, let confidence = budget.confidence else { return nil }
        return "p\(Format.smart(budget.percentile)) ≤ \(Format.measure(bound, unit: budget.unit)) for new people,"
            + " \(Format.percent(confidence, digits: 0)) confidence"
    }

    /// What relaxing the per-intent protection would buy, in one sentence.
    var protectionSentence: String? {
        guard let p = report.sensitivity.protection else { return nil }
        let margin = Format.smart(p.margin * 100)
        let head =
            "Per-intent protection (no intent's training misfire rate more than \(margin) points above the"
            + " reference's): \(Format.percent(p.protectedRate)) training misfires with it; a search of"
            + " \(p.evaluations) evaluations without it, started at the chosen constants, reaches"
            + " \(Format.percent(p.unprotectedRate))"
        if p.sacrificed.isEmpty { return head + " without sacrificing any intent." }
        return head + " by sacrificing "
            + p.sacrificed.map {
                "\(Intent.readableName(of: $0.intent)) (\(Format.percent($0.before)) → \(Format.percent($0.after)))"
            }.joined(separator: ", ") + "."
    }

    /// Every intent made worse on held-out people, with its interval: the
    /// first screen says it, never only a table further down.
    var worseIntentsSentence: String {
        let worse = report.verdict.worseIntents
        guard !worse.isEmpty else {
            return report.verdict.intents.isEmpty ? "" : "No intent has more held-out misfires after tuning."
        }
        var sentence = "Worse after tuning: " + worse.map(Self.intentChange).joined(separator: "; ") + "."
        // The protection's promise judged on people the tuning never saw: a
        // rise is a sacrifice only when its whole interval is above the margin.
        if let margin = worse.compactMap(\.margin).first {
            let beyond = worse.filter(\.isBeyondMargin)
            let allowed = Format.smart(margin * 100)
            sentence +=
                beyond.isEmpty
                ? " None is worse by more than the \(allowed) points the protection allows beyond the sample's noise"
                    + " (each change's 95 % interval reaches below it)."
                : " Worse by more than the \(allowed) points the protection allows, beyond the sample's noise: "
                    + beyond.map { Intent.readableName(of: $0.intent) }.joined(separator: ", ") + "."
        }
        return sentence
    }

    /// `drag 48.5 % (95 % CI 31–66 %) → 100.0 % (95 % CI 89–100 %), 0 fixed, 17 broken, p < 0.0001,
    /// change +51.5 points (95 % CI +34.1 to +67.5)`.
    static func intentChange(_ c: TuningReport.IntentChange) -> String {
        var text =
            "\(Intent.readableName(of: c.intent)) \(rateWithInterval(c.before)) → \(rateWithInterval(c.after)), \(c.fixedCount) fixed,"
            + " \(c.brokenCount) broken, p \(Format.pValue(c.pValue))"
        if let range = c.changeInterval {
            text +=
                ", change \(points(c.after.rate - c.before.rate)) points (95 % CI \(points(range.lowerBound))"
                + " to \(points(range.upperBound)))"
        }
        return text
    }

    /// A signed change of a rate in points, one decimal: `+4.2`, `−10.3`.
    static func points(_ fraction: Double) -> String { Format.signedFixed(fraction * 100, 1) }

    /// Per-intent changes significant either way.
    var significantIntentsTable: ReportTable? {
        let rows = report.verdict.significantIntents
        guard !rows.isEmpty else { return nil }
        return ReportTable(
            columns: [
                ("intent", .left), ("before", .right), ("after", .right), ("fixed / broken", .right), ("McNemar p", .right)
            ],
            rows: rows.map { c in
                ReportTable.Row(cells: [
                    .init(Intent.readableName(of: c.intent)), .init(Self.rateWithInterval(c.before)),
                    .init(Self.rateWithInterval(c.after), c.isWorse ? .fail : .ok),
                    .init("\(c.fixedCount) / \(c.brokenCount)"), .init(Format.pValue(c.pValue))
                ])
            })
    }

    private func countedBudgetSentence(_ budgets: [TuningReport.Budget]) -> String {
        if budgets.isEmpty { return "No budget that a constant could make fail was set." }
        let missed = budgets.filter { !$0.isMet }
        let judged = budgets.filter(\.hasData)
        let empty = budgets.count - judged.count
        let noData =
            empty == 0
            ? "" : " (\(empty) without observations: \(budgets.filter { !$0.hasData }.map(\.gesture).joined(separator: ", ")))"
        if missed.isEmpty {
            return judged.count == budgets.count
                ? "All \(budgets.count) latency and animation budgets are met."
                : "All \(judged.count) latency and animation budgets with observations are met\(noData)."
        }
        let list = missed.map {
            "\($0.gesture) p\(Format.smart($0.percentile)) \(Format.measure($0.after, unit: $0.unit)) "
                + ($0.standard == true ? "≠ " : "> ") + Format.measure($0.limit, unit: $0.unit)
        }
        let scope = empty == 0 ? "" : " with observations"
        return "\(judged.count - missed.count) of \(judged.count) latency and animation budgets\(scope) are met\(noData); "
            + "missed: \(list.joined(separator: "; "))."
    }

    var budgetTable: ReportTable {
        ReportTable(
            columns: [
                ("budget", .left), ("measured", .left), ("percentile", .right), ("limit", .right), ("before", .right),
                ("after", .right), ("verdict", .left), ("for new people", .left)
            ],
            rows: report.verdict.applicableBudgets.map { budget in
                ReportTable.Row(cells: [
                    .init(budget.gesture), .init(budget.definition), .init("p\(Format.smart(budget.percentile))"),
                    .init(budget.relation + " " + Format.measure(budget.limit, unit: budget.unit)),
                    .init(Format.measure(budget.before, unit: budget.unit), budget.meets(budget.before) ? nil : .fail),
                    .init(Format.measure(budget.after, unit: budget.unit), Self.judgement(of: budget)),
                    budget.fixedByDesign != nil
                        ? .init("fixed by design", .dim)
                        : budget.hasData
                            ? .init(budget.isMet ? "met" : "missed", budget.isMet ? .ok : .fail) : .init("no data", .dim),
                    .init(Self.newPeopleCell(budget), .dim)
                ])
            })
    }

    /// The budget table's last column: the bound the search promised and
    /// the share of held-out groups that meet the budget.
    static func newPeopleCell(_ budget: TuningReport.Budget) -> String {
        guard budget.isJudged else { return "–" }
        let groups = budget.holdProbability.map { "met by \(Format.percent($0, digits: 0)) of held-out groups" }
        let parts = [newPeopleBound(budget), groups].compactMap { $0 }
        return parts.isEmpty ? "–" : parts.joined(separator: " · ")
    }

    /// The after value's colour says whether it got better or worse, as
    /// printed (lower is better for every budget): green only when it
    /// fell, red when it now misses, amber when it rose but still meets.
    static func judgement(of budget: TuningReport.Budget) -> ReportTable.Judgement? {
        if !budget.isMet { return .fail }
        let before = Format.measure(budget.before, unit: budget.unit), after = Format.measure(budget.after, unit: budget.unit)
        guard before != after, budget.before.isFinite, budget.after.isFinite else { return nil }
        return budget.after < budget.before ? .ok : .warn
    }

    /// Budgets whose bound for new people the reference constants did not
    /// keep: held at the reference's own bound, and said so, because "met"
    /// there means "no less sure than before", not the stated confidence.
    var heldBudgetsSentence: String? {
        let held = report.verdict.applicableBudgets.filter { $0.heldAtReference == true }
        guard !held.isEmpty else { return nil }
        let list = held.map { "\($0.gesture) p\(Format.smart($0.percentile)) (limit \(Format.measure($0.limit, unit: $0.unit)))" }
            .joined(separator: ", ")
        let one = held.count == 1
        return "\(list): the reference constants meet \(one ? "this budget" : "these budgets") on the training people,"
            + " but not with the confidence the search demands for new people. The search held"
            + " \(one ? "its bound" : "their bounds") at the reference's own instead of buying that confidence with"
            + " misfires; what a tighter value would cost is the designer's choice (the trade-offs below)."
    }

    /// Spring budgets that moved though the spring's own constants did
    /// not: the tuned recognizers hand the spring other releases.
    var unchangedSpringSentence: String? {
        let moved = report.verdict.budgets.filter { budget in
            guard let spring = budget.spring, budget.before.isFinite, budget.after.isFinite,
                Format.measure(budget.before, unit: budget.unit) != Format.measure(budget.after, unit: budget.unit)
            else { return false }
            return !report.constants.contains { $0.name.hasPrefix(spring + ".spring") && $0.change != 0 }
        }
        guard !moved.isEmpty else { return nil }
        let list = moved.map {
            "\($0.gesture) \(Format.measure($0.before, unit: $0.unit)) → \(Format.measure($0.after, unit: $0.unit))"
        }.joined(separator: ", ")
        return "\(list) with \(moved.count == 1 ? "its spring" : "their springs") unchanged: the spring is the same, the"
            + " releases are not. The tuned recognition constants change which gestures commit and the distance and"
            + " velocity each is released at, and the p\(Format.smart(moved[0].percentile)) is taken over those releases."
            + " The spring table below releases both springs at the same velocities, so it shows no change."
    }
}
