import Foundation
import Recognizers
import Scenes
import Testing
import TraceModel

@Suite("Scenes")
struct SceneTests {
    func write(_ text: String, _ name: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("gesturetune-\(UUID()).\(name)")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    @Test func builtInScenesValidateAndRoundTripThroughYAML() throws {
        for name in Scene.builtInNames {
            let scene = try Scene.builtIn(named: name)
            try scene.validate()
            _ = try scene.arena()
            let path = try write(try scene.yaml(), "yaml")
            defer { try? FileManager.default.removeItem(atPath: path) }
            #expect(try Scene.load(path: path) == scene)
        }
        #expect(throws: SceneError.unknown("library")) { try Scene.builtIn(named: "library") }
        #expect(Scene.epilogue.tabs == 3)
        // 21: the image's single tap, the edge swipe and the tab bar's press
        // are ours, not the reading app's (issue 24), and so are the
        // three-finger swipe, the note's and the card's taps, the two-finger
        // tap on the text and the image's transform (issue 34): they live in
        // examples/scenes/ours-epilogue-additions.yaml; an open row's action
        // buttons are the reading app's (noteRowActions).
        #expect(Scene.epilogue.recognizers.count == 21)
    }

    @Test func tunableParametersAreThoseOfTheSceneKinds() {
        let plain = Set(Scene.plain.tunableParameters.map(\.name))
        #expect(plain.contains("tap.movementSlop") && plain.contains("doubleTap.window") && plain.contains("pan.slop"))
        #expect(!plain.contains("tabSwipe.directionalBias") && !plain.contains("projection.decelerationRate"))
        // The epilogue uses every kind but pan, the one-direction swipe, the
        // edge swipe, the multi-finger swipe and the transform (no source's
        // there), no view of it returns to identity (the playground's
        // do), no pressed scale but the pills' changes anything measured
        // (the ripple is the tap's), and where a deleted card flies and
        // where the pills sit are layout, not tuned.
        let epilogue = Set(Scene.epilogue.tunableParameters)
        let unused: Set<Parameter> = [
            .panSlop, .swipeMinimumDistance, .swipeMaximumDuration, .swipeDirectionCone,
            .returnToIdentityDuration, .edgeSwipeEdgeWidth, .edgeSwipeMinimumDistance,
            .pressFeedbackItemScale, .pressFeedbackButtonScale, .multiSwipeTouchCount, .multiSwipeDirectionCone,
            .multiSwipeMinimumVelocity, .transformPanSlop, .transformSpanSlop, .transformRotationSlop,
            .cardSwipeFlightOffset, .actionPillClearance, .returnToIdentityViewSize
        ]
        // Nor the animation patterns' draggable card: the animation-patterns scene's.
        let draggableCard = Set(Parameter.allCases.filter { $0.name.hasPrefix("draggableCard.") })
        #expect(draggableCard.count == 9)
        #expect(epilogue == Set(Parameter.allCases).subtracting(unused).subtracting(draggableCard))
    }

    @Test func loadsAHandWrittenYAMLScene() throws {
        let path = try write(
            """
            name: photo
            recognizers:
              - {id: tap, kind: tap, region: {x: 0, y: 0.2, width: 1, height: 0.5}, target: image}
              - {id: doubleTap, kind: doubleTap, region: {x: 0, y: 0.2, width: 1, height: 0.5}, action: toggleZoom}
              - {id: back, kind: edgeSwipe, region: {edge: left}}
              - {id: list, kind: scroll}
            relations:
              - {recognizer: tap, requireToFail: doubleTap}
              - {recognizer: back, highPriorityOver: list}
            parameters:
              doubleTap.window: 0.3
            """, "yaml")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let scene = try Scene.load(path: path)
        #expect(scene.recognizers.map(\.kind) == [.tap, .doubleTap, .edgeSwipe, .scroll])
        #expect(scene.recognizers[3].axis == .vertical)
        #expect(scene.recognizers[2].region.edge == .left)
        #expect(scene.relations == [.requireToFail("tap", waitsFor: "doubleTap"), .highPriority("back", over: "list")])
        // Its own parameter, what a replay of it uses (SceneReplayTests, in SimulationTests).
        #expect(try scene.effectiveParameters()[.doubleTapWindow] == 0.3)
    }

    @Test func loadsJSONScenes() throws {
        let path = try write(
            """
            {"name": "j", "tabs": 2, "recognizers": [{"id": "swipe", "kind": "tabSwipe"},
             {"id": "pinch", "kind": "pinch", "region": "screen"}, {"id": "rotate", "kind": "rotation"}],
             "relations": [{"simultaneous": ["pinch", "rotate"]}]}
            """, "json")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let scene = try Scene.load(path: path)
        #expect(scene.tabs == 2)
        #expect(scene.relations == [.simultaneous("pinch", "rotate")])
    }

    @Test(arguments: [
        ("name: x\nrecognizers:\n  - {id: a, kind: fling}\n", "fling"),
        ("name: x\nrecognizers:\n  - {id: a, kind: tap}\nrelations:\n  - {recognizer: a, requireToFail: b}\n", "names b"),
        ("name: x\nrecognizers:\n  - {id: a, kind: tap}\n  - {id: a, kind: pan}\n", "duplicate recognizer id a"),
        ("name: x\nrecognizers:\n  - {id: a, kind: tap}\nparameters:\n  tap.slop: 3\n", "unknown parameter tap.slop"),
        ("name: x\nrecognizers:\n  - {id: a, kind: tap, tab: 2}\n", "on tab 2"),
        ("recognizers: []\n", "missing field name"),
        (
            "name: x\nrecognizers:\n  - {id: a, kind: swipe, direction: in}\n",
            "recognizer a: a swipe's direction is left, right, up or down, not in"
        ),
        (
            "name: x\nrecognizers:\n  - {id: a, kind: pan, direction: left}\n",
            "recognizer a: direction applies to a swipe only, not a pan"
        ),
        ("name: x\nrecognizers:\n  - {id: a, kind: swipe, direction: sideways}\n", "sideways"),
        (
            "name: x\nrecognizers:\n  - {id: a, kind: pan, taps: 2}\n",
            "recognizer a: taps applies to a tap, double tap or long press only, not a pan"
        ),
        ("name: x\nrecognizers:\n  - {id: a, kind: tap, taps: 6}\n", "recognizer a: a tap takes 1 to 5 taps, not 6"),
        (
            "name: x\nrecognizers:\n  - {id: a, kind: doubleTap, taps: 1}\n",
            "recognizer a: a doubleTap takes 2 to 5 taps, not 1"
        ),
        (
            "name: x\nrecognizers:\n  - {id: a, kind: longPress, taps: -1}\n",
            "recognizer a: a longPress takes 0 to 5 taps, not -1"
        ),
        ("name: x\nrecognizers:\n  - {id: a, kind: tap}\nrelations:\n  - {simultaneous: every}\n", "not every"),
        (
            "name: x\nrecognizers:\n  - {id: a, kind: tap}\n  - {id: b, kind: doubleTap}\n  - {id: c, kind: longPress}\n"
                + "relations:\n  - {recognizer: a, requireToFail: b}\n  - {recognizer: b, requireToFail: c}\n"
                + "  - {recognizer: c, requireToFail: a}\n", "form a cycle (a waits for b waits for c waits for a)"
        )
    ])
    func badScenesAreRejectedWithTheFileAndTheReason(text: String, reason: String) throws {
        let path = try write(text, "yaml")
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            _ = try Scene.load(path: path)
            Issue.record("loaded a bad scene")
        } catch {
            let message = "\(error)"
            #expect(message.hasPrefix(path + ": "), "\(message)")
            #expect(message.contains(reason), "\(message)")
        }
    }

