// MARK: - Tunable parameters

/// A catalogue constant: its name, its spec, and how it is written in JSON.
/// The cases and their specs are generated from the catalogue's one
/// declaration per constant (`Catalogue/parameters.toml`,
/// generated into `Parameter+Catalogue.swift`).
extension Parameter {
    /// Name, unit, default, bounds, where the default comes from
    /// (``Provenance``: a source document, a named platform convention, or
    /// ours with the reason) and meaning.
    package var spec: ParameterSpec { Parameter.catalogue[rawValue] }

    /// The dotted name (`tabSwipe.directionalBias`).
    package var name: String { spec.name }

    /// Looks a parameter up by its dotted name.
    package init?(name: String) {
        guard let found = Parameter.byName[name] else { return nil }
        self = found
    }

    private static let byName: [String: Parameter] = {
        var table: [String: Parameter] = [:]
        for parameter in Parameter.allCases { table[parameter.spec.name] = parameter }
        return table
    }()

    package init(from decoder: any Decoder) throws {
        let name = try decoder.singleValueContainer().decode(String.self)
        guard let parameter = Parameter(name: name) else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath, debugDescription: "unknown parameter \(name)"))
        }
        self = parameter
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(name)
    }
}

/// One catalogue entry: what a parameter means and where it may go.
package struct ParameterSpec: Sendable, Hashable, Codable {
    package var name: String
    package var unit: String
    package var defaultValue: Double
    package var lower: Double
    package var upper: Double
    /// Searched on a log scale (durations and ratios that span decades).
    package var logScale: Bool
    /// Only integer values make sense (a number of fingers or reversals).
    package var integer: Bool
    /// Where the default comes from: a source document, a named platform
    /// convention, or ours with the reason (``Provenance``).
    package var provenance: Provenance
    /// The lines of a source that state the bounds, where one does (the
    /// reading app's spring ranges); nil where the bounds are ours.
    package var boundsSource: Citation?
    package var description: String
    /// What UIKit or SwiftUI calls it, where the platforms have it: what
    /// GestureConstants.swift says beside the constant.
    package var counterpart: String?
    /// The value UIKit's documentation gives it, where it gives one (the
    /// `study` scene ships these).
    package var documented: DocumentedValue?
    /// A hold this one is meant to stay shorter than; the report warns when
    /// tuning changes their order.
    package var shorterThan: HoldOrdering?
    /// Why no search tunes it, where none does: a scene's tunable constants
    /// leave it out.
    package var untuned: String?

    package init(
        _ name: String, _ unit: String, _ defaultValue: Double, _ lower: Double, _ upper: Double,
        log: Bool = false, integer: Bool = false, boundsSource: Citation? = nil, counterpart: String? = nil,
        documented: DocumentedValue? = nil, shorterThan: HoldOrdering? = nil, untuned: String? = nil,
        source provenance: Provenance, _ description: String
    ) {
        self.counterpart = counterpart
        self.documented = documented
        self.shorterThan = shorterThan
        self.untuned = untuned
        self.provenance = provenance
        self.boundsSource = boundsSource
        self.name = name
        self.unit = unit
        self.defaultValue = defaultValue
        self.lower = lower
        self.upper = upper
        self.logScale = log
        self.integer = integer
        self.description = description
    }

    /// Whether `value` is finite, within bounds and (if integer) whole.
    package func accepts(_ value: Double) -> Bool {
        value.isFinite && value >= lower && value <= upper && (!integer || value.rounded() == value)
    }
}

/// A value a platform's documentation gives a constant, and the property
/// that documents it (`UILongPressGestureRecognizer.allowableMovement`).
package struct DocumentedValue: Sendable, Hashable, Codable {
    package var value: Double
    /// The documented property.
    package var source: String

    package init(_ value: Double, source: String) {
        self.value = value
        self.source = source
    }
}

/// Two holds whose relative length decides which gesture wins a still
/// press: the constant that declares it is meant to stay shorter than
/// `longer` (or equal, where the platforms use one time for both).
package struct HoldOrdering: Sendable, Hashable, Codable {
    package var longer: Parameter
    /// What goes wrong when the declaring constant is no longer the shorter.
    package var otherwise: String
    /// What happens when it is shorter, said only where that is news.
    package var whenShorter: String?

    package init(_ longer: Parameter, otherwise: String, whenShorter: String? = nil) {
        self.longer = longer
        self.otherwise = otherwise
        self.whenShorter = whenShorter
    }
}

extension Parameter {
    /// The values UIKit's documentation gives, by name (the `study` scene's
    /// constants, and what a calibration compares against).
    package static let documentedByUIKit: [String: DocumentedValue] = Dictionary(
        uniqueKeysWithValues: allCases.compactMap { p in p.spec.documented.map { (p.name, $0) } })
}

/// The whole catalogue, in declaration order (what `--list-params` prints).
package func listParameters() -> [ParameterSpec] { Parameter.allCases.map(\.spec) }
