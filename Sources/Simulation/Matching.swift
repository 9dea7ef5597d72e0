import Recognizers
import TraceModel

// MARK: - Matching recognitions to labels

/// Matches one session's recognitions and drops to its labels.
///
/// A recognition *belongs to* a label's window when its span, first
/// touch-down to recognition, overlaps `[start − tolerance, end + tolerance]`.
/// Labels are taken in time order; each one:
/// 1. is **correct** if a recognition that belongs to it fulfils its intent
///    (``fulfils(_:_:)``), in its direction when both have one, and — for
///    committing gestures — committed; that recognition is claimed, along
///    with a simultaneous companion (pinch with rotation);
/// 2. else is a **dead zone** if a drop of a kind fulfilling its intent
///    happened in the window;
/// 3. else is **missed** if its own gesture fired but sprang back;
/// 4. else is **wrong** if another recognition belongs to it (claimed; the
///    confusion matrix records which);
/// 5. else is **missed**.
/// A `none` label is correct when nothing belongs to it; every recognition
/// that does is **spurious**. Unclaimed recognitions outside every window
/// are spurious; those inside a matched label's window are `extra`
/// (reported, not counted as misfires). A label's `target` is not checked
/// (the scene's regions decide it) except against a member that claims its
/// target exclusively (`Scene.Member.exclusiveTarget` in Scenes, an overlay such as
/// the note menu's backdrop): such a member's recognitions fulfil only
/// labels aimed at its target, and a label aimed at that target only its
/// recognitions (`targetFits(_:_:exclusive:)`, `AimedTarget`) — so a tap meant for a
/// note row that the backdrop swallows is **wrong**, not correct because
/// both are taps. Its `fingers` is checked for `tap`,
/// `double-tap`, `long-press` and `pan`: a two-finger tap is a label
/// `{intent: tap, fingers: 2}`, fulfilled only by a tap recognition with two
/// fingers down (`Recognition/pointers`); without `fingers` any count
/// does. Press feedback is not matched at all (see
/// `GestureKind/isFeedback`): it is measured, not judged.
/// A session without a single label (a raw recording) is not scored: with
/// no ground truth its recognitions are neither correct nor spurious; they
/// still count among the run's recognitions.
package struct Matcher: Sendable {
    package var tolerance: Micros = 50 * .millisecond
    package var temperature: Double = 0

    /// Whether a recognition of `kind` is what a label of `intent` asked for.
    /// `transform` accepts the transform recognizer and pinch, rotation or a
    /// pan (a scene may model it as those); `scroll` accepts a pan (a scroll
    /// view scrolls with a pan recognizer: the `study` scene models it so,
    /// as UIKit's `UIScrollView` does). A long press does not fulfil `drag`
    /// or `text-select`: the scene's drag and selection recognizers do.
    package static func fulfils(_ kind: GestureKind, _ intent: Intent) -> Bool {
        if kind.isFeedback { return false }
        if kind.intent == intent { return true }
        switch intent {
        case .transform: return kind == .pinch || kind == .rotation || kind == .pan
        case .scroll: return kind == .pan
        default: return false
        }
    }

    /// What a label aims at, as the scene's exclusive targets are named:
    /// its target's last `/` component, so a generator's qualified
    /// `tab0/note-menu` is `note-menu`; and whether a member claims it.
    /// Worked out once per label, not once per candidate recognition.
    struct AimedTarget {
        var name: String?
        var isClaimed = false

        /// `name`: the label's ``Matcher/aimName(_:)``; `claimed`: the
        /// names of the targets the scene's members claim.
        init(name: String?, claimed: [String]) {
            guard let name else { return }
            self.name = name
            isClaimed = claimed.contains(name)
        }
    }

    /// A label's target's last `/` component (`nil` without a target).
    package static func aimName(_ label: Label) -> String? {
        guard let target = label.target else { return nil }
        return target.split(separator: "/").last.map(String.init) ?? target
    }

    /// Whether a recognition may fulfil a label given the scene's exclusive
    /// targets (`exclusive[recognizer]`: the member's target when it claims
    /// it, else `nil`): a claiming member's recognition only a label aimed
    /// at its target, a label aimed at a claimed target only its member's.
    static func targetFits(_ r: Recognition, _ aimed: AimedTarget, exclusive: [String?]) -> Bool {
        let claimed = exclusive.indices.contains(r.recognizer) ? exclusive[r.recognizer] : nil
        if let claimed { return aimed.name == claimed }
        return !aimed.isClaimed
    }

    /// Whether the number of fingers fits the label (see the type's notes).
    static func fingersFit(_ r: Recognition, intent: Intent, fingers: Int?) -> Bool {
        guard let fingers else { return true }
        switch intent {
        case .tap, .doubleTap, .longPress, .pan: return r.pointers == fingers
        default: return true
        }
    }

    /// What matching reads of a label.
    struct Window {
        var intent: Intent
        var direction: Direction?
        var fingers: Int?
        var start: Micros
        var end: Micros
    }

    /// One label's verdict as matching finds it: what the tally counts, and
    /// what a ``LabelOutcome`` is made of when outcomes are kept (the
    /// session's and label's strings are only copied then).
    struct LabelMatch {
        /// Index of the label in its session.
        var label: Int
        var outcome: Outcome = .missed
        var recognized: GestureKind?
        var recognizedDirection: Direction?
        /// Why a dead zone happened.
        var dropReason: Drop.Reason?
        /// Its own gesture fired but did not commit.
        var sprangBack = false
        var latencyMilliseconds: Double?
        var softMisfires = 0.0

        /// ``LabelOutcome/detail``.
        var detail: String? { dropReason?.rawValue ?? (sprangBack ? "sprang back" : nil) }
    }

    /// One session's matches, in buffers that the next session reuses: no
    /// allocation per label or session once they have grown.
    struct SessionMatch {
        /// In the labels' time order.
        var labels: [LabelMatch] = []
        /// Spurious recognitions outside every label: what fired, with its soft share.
        var spurious: [(kind: GestureKind, soft: Double)] = []
        /// What fired spuriously inside `none` labels.
        var spuriousInNone: [GestureKind] = []
        var extra = 0
        fileprivate var claimed: [Bool] = []
        fileprivate var candidates: [Int] = []
        fileprivate var order: [Int] = []
        fileprivate var claimedNames: [String] = []

        fileprivate mutating func reset(recognitions: Int) {
            labels.removeAll(keepingCapacity: true)
            spurious.removeAll(keepingCapacity: true)
            spuriousInNone.removeAll(keepingCapacity: true)
            extra = 0
            claimed.removeAll(keepingCapacity: true)
            claimed.append(contentsOf: repeatElement(false, count: recognitions))
        }
    }

    /// Matches one session into `result` (its previous contents replaced):
    /// each label in time order claims the recognition that answers it
    /// (`matchLabel(_:of:recognitions:drops:contacts:exclusive:into:)`),
    /// then what no label claimed is counted (`countUnclaimed(_:recognitions:contacts:into:)`).
    func match(
        _ entry: Corpus.Entry, recognitions: [Recognition], drops: [Drop], contacts: [ContactMargin],
        exclusive: [String?] = [], into result: inout SessionMatch
    ) {
        result.reset(recognitions: recognitions.count)
        let labels = entry.labels
        // Labels in time order: as recorded, almost always (a stable sort
        // leaves sorted labels in place).
        var inOrder = true
        for i in labels.indices.dropFirst() where labels[i].start < labels[i - 1].start {
            inOrder = false
            break
        }
        if !inOrder {
            result.order.removeAll(keepingCapacity: true)
            result.order.append(contentsOf: labels.indices.sorted { labels[$0].start < labels[$1].start })
        }
        // The claimed targets' names, once per session (a label aimed at
        // one of them is claimed).
        result.claimedNames.removeAll(keepingCapacity: true)
        for case let name? in exclusive where !result.claimedNames.contains(name) { result.claimedNames.append(name) }
        for position in labels.indices {
            let outcome = matchLabel(
                inOrder ? position : result.order[position], of: entry, recognitions: recognitions, drops: drops,
                contacts: contacts, exclusive: exclusive, into: &result)
            result.labels.append(outcome)
        }
        countUnclaimed(labels, recognitions: recognitions, contacts: contacts, into: &result)
    }

    /// Label `index`'s verdict: the recognitions in its window not claimed
    /// yet are its candidates; it claims the one that answers it (or, for a
    /// `none` label, every one, as spurious), and its misfire counts whole
    /// or, smoothed, by how close the contact's closest decision came.
    private func matchLabel(
        _ index: Int, of entry: Corpus.Entry, recognitions: [Recognition], drops: [Drop], contacts: [ContactMargin],
        exclusive: [String?], into result: inout SessionMatch
    ) -> LabelMatch {
        let labels = entry.labels
        // The label's fields, read in place (a copy of the label would
        // retain its strings).
        let label = Window(
            intent: labels[index].intent, direction: labels[index].direction, fingers: labels[index].fingers,
            start: labels[index].start, end: labels[index].end)
        var outcome = LabelMatch(label: index)
        result.candidates.removeAll(keepingCapacity: true)
        let from = label.start.saturatingSubtract(tolerance), to = label.end.saturatingAdd(tolerance)
        for k in recognitions.indices
        where !result.claimed[k] && recognitions[k].touchDown <= to && recognitions[k].recognized >= from {
            result.candidates.append(k)
        }
        let candidates = result.candidates
        if label.intent == .none {
            outcome.outcome = candidates.isEmpty ? .correct : .spurious
            for k in candidates {
                result.claimed[k] = true
                result.spuriousInNone.append(recognitions[k].kind)
            }
            if let first = candidates.first {
                outcome.recognized = recognitions[first].kind
                outcome.recognizedDirection = recognitions[first].direction
            }
        } else {
            let aimed =
                exclusive.isEmpty
                ? AimedTarget(name: nil, claimed: []) : AimedTarget(name: entry.aims[index], claimed: result.claimedNames)
            answer(label, candidates, recognitions, drops: drops, aimed: aimed, exclusive: exclusive, &outcome, &result)
        }
        let misfire = outcome.outcome != .correct
        if temperature > 0 {
            outcome.softMisfires = SoftThreshold.softContribution(
                correct: !misfire, margin: closestMargin(contacts, from: label.start, to: label.end),
                temperature: temperature)
        } else {
            outcome.softMisfires = misfire ? 1 : 0
        }
        if outcome.outcome == .spurious {
            // The label's share stands for its first spurious recognition; each further one adds 1.
            outcome.softMisfires += Double(candidates.count - 1)
        }
        return outcome
    }

    /// A gesture label's answer, in order of preference: a candidate that
    /// fulfils it (correct, with its simultaneous companion), a drop of its
    /// gesture (a dead zone), its own gesture fired but sprung back
    /// (missed), another gesture (wrong); none of these: missed.
    private func answer(
        _ label: Window, _ candidates: [Int], _ recognitions: [Recognition], drops: [Drop], aimed: AimedTarget,
        exclusive: [String?], _ outcome: inout LabelMatch, _ result: inout SessionMatch
    ) {
        if let hit = firstFulfilling(candidates, recognitions, label, aimed: aimed, exclusive: exclusive) {
            result.claimed[hit] = true
            let r = recognitions[hit]
            outcome.outcome = .correct
            outcome.recognized = r.kind
            outcome.recognizedDirection = r.direction
            outcome.latencyMilliseconds = Double(r.latency) / 1000
            // A simultaneous companion (rotation with pinch) is part of it.
            for k in candidates
            where !result.claimed[k] && recognitions[k].recognizer != r.recognizer
                && Self.fulfils(recognitions[k].kind, .transform) && Self.fulfils(r.kind, .transform)
                && recognitions[k].touchDown == r.touchDown
            {
                result.claimed[k] = true
            }
        } else if let drop = drops.first(where: { d in
            Self.fulfils(d.kind, label.intent) && d.t >= label.start.saturatingSubtract(tolerance)
                && d.t <= label.end.saturatingAdd(tolerance)
        }) {
            outcome.outcome = .deadZone
            outcome.recognized = drop.kind
            outcome.recognizedDirection = drop.direction
            outcome.dropReason = drop.reason
        } else if let own = candidates.first(where: {
            Self.fulfils(recognitions[$0].kind, label.intent) && !recognitions[$0].committed
                && (label.direction == nil || recognitions[$0].direction == nil
                    || label.direction == recognitions[$0].direction)
        }) {
            result.claimed[own] = true
            outcome.outcome = .missed
            outcome.recognized = recognitions[own].kind
            outcome.recognizedDirection = recognitions[own].direction
            outcome.sprangBack = true
        } else if let other = candidates.first {
            result.claimed[other] = true
            outcome.outcome = .wrong
            outcome.recognized = recognitions[other].kind
            outcome.recognizedDirection = recognitions[other].direction
        }
    }

    /// Unclaimed recognitions: spurious outside every window, extra inside
    /// one — in labelled sessions only (see above).
    private func countUnclaimed(
        _ labels: [Label], recognitions: [Recognition], contacts: [ContactMargin], into result: inout SessionMatch
    ) {
        func belongs(_ r: Recognition, _ label: Label) -> Bool {
            r.touchDown <= label.end.saturatingAdd(tolerance) && r.recognized >= label.start.saturatingSubtract(tolerance)
        }
        for k in recognitions.indices where !result.claimed[k] && !labels.isEmpty {
            let r = recognitions[k]
            if labels.contains(where: { belongs(r, $0) }) {
                result.extra += 1
            } else {
                let soft =
                    temperature > 0
                    ? SoftThreshold.softContribution(
                        correct: false, margin: closestMargin(contacts, from: r.touchDown, to: r.recognized),
                        temperature: temperature)
                    : 1
                result.spurious.append((r.kind, soft))
            }
        }
    }

    /// The closest threshold margin of the contacts that overlap
    /// [`from`, `to`] (widened by the tolerance); ∞ when none does.
    private func closestMargin(_ contacts: [ContactMargin], from: Micros, to: Micros) -> Double {
        var closest = Double.infinity
        for c in contacts where c.start <= to.saturatingAdd(tolerance) && c.end >= from.saturatingSubtract(tolerance) {
            closest = min(closest, c.margin)
        }
        return closest
    }

    /// The first candidate that fulfils the label: its intent, committed,
    /// its fingers, its target when a member claims one, its direction
    /// when both have one.
    private func firstFulfilling(
        _ candidates: [Int], _ recognitions: [Recognition], _ label: Window, aimed: AimedTarget, exclusive: [String?]
    ) -> Int? {
        candidates.first { k in
            let r = recognitions[k]
            return Self.fulfils(r.kind, label.intent) && r.committed
                && Self.fingersFit(r, intent: label.intent, fingers: label.fingers)
                && (exclusive.isEmpty || Self.targetFits(r, aimed, exclusive: exclusive))
                && (label.direction == nil || r.direction == nil || label.direction == r.direction)
        }
    }
}
