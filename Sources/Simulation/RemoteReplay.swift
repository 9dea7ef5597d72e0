import Recognizers

// MARK: - Replays that run elsewhere

/// One replay asked of the shards of a corpus: the parameter values, how to
/// measure, and which side of the split by user. Everything that varies
/// from one evaluation to the next travels in it; what does not — the
/// store, the scene, the holdout fraction — each worker was started with.
package struct ReplayRequest: Sendable, Hashable, Codable {
    /// The values assigned over the catalogue's and the scene's
    /// (`ParameterSet.overrides`).
    package var parameters: [String: Double]
    package var options: SimulationOptions
    /// The training or held-out people; `nil` for every session.
    package var split: SplitSide?

    package init(parameters: [String: Double], options: SimulationOptions, split: SplitSide?) {
        self.parameters = parameters
        self.options = options
        self.split = split
    }
}

/// A corpus too large for one machine, held in shards by warm workers that
/// answer a ``ReplayRequest`` with their partial ``Tally``; the answer is
/// the shards' tallies merged in shard order — bit for bit the tally of
/// one replay over every session, since every sum in a tally is exact
/// (``ExactSum``). Everything above the merge (result, objective, budgets,
/// the search) is the same code whether the replay ran here or there.
package protocol RemoteReplay: Sendable {
    /// The merged tally of every shard for `request`.
    func tally(_ request: ReplayRequest) throws -> Tally
    /// How many shards answer.
    var shards: Int { get }
}

extension Corpus {
    /// The sessions of shard `index` of `count`: contiguous, with about
    /// equal numbers of samples, so that shards merged in order list the
    /// sessions in the corpus's order. The same for every worker given the
    /// same sessions.
    package func shard(_ index: Int, of count: Int) -> Range<Int> {
        let ranges = ReplayPlan.split(self, into: max(1, count))
        return ranges.indices.contains(index) ? ranges[index] : sessionCount..<sessionCount
    }
}
