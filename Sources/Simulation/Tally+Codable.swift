import Foundation
import Recognizers

// MARK: - A partial tally between processes

/// A tally travels from a shard's worker to the process that merges it
/// (``Simulator/merged(_:)``), so it encodes without losing a bit: counts
/// as integers, smoothed misfires as their ``ExactSum`` units, and the
/// observations — latencies, budget and haptic observations, springs'
/// and timing curves' settle times and overshoots — packed as their bits,
/// and whose each is as runs of one person (``PackedNumbers``); the outcome counts (in all,
/// per intent, per user, per device) and the label cells as packed
/// integers, not one JSON object each. The scratch list of matched
/// recognitions is not sent: it is refilled for every session. Springs
/// travel measured, computed by the shard that replayed their releases.
extension Tally: Codable {
    private enum CodingKeys: String, CodingKey {
        case sessions, touchSamples, motionSamples, scenes, recognitions, byGesture, drops, total, perIntent
        case confusion, perUser, perUserNames, perDevice, perDeviceNames, latency, budgetObservations, haptics
        case autoScroll
        case people, budgetPeople, hapticPeople, personIntents
        case menuWait, springs, curves, outcomes, labelCells, log, agreement
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(sessions, forKey: .sessions)
        try c.encode(touchSamples, forKey: .touchSamples)
        try c.encode(motionSamples, forKey: .motionSamples)
        try c.encode(scenes, forKey: .scenes)
        try c.encode(recognitions, forKey: .recognitions)
        try c.encode(byGesture, forKey: .byGesture)
        try c.encode(Dictionary(uniqueKeysWithValues: drops.map { ($0.rawValue, $1) }), forKey: .drops)
        try c.encode(Self.packed([total]), forKey: .total)
        try c.encode(Self.packed(perIntent), forKey: .perIntent)
        try c.encode(confusion, forKey: .confusion)
        let users = Array(perUser), devices = Array(perDevice)
        try c.encode(users.map(\.key), forKey: .perUserNames)
        try c.encode(Self.packed(users.map(\.value)), forKey: .perUser)
        try c.encode(devices.map(\.key), forKey: .perDeviceNames)
        try c.encode(Self.packed(devices.map(\.value)), forKey: .perDevice)
        try c.encode(latency.map(PackedNumbers.data), forKey: .latency)
        try c.encode(budgetObservations.map(PackedNumbers.data), forKey: .budgetObservations)
        try c.encode(haptics.map(PackedNumbers.data), forKey: .haptics)
        try c.encode(people, forKey: .people)
        try c.encode(budgetPeople.map(PackedNumbers.runs), forKey: .budgetPeople)
        try c.encode(hapticPeople.map(PackedNumbers.runs), forKey: .hapticPeople)
        try c.encode(
            PackedNumbers.data(personIntents.flatMap { $0.flatMap { [$0.labels, $0.misfires] } }), forKey: .personIntents)
        try c.encode(PackedNumbers.data(autoScroll), forKey: .autoScroll)
        try c.encode(PackedNumbers.data(menuWait), forKey: .menuWait)
        try c.encode(springs, forKey: .springs)
        try c.encode(curves, forKey: .curves)
        try c.encode(outcomes, forKey: .outcomes)
        try c.encode(Self.packed(labelCells.list), forKey: .labelCells)
        try c.encode(log, forKey: .log)
        try c.encode(agreement, forKey: .agreement)
    }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let budgetObservations = try c.decode([Data].self, forKey: .budgetObservations).map(PackedNumbers.doubles)
        self.init(budgetCount: budgetObservations.count)
        self.budgetObservations = budgetObservations
        sessions = try c.decode(Int.self, forKey: .sessions)
        touchSamples = try c.decode(Int.self, forKey: .touchSamples)
        motionSamples = try c.decode(Int.self, forKey: .motionSamples)
        scenes = try c.decode([String: Int].self, forKey: .scenes)
        recognitions = try c.decode(Int.self, forKey: .recognitions)
        byGesture = try Self.sized(c.decode([Int].self, forKey: .byGesture), like: byGesture, c, .byGesture)
        var drops: [Drop.Reason: Int] = [:]
        for (name, count) in try c.decode([String: Int].self, forKey: .drops) {
            guard let reason = Drop.Reason(rawValue: name) else {
                throw DecodingError.dataCorruptedError(forKey: .drops, in: c, debugDescription: "unknown drop \(name)")
            }
            drops[reason] = count
        }
        self.drops = drops
        guard let total = try Self.counts(c.decode(Data.self, forKey: .total), c, .total).first else {
            throw DecodingError.dataCorruptedError(forKey: .total, in: c, debugDescription: "no total counts")
        }
        self.total = total
        perIntent = try Self.sized(
            Self.counts(c.decode(Data.self, forKey: .perIntent), c, .perIntent), like: perIntent, c, .perIntent)
        confusion = try Self.sized(c.decode([Int].self, forKey: .confusion), like: confusion, c, .confusion)
        perUser = try Self.table(c, names: .perUserNames, counts: .perUser)
        perDevice = try Self.table(c, names: .perDeviceNames, counts: .perDevice)
        latency = try Self.sized(c.decode([Data].self, forKey: .latency).map(PackedNumbers.doubles), like: latency, c, .latency)
        haptics = try Self.sized(c.decode([Data].self, forKey: .haptics).map(PackedNumbers.doubles), like: haptics, c, .haptics)
        for person in try c.decode([String].self, forKey: .people) { _ = slot(of: person) }
        budgetPeople = try c.decode([Data].self, forKey: .budgetPeople).map(PackedNumbers.people(fromRuns:))
        // People × intents × (labels, misfires), person by person.
        let intentCounts = try PackedNumbers.ints(c.decode(Data.self, forKey: .personIntents))
        let perPerson = Tally.intents.count * 2
        guard intentCounts.count == people.count * perPerson else {
            throw DecodingError.dataCorruptedError(
                forKey: .personIntents, in: c, debugDescription: "per-person intents that disagree with the reply's people")
        }
        personIntents = stride(from: 0, to: intentCounts.count, by: perPerson).map { start in
            stride(from: start, to: start + perPerson, by: 2).map {
                IntentCount(labels: intentCounts[$0], misfires: intentCounts[$0 + 1])
            }
        }
        hapticPeople = try Self.sized(
            c.decode([Data].self, forKey: .hapticPeople).map(PackedNumbers.people(fromRuns:)), like: hapticPeople, c,
            .hapticPeople)
        autoScroll = try PackedNumbers.doubles(c.decode(Data.self, forKey: .autoScroll))
        menuWait = try PackedNumbers.doubles(c.decode(Data.self, forKey: .menuWait))
        springs = try c.decode([SpringMetrics].self, forKey: .springs)
        curves = try c.decode([CurveMetrics].self, forKey: .curves)
        // Every observation names a person of the reply, one per observation.
        let known = 0..<Int32(people.count)
        let tagged =
            zip(budgetObservations, budgetPeople).map { ($0.count, $1) } + zip(haptics, hapticPeople).map { ($0.count, $1) }
            + (springs.map(\.releases) + curves.map(\.releases)).flatMap {
                [($0.settle.count, $0.settlePeople), ($0.overshoot.count, $0.overshootPeople)]
            }
        guard budgetPeople.count == budgetObservations.count, people.count == personSlots.count,
            tagged.allSatisfy({ $0.0 == $0.1.count && $0.1.allSatisfy(known.contains) })
        else {
            throw DecodingError.dataCorruptedError(
                forKey: .people, in: c, debugDescription: "observations whose people disagree with the reply's")
        }
        outcomes = try c.decode([LabelOutcome].self, forKey: .outcomes)
        labelCells = LabelCellTable(try Self.cells(c.decode(Data.self, forKey: .labelCells), c))
        log = try c.decode([SessionRecognition].self, forKey: .log)
        agreement = try c.decode(AgreementTally.self, forKey: .agreement)
    }

    // MARK: Counts and cells packed

    /// Integers per outcome count: labels, correct, wrong, missed, dead
    /// zone, spurious, extra, and the smoothed misfires' exact units (low
    /// and high 64 bits).
    private static let countFields = 9

    private static func packed(_ counts: [OutcomeCounts]) -> Data {
        var ints: [Int] = []
        ints.reserveCapacity(counts.count * countFields)
        for o in counts {
            ints += [o.labels, o.correct, o.wrong, o.missed, o.deadZone, o.spurious, o.extra]
            ints += exactHalves(o.softMisfireSum)
        }
        return PackedNumbers.data(ints)
    }

    private static func counts(_ data: Data, _ c: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys) throws
        -> [OutcomeCounts]
    {
        let ints = try PackedNumbers.ints(data)
        guard ints.count % countFields == 0 else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: c, debugDescription: "\(ints.count) integers: not counts of \(countFields)")
        }
        return stride(from: 0, to: ints.count, by: countFields).map { k in
            var o = OutcomeCounts()
            (o.labels, o.correct, o.wrong, o.missed) = (ints[k], ints[k + 1], ints[k + 2], ints[k + 3])
            (o.deadZone, o.spurious, o.extra) = (ints[k + 4], ints[k + 5], ints[k + 6])
            o.softMisfireSum = exactSum(low: ints[k + 7], high: ints[k + 8])
            return o
        }
    }

    /// Counts by name: the names in one list, their counts packed in the same order.
    private static func table(
        _ c: KeyedDecodingContainer<CodingKeys>, names: CodingKeys, counts key: CodingKeys
    ) throws -> [String: OutcomeCounts] {
        let names = try c.decode([String].self, forKey: names)
        let counts = try counts(c.decode(Data.self, forKey: key), c, key)
        guard names.count == counts.count, Set(names).count == names.count else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: c, debugDescription: "\(counts.count) counts for \(names.count) names")
        }
        return Dictionary(uniqueKeysWithValues: zip(names, counts))
    }

    /// Integers per label cell: intent, outcome and what fired (ordinal + 1,
    /// 0 for nothing), labels, recognition ceiling, and the smoothed
    /// misfires' exact units (low and high 64 bits).
    private static let cellFields = 7

    private static func packed(_ cells: [LabelCell]) -> Data {
        var ints: [Int] = []
        ints.reserveCapacity(cells.count * cellFields)
        for cell in cells {
            ints += [cell.intent.ordinal, cell.outcome.ordinal, cell.recognized.map { $0.ordinal + 1 } ?? 0]
            ints += [cell.labels, cell.recognitionCeiling] + exactHalves(cell.softMisfires)
        }
        return PackedNumbers.data(ints)
    }

    private static func cells(_ data: Data, _ c: KeyedDecodingContainer<CodingKeys>) throws -> [LabelCell] {
        let ints = try PackedNumbers.ints(data)
        let intents = Tally.intents, outcomes = Outcome.allCases, kinds = GestureKind.allCases
        guard ints.count % cellFields == 0 else {
            throw DecodingError.dataCorruptedError(
                forKey: .labelCells, in: c, debugDescription: "\(ints.count) integers: not cells of \(cellFields)")
        }
        return try stride(from: 0, to: ints.count, by: cellFields).map { k in
            guard intents.indices.contains(ints[k]), outcomes.indices.contains(ints[k + 1]),
                (0...kinds.count).contains(ints[k + 2])
            else {
                throw DecodingError.dataCorruptedError(
                    forKey: .labelCells, in: c, debugDescription: "a label cell of no known intent, outcome or gesture")
            }
            var cell = LabelCell(
                intent: intents[ints[k]], outcome: outcomes[ints[k + 1]],
                recognized: ints[k + 2] == 0 ? nil : kinds[ints[k + 2] - 1])
            (cell.labels, cell.recognitionCeiling) = (ints[k + 3], ints[k + 4])
            cell.softMisfires = exactSum(low: ints[k + 5], high: ints[k + 6])
            return cell
        }
    }

    /// An exact sum's 128-bit units as two integers, and back.
    private static func exactHalves(_ sum: ExactSum) -> [Int] {
        [Int(truncatingIfNeeded: sum.units), Int(truncatingIfNeeded: sum.units >> 64)]
    }

    private static func exactSum(low: Int, high: Int) -> ExactSum {
        ExactSum(units: Int128(high) << 64 | Int128(UInt64(bitPattern: Int64(low))))
    }

    /// A per-kind or per-intent array from another build must have this
    /// build's length: a worker of another version is refused, not merged.
    private static func sized<T>(
        _ values: [T], like reference: [T], _ c: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys
    ) throws -> [T] {
        guard values.count == reference.count else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: c,
                debugDescription: "\(values.count) entries where this build has \(reference.count) (another version?)")
        }
        return values
    }
}

