// MARK: - Against the platform's own recognizers

extension TuningReport {
    /// How gesturetune's recognizers agreed with the platform's on the
    /// held-out people's touches, before and after tuning: present when the
    /// recordings carry the platform's recognitions (iOS study exports).
    package struct PlatformComparison: Codable, Sendable, Hashable {
        /// What the run tuned towards: `platform` (a calibration to UIKit)
        /// or `intent` (the labels; agreement is shown as a side effect).
        package var target: String
        /// Gesture decisions compared (windows × gestures), held out.
        package var decisions: Int
        package var before: Double
        package var after: Double
        package var gestures: [Gesture]
        /// Constants whose value UIKit documents, by name: the value and
        /// the documented property.
        package var documented: [String: Documented]

        package init(
            target: String, decisions: Int, before: Double, after: Double, gestures: [Gesture],
            documented: [String: Documented]
        ) {
            self.target = target
            self.decisions = decisions
            self.before = before
            self.after = after
            self.gestures = gestures
            self.documented = documented
        }

        /// One gesture's agreement before and after, and the onset
        /// difference after (gesturetune − platform, ms).
        package struct Gesture: Codable, Sendable, Hashable {
            package var name: String
            package var before: Cells
            package var after: Cells
            package var onsetP50Ms: Double?
            package var onsetP95Ms: Double?

            package init(name: String, before: Cells, after: Cells, onsetP50Ms: Double?, onsetP95Ms: Double?) {
                self.name = name
                self.before = before
                self.after = after
                self.onsetP50Ms = onsetP50Ms
                self.onsetP95Ms = onsetP95Ms
            }
        }

        /// Windows where both fired, only the platform, only gesturetune, neither.
        package struct Cells: Codable, Sendable, Hashable {
            package var both: Int
            package var platformOnly: Int
            package var gesturetuneOnly: Int
            package var neither: Int

            package init(both: Int, platformOnly: Int, gesturetuneOnly: Int, neither: Int) {
                self.both = both
                self.platformOnly = platformOnly
                self.gesturetuneOnly = gesturetuneOnly
                self.neither = neither
            }

            package var windows: Int { both + platformOnly + gesturetuneOnly + neither }
            package var rate: Double { windows > 0 ? Double(both + neither) / Double(windows) : 1 }
        }

        package struct Documented: Codable, Sendable, Hashable {
            package var value: Double
            package var source: String

            package init(value: Double, source: String) {
                self.value = value
                self.source = source
            }
        }
    }
}
