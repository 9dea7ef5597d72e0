import Recognizers
import Scenes

/// The playground's gestures on one full-screen view: how the built-in
/// scene modelled the app before issue 24 (the app has seven screens, one
/// gesture each), kept as an example scene file labelled ours
/// (`examples/scenes/ours-playground-one-view.yaml`, the reference
/// configuration) because the conflicts it shows are worth measuring when a
/// designer does put these gestures on one view. Built here for any
/// configuration, so the conflict tests can vary it.
enum PlaygroundOneView {
    static let path = "examples/scenes/ours-playground-one-view.yaml"

    static func scene(_ c: PlaygroundConfiguration = .reference, name: String = "ours-playground-one-view") -> Scene {
        let ours = Provenance.ours(
            "the playground's gestures on one view; the app gives each its own screen, so no two of them compete there")
        var members: [Scene.Member] = []
        var relations: [Scene.Rule] = []
        if c.hasBackGesture {
            members.append(
                Scene.Member("edgeBack", .edgeSwipe, region: .edge(.left), target: "left-edge", .init(maxTouches: 1), from: ours))
            relations += [.highPriority("edgeBack", over: "swipe"), .highPriority("edgeBack", over: "pan")]
        }
        members += [
            Scene.Member("tap", .tap, target: "view", .init(fingers: c.tapTouches, taps: c.tapTaps), from: ours),
            Scene.Member(
                "longPress", .longPress, target: "view", .init(fingers: c.longPressTouches, taps: c.longPressTaps), from: ours),
            Scene.Member(
                "swipe", .swipe, target: "view", .init(fingers: c.swipeTouches, direction: c.swipeDirection), from: ours),
            Scene.Member(
                "pan", .pan, target: "view", .init(axis: .free, minTouches: c.panMinTouches, maxTouches: c.panMaxTouches),
                from: ours),
            Scene.Member("pinch", .pinch, target: "view", .init(action: .returnToIdentity), from: ours),
            Scene.Member("rotation", .rotation, target: "view", .init(action: .returnToIdentity), from: ours)
        ]
        // Ours too: pinch, rotation and pan move one view's transform, and
        // the pan waits for the swipe, which would otherwise never fire.
        relations += [
            .requireToFail("pan", waitsFor: "swipe"),
            .simultaneous("pinch", "rotation"),
            .simultaneous("pan", "pinch"),
            .simultaneous("pan", "rotation")
        ]
        return Scene(
            name: name, recognizers: members, relations: relations,
            parameters: [Parameter.pinchMinScale.name: 0.25, Parameter.pinchMaxScale.name: 10], wholeFrames: true)
    }
}