/// A spring's or a curve's releases on the wire: settle times and
/// overshoots packed, and whose each is as runs (``PackedNumbers``).
extension Tally.Settling: Codable {
    private enum CodingKeys: String, CodingKey {
        case settle, settlePeople, overshoot, overshootPeople
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(PackedNumbers.data(settle), forKey: .settle)
        try c.encode(PackedNumbers.runs(settlePeople), forKey: .settlePeople)
        try c.encode(PackedNumbers.data(overshoot), forKey: .overshoot)
        try c.encode(PackedNumbers.runs(overshootPeople), forKey: .overshootPeople)
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            settle: try PackedNumbers.doubles(c.decode(Data.self, forKey: .settle)),
            settlePeople: try PackedNumbers.people(fromRuns: c.decode(Data.self, forKey: .settlePeople)),
            overshoot: try PackedNumbers.doubles(c.decode(Data.self, forKey: .overshoot)),
            overshootPeople: try PackedNumbers.people(fromRuns: c.decode(Data.self, forKey: .overshootPeople)))
    }
}

extension Tally {
    /// The encoder a worker answers with and the decoder that reads it: a
    /// non-finite observation (never produced today) travels as a string
    /// rather than failing the reply.
    package static func wireEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        // Base64 is full of slashes: escaped (`\/`, the default), each one
        // sends the decoder down its slow path.
        encoder.outputFormatting = .withoutEscapingSlashes
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return encoder
    }

    package static func wireDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return decoder
    }
}