    @Test func tapsRequiredComeFromTheSceneFile() throws {
        // A two-finger triple tap and a two-finger tap-then-hold of 2 s, as
        // the multi-finger playground configures them.
        let path = try write(
            """
            name: playground-like
            recognizers:
              - {id: tripleTap, kind: tap, fingers: 2, taps: 3}
              - {id: tapThenHold, kind: longPress, fingers: 2, taps: 1}
              - {id: swipeDown, kind: swipe, fingers: 3, direction: down}
            parameters:
              longPress.minimumDuration: 2
            """, "yaml")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let scene = try Scene.load(path: path)
        #expect(scene.recognizers.map(\.taps) == [3, 1, nil])
        let arena = try scene.arena()
        #expect(arena.recognizers.map { $0.options.requiredTaps(of: $0.kind) } == [3, 1, 0])
        #expect(try scene.effectiveParameters()[.longPressMinimumDuration] == 2)
        // It round-trips through JSON (what a stored run keeps).
        let back = try JSONDecoder().decode(Scene.self, from: try JSONEncoder().encode(scene))
        #expect(back == scene)
    }

    @Test func theStudySceneLoadsByNameWithUIKitsLongPressDefaults() throws {
        let study = try Scene.builtIn(named: "study")
        #expect(study == Scene.study)
        #expect(study.recognizers.map(\.id) == ["tap", "longPress", "swipeRight", "swipeLeft", "swipeUp", "swipeDown", "pan"])
        #expect(study.recognizers.filter { $0.kind == .swipe }.map(\.direction) == [.right, .left, .up, .down])
        #expect(study.recognizers.allSatisfy { $0.region == .screen && $0.fingers == 1 })
        #expect(study.relations == [.allSimultaneous])
        let values = try study.effectiveParameters()
        #expect(values[.longPressMinimumDuration] == 0.5 && values[.longPressAllowableMovement] == 10)
        // Its swipes make the swipe constants tunable (they are nobody else's).
        let tunable = Set(study.tunableParameters)
        #expect(tunable.isSuperset(of: [.swipeMinimumDistance, .swipeMaximumDuration, .swipeDirectionCone, .panSlop]))
        #expect(!tunable.contains(.multiSwipeDirectionCone) && !tunable.contains(.swipeActionsThreshold))
    }

    @Test func swipeDirectionsAndAllSimultaneousRoundTrip() throws {
        let path = try write(
            """
            name: flicks
            recognizers:
              - {id: back, kind: swipe, direction: left}
              - {id: any, kind: swipe, fingers: 2}
              - {id: pan, kind: pan}
            relations:
              - {simultaneous: all}
            """, "yaml")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let scene = try Scene.load(path: path)
        #expect(scene.recognizers.map(\.direction) == [.left, nil, nil])
        #expect(scene.recognizers[1].fingers == 2)
        #expect(scene.relations == [.allSimultaneous])
        let yaml = try scene.yaml()
        #expect(yaml.contains("direction: left") && yaml.contains("simultaneous: all"), "\(yaml)")
        let again = try write(yaml, "yaml")
        defer { try? FileManager.default.removeItem(atPath: again) }
        #expect(try Scene.load(path: again) == scene)
        let json = try write(String(decoding: try JSONEncoder().encode(scene), as: UTF8.self), "json")
        defer { try? FileManager.default.removeItem(atPath: json) }
        #expect(try Scene.load(path: json) == scene)
    }

    @Test func aMissingFileIsAClearError() {
        #expect(throws: SceneError.self) { try Scene.load(path: "/nonexistent/scene.yaml") }
    }
}
