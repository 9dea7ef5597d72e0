// MARK: - The constants UIKit documents

/// The recognition constants Apple's UIKit documentation gives a value for,
/// by gesturetune parameter name, with where it says so. Every other
/// constant of the `study` scene is undocumented: its catalogue default is
/// gesturetune's choice, and `optimize --target platform` is how to measure
/// what UIKit actually does.
package enum UIKitDocumentedValues {
    package struct Value: Sendable, Hashable, Codable {
        package var value: Double
        /// The documented property.
        package var source: String
    }

    package static let values: [String: Value] = [
        "longPress.minimumDuration": Value(value: 0.5, source: "UILongPressGestureRecognizer.minimumPressDuration"),
        "longPress.allowableMovement": Value(value: 10, source: "UILongPressGestureRecognizer.allowableMovement")
    ]
}
