// MARK: - One person's labels and misfires of one intent

/// How many labels of one intent a person made and how many of them (with
/// the spurious recognitions inside the no-gesture intent's labels)
/// misfired.
package struct IntentCount: Sendable, Hashable, Codable {
    package var labels = 0
    package var misfires = 0

    package init(labels: Int = 0, misfires: Int = 0) {
        self.labels = labels
        self.misfires = misfires
    }
}

// MARK: - A budget's observations, person by person

/// What one budget observed, each observation with the person it came
/// from: what the tuning needs to say how the budget fares on people it
/// never saw, by resampling people rather than gestures (a person's
/// gestures resemble each other; people are the unit that varies).
///
/// Built from merged tallies with `people` sorted and the observations in
/// (value, person) order, so it is the same bit for bit however the
/// sessions were split across threads or shards.
package struct PersonObservations: Sendable, Hashable {
    /// Every person of the replay (``personKey(user:session:)``), sorted —
    /// those the budget never observed too: a new person may make no such
    /// gesture.
    package var people: [String]
    /// The observations, ascending.
    package var values: [Double]
    /// Per observation, its person's index into ``people``.
    package var persons: [Int32]

    /// `values[k]` observed on `people[persons[k]]`, in any order.
    package init(people: [String], values: [Double], persons: [Int32]) {
        precondition(values.count == persons.count, "one person per observation")
        let order = values.indices.sorted { (values[$0], persons[$0]) < (values[$1], persons[$1]) }
        self.people = people
        self.values = order.map { values[$0] }
        self.persons = order.map { persons[$0] }
    }
}
