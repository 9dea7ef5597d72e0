import Recognizers

// MARK: - The animation patterns' draggable card

extension Scene {
    /// The animation patterns' draggable card (002_fade1e29999cfedf.txt),
    /// twice, one above the other, each a card swipe on its half of the
    /// screen (the layout is ours: the document draws no screen):
    /// - `card`, the gesture + spring completion pattern as written (8-45):
    ///   released past 150 pt or with a predicted end past 500 pt it flies
    ///   500 pt to that side with `.spring(duration: 0.3, bounce: 0.0)`,
    ///   else it snaps back with `.spring(duration: 0.5, bounce: 0.2)`, both
    ///   from rest — its offset is state the drag set without animation;
    /// - `velocityCard`, the same card released into the velocity-preserving
    ///   completion (70-91): `interpolatingSpring(stiffness: 200, damping:
    ///   25, initialVelocity:)`, handed the finger's speed towards where it
    ///   goes.
    ///
    /// The document's other patterns — the interactive dismiss, the pinch,
    /// its double tap and the rotation — are the `epilogue` scene's sheet
    /// and image, and its rubber band the tab session's proposed step
    /// (`ParameterPreset`, `tab-session-rubber-band`).
    package static let animationPatterns = Scene(
        name: "animation-patterns",
        recognizers: [
            Member(
                "card", .cardSwipe, region: Region(x: 0, y: 0, width: 1, height: 0.5), target: "card",
                .init(maxTouches: 1, action: .draggableCard), from: .cite(.animationPatterns, 8, 16, 21)),
            Member(
                "velocityCard", .cardSwipe, region: Region(x: 0, y: 0.5, width: 1, height: 0.5), target: "velocity-card",
                .init(maxTouches: 1, action: .velocityPreservingCard), from: .cite(.animationPatterns, 16, 72, 75, 83))
        ])
}
