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

        /// One gesture's agreement before and after, and the onset
        /// difference after (gesturetune − platform, ms).
        package struct Gesture: Codable, Sendable, Hashable {
            package var name: String
            package var before: Cells
            package var after: Cells
            package var onsetP50Ms: Double?
            package var onsetP95Ms: Double?
        }

        /// Windows where both fired, only the platform, only gesturetune, neither.
        package struct Cells: Codable, Sendable, Hashable {
            package var both: Int
            package var platformOnly: Int
            package var gesturetuneOnly: Int
            package var neither: Int

            package var windows: Int { both + platformOnly + gesturetuneOnly + neither }
            package var rate: Double { windows > 0 ? Double(both + neither) / Double(windows) : 1 }
        }

        package struct Documented: Codable, Sendable, Hashable {
            package var value: Double
            package var source: String
        }
    }
}
