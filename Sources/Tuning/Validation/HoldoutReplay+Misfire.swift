import Simulation
import TraceModel

// MARK: - Any held-out misfire, drawn as the report's examples are

extension HoldoutReplay {
    /// One held-out label's misfire with its touch path, as the report's
    /// examples keep it: any label, not only the examples the report picks
    /// (`gesturetune serve`'s misfire explorer shows every one).
    /// - Parameters:
    ///   - outcome: The label's outcome on the tuned side (the reference's
    ///     with `baseline`); `nil` back for a correct one.
    ///   - sessions: The held-out sessions by id.
    ///   - pattern: Every outcome of the same pattern: counted as the
    ///     gestures and people the example stands for.
    ///   - baseline: Whether `outcome` is the reference's.
    package func misfire(
        _ outcome: LabelOutcome, sessions: [String: Session], pattern: [LabelOutcome], baseline: Bool = false
    ) -> Misfire? {
        let people = Set(pattern.map { $0.user ?? "session:" + $0.session }).count
        return Self.misfire(
            outcome, log: baseline ? self.baseline : tuned, sessions: sessions,
            sharedBy: PatternShare(gestures: pattern.count, people: people))
    }
}
