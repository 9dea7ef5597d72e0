// MARK: - Against the platform's own recognizers

extension TuningReport {
    /// How gesturetune's recognizers agreed with the platform's on the
    /// held-out people's touches, before and after tuning: present when the
    /// recordings carry the platform's recognitions (iOS study exports).
    public struct PlatformComparison: Codable, Sendable, Hashable {
        /// What the run tuned towards: `platform` (a calibration to UIKit)
        /// or `intent` (the labels; agreement is shown as a side effect).
        public var target: String
        /// Gesture decisions compared (windows × gestures), held out.
        public var decisions: Int
        public var before: Double
        public var after: Double
        public var gestures: [Gesture]
        /// Constants whose value UIKit documents, by name: the value and
        /// the documented property.
        public var documented: [String: Documented]

        public init(target: String, decisions: Int, before: Double, after: Double, gestures: [Gesture],
                    documented: [String: Documented]) {
            self.target = target
            self.decisions = decisions
            self.before = before
            self.after = after
            self.gestures = gestures
            self.documented = documented
        }

        /// One gesture's agreement before and after, and the onset
        /// difference after (gesturetune − platform, ms).
        public struct Gesture: Codable, Sendable, Hashable {
            public var name: String
            public var before: Cells
            public var after: Cells
            public var onsetP50Ms: Double?
            public var onsetP95Ms: Double?

            public init(name: String, before: Cells, after: Cells, onsetP50Ms: Double?, onsetP95Ms: Double?) {
                self.name = name
                self.before = before
                self.after = after
                self.onsetP50Ms = onsetP50Ms
                self.onsetP95Ms = onsetP95Ms
            }
        }

        /// Windows where both fired, only the platform, only gesturetune, neither.
        public struct Cells: Codable, Sendable, Hashable {
            public var both: Int
            public var platformOnly: Int
            public var gesturetuneOnly: Int
            public var neither: Int

            public init(both: Int, platformOnly: Int, gesturetuneOnly: Int, neither: Int) {
                self.both = both
                self.platformOnly = platformOnly
                self.gesturetuneOnly = gesturetuneOnly
                self.neither = neither
            }

            public var windows: Int { both + platformOnly + gesturetuneOnly + neither }
            public var rate: Double { windows > 0 ? Double(both + neither) / Double(windows) : 1 }
        }

        public struct Documented: Codable, Sendable, Hashable {
            public var value: Double
            public var source: String

            public init(value: Double, source: String) {
                self.value = value
                self.source = source
            }
        }
    }
}
