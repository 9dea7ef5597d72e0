// MARK: - Sums that do not depend on their order

/// A sum of `Double`s that is the same bit for bit whatever the order of
/// its terms and however they were grouped: each term is rounded once to a
/// multiple of 2⁻⁴⁸ and the multiples are added as integers.
///
/// Floating-point addition is not associative: a run split across threads,
/// shards or machines and merged in another order would otherwise change
/// the smoothed misfire count — and the objective the search compares — in
/// its last bits. Rounding each term (a label's soft misfire, its weighted
/// cost) on its own depends only on that term, so any partition of the
/// sessions, merged in any order, gives the same sum.
///
/// 2⁻⁴⁸ keeps about 15 significant digits of a term near 1 (a soft misfire
/// is in 0…1, a weighted cost rarely above 100), far below any difference
/// the search acts on; an `Int128` holds 2⁷⁹ such terms before it could
/// overflow — the corpus of a lifetime.
///
/// ```swift
/// var a = ExactSum(), b = ExactSum()
/// for x in [0.1, 0.2, 0.3] { a.add(x) }
/// for x in [0.3, 0.1, 0.2] { b.add(x) }
/// a == b   // true; 0.1 + 0.2 + 0.3 and 0.3 + 0.1 + 0.2 are not equal as Doubles
/// ```
package struct ExactSum: Sendable, Hashable {
    /// The sum in units of 2⁻⁴⁸.
    package private(set) var units: Int128 = 0

    static let scale = 0x1p48

    package init() {}

    package init(_ value: Double) { add(value) }

    /// The sum of `units` multiples of 2⁻⁴⁸ (what ``units`` gave).
    package init(units: Int128) { self.units = units }

    /// Adds one term. A non-finite term (never produced by the simulator
    /// or by validated weights) counts as zero rather than trapping.
    package mutating func add(_ value: Double) {
        let scaled = (value * Self.scale).rounded()
        guard scaled.isFinite, abs(scaled) < 0x1p126 else { return }
        units += Int128(scaled)
    }

    package mutating func add(_ other: ExactSum) { units += other.units }

    /// The sum, rounded once to the nearest `Double`.
    package var value: Double { Double(units) / Self.scale }
}

extension ExactSum: Codable {
    /// As the decimal string of its units: JSON numbers are Doubles to most
    /// readers, and a partial tally sent between processes must arrive
    /// exact.
    package init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let units = Int128(text) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "not an exact sum: \(text)"))
        }
        self.units = units
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(String(units))
    }
}
