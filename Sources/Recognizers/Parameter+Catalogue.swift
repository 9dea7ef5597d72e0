// MARK: - The catalogue

extension Parameter {
    /// Name, unit, default, bounds, where the default comes from
    /// (``Provenance``: a source document, a named platform convention, or
    /// ours with the reason) and meaning.
    package var spec: ParameterSpec {
        switch self {
        // MARK: Tap family
        case .tapMovementSlop:
            ParameterSpec(
                "tap.movementSlop", "pt", 10, 2, 40,
                source: .ours(
                    "no source names a tap's slop; 10 pt, UIKit's long-press allowableMovement, so a tap and a press share one"),
                "A tap fails once any finger moves farther than this from where it went down."
            )
        case .tapMaxDuration:
            ParameterSpec(
                "tap.maxDuration", "s", 0.35, 0.1, 1.0, log: true,
                source: .ours("no source names how long a tap may last; 0.35 s keeps it well under the 0.5 s long press"),
                "A tap fails if the finger stays down longer (it becomes a press)."
            )
        case .doubleTapWindow:
            ParameterSpec(
                "doubleTap.window", "s", 0.5, 0.15, 0.8, log: true,
                source: .source(.readingApp),
                "Longest time from the first tap's lift to the second tap's touch-down; also how long a single tap waits for the double tap to fail."
            )
        case .doubleTapInterTapSlop:
            ParameterSpec(
                "doubleTap.interTapSlop", "pt", 40, 5, 100,
                source: .ours("no source names the distance between the two taps; 40 pt, about a fingertip and a half"),
                "Largest distance between the two taps' touch-down points."
            )
        case .doubleTapMinimumGap:
            ParameterSpec(
                "doubleTap.minimumGap", "s", 0.04, 0, 0.15,
                source: .platform("Flutter's kDoubleTapMinTime"),
                "A second touch-down sooner than this after the first lift is a bounce, not a second tap."
            )
        case .longPressMinimumDuration:
            ParameterSpec(
                "longPress.minimumDuration", "s", 0.5, 0.2, 3.0, log: true,
                source: .source(.readingApp),
                "Hold time before a long press (context menu) is recognized. Bounds wide enough for what UIKit lets a designer set (the multi-finger playground's slider runs 0.25–3 s)."
            )
        case .longPressAllowableMovement:
            ParameterSpec(
                "longPress.allowableMovement", "pt", 10, 2, 40,
                source: .platform("UIKit's documented allowableMovement of UILongPressGestureRecognizer"),
                "A long press fails once the finger moves farther than this before it is recognized."
            )
        // MARK: Pan and scroll
        case .panSlop:
            ParameterSpec(
                "pan.slop", "pt", 18, 2, 60,
                source: .platform("Flutter's kTouchSlop"),
                "Mean finger translation before a free pan begins.")
        case .scrollSlop:
            ParameterSpec(
                "scroll.slop", "pt", 10, 2, 60,
                source: .ours(
                    "no source names a scroll's slop; 10 pt, the distance at which UIKit and Android call a contact a drag"),
                "Translation before a scroll begins.")
        case .scrollAxisAngle:
            ParameterSpec(
                "scroll.axisAngle", "deg", 45, 10, 80,
                source: .ours(
                    "no source names one; 45°, the diagonal, so a scroll takes whichever movement is more along its axis"),
                "A scroll begins only if its movement is within this angle of its axis; it then stays locked to the axis."
            )
        // MARK: Swipe actions
        case .swipeActionsSlop:
            ParameterSpec(
                "swipeActions.slop", "pt", 10, 2, 40,
                source: .ours("no source names a row's slop; 10 pt, SwiftUI DragGesture's default minimumDistance"),
                "Horizontal translation before a row starts sliding."
            )
        case .swipeActionsThreshold:
            ParameterSpec(
                "swipeActions.threshold", "pt", 80, 30, 200,
                source: .source(.readingApp),
                "Leftward translation that opens the row's actions on release; the haptic fires when the row's resisted offset (what it shows) passes it, at about 110.6 pt of translation with the reference resistance."
            )
        case .swipeActionsProjectedDistanceTrigger:
            ParameterSpec(
                "swipeActions.projectedDistanceTrigger", "pt", -200, -600, -50,
                source: .source(.readingApp),
                "The reading app's \"velocity\": predictedEndTranslation − translation, a projected distance. Below this value a release opens the actions whatever the distance."
            )
        case .swipeActionsMaxDistance:
            ParameterSpec(
                "swipeActions.maxDistance", "pt", 200, 100, 400,
                source: .source(.readingApp),
                "Hard stop: the row's resisted offset never goes farther than this.")
        case .swipeActionsResistanceDistance:
            ParameterSpec(
                "swipeActions.resistanceDistance", "pt", 400, 150, 1000, log: true,
                source: .source(.readingApp),
                "The row resists as it is dragged: offset = translation × (1 − min(|translation| / this, swipeActions.maxResistance))."
            )
        case .swipeActionsMaxResistance:
            ParameterSpec(
                "swipeActions.maxResistance", "", 0.5, 0.1, 0.5,
                source: .source(.readingApp),
                "Most resistance: past resistanceDistance × this the row follows the finger at (1 − this) of its speed. At most 0.5, where the resisted offset stops growing faster than it shrinks."
            )
        case .swipeActionsButtonWidth:
            ParameterSpec(
                "swipeActions.buttonWidth", "pt", 56, 40, 100,
                source: .source(.readingApp),
                "Width of one action button; two buttons set the open resting offset.")
        case .swipeActionsSpringResponse:
            ParameterSpec(
                "swipeActions.springResponse", "s", 0.3, 0.15, 1.0, log: true,
                source: .source(.readingApp),
                "Response of the spring that carries the row to its open offset or back to rest on release; it starts from rest, as the card's does (the reading app animates the offset in the drag's end handler and passes no release velocity)."
            )
        case .swipeActionsSpringDamping:
            ParameterSpec(
                "swipeActions.springDamping", "", 0.8, 0.3, 1.0,
                source: .source(.readingApp),
                "Damping fraction of the row's open / close spring.")
        case .swipeActionsActionDelay:
            ParameterSpec(
                "swipeActions.actionDelay", "s", 0.2, 0, 1,
                source: .source(.readingApp),
                "An open row's action button runs its action this long after the tap (the row closes first).")
        // MARK: Card stack
        case .cardSwipeSlop:
            ParameterSpec(
                "cardSwipe.slop", "pt", 10, 2, 40,
                source: .ours("no source names the card's slop; 10 pt, SwiftUI DragGesture's default minimumDistance"),
                "Translation before the top card follows the finger."
            )
        case .cardSwipeDeleteThreshold:
            ParameterSpec(
                "cardSwipe.deleteThreshold", "pt", 120, 50, 250,
                source: .source(.readingApp),
                "Horizontal translation at release beyond which the card flies off (deleted), in either direction.")
        case .cardSwipeRotationDivisor:
            ParameterSpec(
                "cardSwipe.rotationDivisor", "pt/deg", 25, 5, 100, log: true,
                source: .source(.readingApp),
                "The card turns by translation / this, in degrees.")
        case .cardSwipeSpringResponse:
            ParameterSpec(
                "cardSwipe.springResponse", "s", 0.4, 0.15, 1.0, log: true,
                source: .source(.readingApp),
                "Response of the snap-back / fly-off spring, which starts from rest (the reading app passes it no release velocity)."
            )
        case .cardSwipeSpringDamping:
            ParameterSpec(
                "cardSwipe.springDamping", "", 0.7, 0.3, 1.0,
                source: .source(.readingApp),
                "Damping fraction of the snap-back / fly-off spring.")
        // MARK: Tabs
        case .tabSwipeSlop:
            ParameterSpec(
                "tabSwipe.slop", "pt", 10, 2, 40,
                source: .ours(
                    "no source names the distance at which the direction is decided; 10 pt, SwiftUI DragGesture's default minimumDistance"
                ),
                "Translation before the direction is decided (horizontal tab swipe or vertical scroll)."
            )
        case .tabSwipeProjectedDistanceTrigger:
            ParameterSpec(
                "tabSwipe.projectedDistanceTrigger", "pt", 100, 20, 300,
                source: .source(.tabSession),
                "The tab session's \"fast trigger 100\": the release switches tabs if the projected distance (UIKit's predicted end minus translation) exceeds this in either direction, however short the drag. With deceleration rate 0.998 it is a release velocity of about 200 pt/s."
            )
        case .tabSwipeDistanceThreshold:
            ParameterSpec(
                "tabSwipe.distanceThreshold", "pt", 120, 40, 250,
                source: .source(.tabSession),
                "A slow drag switches tabs if its translation exceeds this in either direction (towards the side the translation is on at release)."
            )
        case .tabSwipeDirectionalBias:
            ParameterSpec(
                "tabSwipe.directionalBias", "×", 3.5, 1, 10, log: true,
                source: .source(.tabSession),
                "The tab swipe holds only while vertical < bias × horizontal over the whole translation: at the slop, during the drag (a steep drag gives it up) and at release."
            )
        case .tabSwipeMomentumBias:
            ParameterSpec(
                "tabSwipe.momentumBias", "×", 6.0, 1, 12, log: true,
                source: .source(.tabSession),
                "The bias during the momentum window after a tab change.")
        case .tabSwipeMomentumWindow:
            ParameterSpec(
                "tabSwipe.momentumWindow", "s", 0.8, 0, 2,
                source: .source(.tabSession),
                "How long after any change of the selected tab (a committed swipe or a tab-bar tap) the momentum bias applies.")
        case .tabSwipeHorizontalLock:
            ParameterSpec(
                "tabSwipe.horizontalLock", "s", 0.15, 0, 0.5,
                source: .source(.tabSession),
                "After a committed tab swipe, a new tab swipe is ignored for this long (dead zone).")
        case .tabSwipeVerticalScrollLock:
            ParameterSpec(
                "tabSwipe.verticalScrollLock", "s", 0.2, 0, 0.5,
                source: .source(.tabSession),
                "After any tab swipe ends, committed or sprung back, vertical scrolling is ignored for this long (dead zone).")
        case .tabSwipeSpringResponse:
            ParameterSpec(
                "tabSwipe.springResponse", "s", 0.35, 0.15, 1.0, log: true,
                source: .source(.tabSession),
                "Response of the page spring.")
        case .tabSwipeSpringDamping:
            ParameterSpec(
                "tabSwipe.springDamping", "", 0.85, 0.3, 1.0,
                source: .source(.tabSession),
                "Damping fraction of the page spring.")
        // MARK: Dismiss
        case .dismissSlop:
            ParameterSpec(
                "dismiss.slop", "pt", 10, 2, 40,
                source: .ours("no source names the sheet's slop; 10 pt, SwiftUI DragGesture's default minimumDistance"),
                "Downward translation before the sheet follows the finger."
            )
        case .dismissProgressDistance:
            ParameterSpec(
                "dismiss.progressDistance", "pt", 300, 100, 600,
                source: .source(.readingApp),
                "progress = offset / this.")
        case .dismissProgressThreshold:
            ParameterSpec(
                "dismiss.progressThreshold", "", 0.4, 0.1, 0.9,
                source: .source(.readingApp),
                "A release above this progress dismisses the sheet.")
        case .dismissVelocityThreshold:
            ParameterSpec(
                "dismiss.velocityThreshold", "pt/s", 600, 100, 2000, log: true,
                source: .source(.readingApp),
                "A release faster than this (downward) dismisses whatever the progress.")
        case .dismissSpringResponse:
            ParameterSpec(
                "dismiss.springResponse", "s", 0.3, 0.15, 1.0, log: true,
                source: .source(.readingApp),
                "Response of the spring that carries a dismissed sheet off the screen, started from rest (the reading app passes no release velocity). The reading app's `.spring(duration: 0.3, bounce: 0)`: response = duration."
            )
        case .dismissSpringDamping:
            ParameterSpec(
                "dismiss.springDamping", "", 1.0, 0.3, 1.0,
                source: .source(.readingApp),
                "Damping fraction of the dismiss spring: 1 − bounce, so 1 for the reading app's bounce 0.")
        case .dismissSnapBackResponse:
            ParameterSpec(
                "dismiss.snapBackResponse", "s", 0.4, 0.15, 1.0, log: true,
                source: .source(.readingApp),
                "Response of the spring that returns a kept sheet to rest, started from rest (the reading app passes no release velocity). The reading app's `.spring(duration: 0.4, bounce: 0.15)`."
            )
        case .dismissSnapBackDamping:
            ParameterSpec(
                "dismiss.snapBackDamping", "", 0.85, 0.3, 1.0,
                source: .source(.readingApp),
                "Damping fraction of the snap-back spring: 1 − bounce, 0.85 for the reading app's bounce 0.15.")
        // MARK: Pinch and rotation
        case .pinchSpanSlop:
            ParameterSpec(
                "pinch.spanSlop", "pt", 12, 2, 60,
                source: .ours(
                    "no source names a pinch's slop; 12 pt of span, below Flutter's 18 pt kScaleSlop so a pinch begins before the transform"
                ),
                "Change of the distance between two fingers before a pinch begins."
            )
        case .pinchMinScale:
            ParameterSpec(
                "pinch.minScale", "×", 1, 0.25, 1,
                source: .source(.readingApp),
                "Smallest zoom scale.")
        case .pinchMaxScale:
            ParameterSpec(
                "pinch.maxScale", "×", 5, 1.5, 10,
                source: .source(.readingApp),
                "Largest zoom scale.")
        case .pinchDoubleTapScale:
            ParameterSpec(
                "pinch.doubleTapScale", "×", 2, 1.25, 5,
                source: .source(.readingApp),
                "Double tap on the image toggles between 1× and this scale.")
        case .pinchSpringResponse:
            ParameterSpec(
                "pinch.springResponse", "s", 0.3, 0.15, 1.0, log: true,
                source: .source(.readingApp),
                "Response of the spring that brings the image to its stored scale when a pinch ends: the fingers may take it past 1× or 5×, and the release springs it back within them. The reading app's `.spring(duration: 0.3, bounce: 0.1)`: response = duration; it starts from rest."
            )
        case .pinchSpringDamping:
            ParameterSpec(
                "pinch.springDamping", "", 0.9, 0.3, 1.0,
                source: .source(.readingApp),
                "Damping fraction of the pinch's release spring: 1 − bounce, 0.9 for the reading app's bounce 0.1.")
        case .pinchDoubleTapSpringResponse:
            ParameterSpec(
                "pinch.doubleTapSpringResponse", "s", 0.35, 0.15, 1.0, log: true,
                source: .source(.readingApp),
                "Response of the spring that zooms the image between 1× and pinch.doubleTapScale on a double tap, from rest. The reading app's `.spring(duration: 0.35, bounce: 0.15)`."
            )
        case .pinchDoubleTapSpringDamping:
            ParameterSpec(
                "pinch.doubleTapSpringDamping", "", 0.85, 0.3, 1.0,
                source: .source(.readingApp),
                "Damping fraction of the double-tap zoom spring: 1 − bounce, 0.85 for the reading app's bounce 0.15.")
        case .rotationSlop:
            ParameterSpec(
                "rotation.slop", "deg", 8, 1, 45,
                source: .ours("no source names a rotation's slop; 8°, the transform's turn slop"),
                "Turn of the line between two fingers before a rotation begins."
            )
        case .rotationSnapAngle:
            ParameterSpec(
                "rotation.snapAngle", "deg", 45, 5, 90,
                source: .source(.readingApp),
                "At release the image's total rotation (across gestures) snaps to a multiple of this angle.")
        case .rotationSnapSpringResponse:
            ParameterSpec(
                "rotation.snapSpringResponse", "s", 0.3, 0.15, 1.0, log: true,
                source: .source(.readingApp),
                "Response of the spring that turns the image to its snapped angle, from rest: the reading app's `.spring(duration: 0.3)`, response = duration."
            )
        case .rotationSnapSpringDamping:
            ParameterSpec(
                "rotation.snapSpringDamping", "", 1, 0.3, 1.0,
                source: .source(.readingApp),
                "Damping fraction of the snap spring: `.spring(duration: 0.3)` has no bounce, damping 1.")
        // MARK: Edge, multi-finger, shake
        case .edgeSwipeEdgeWidth:
            ParameterSpec(
                "edgeSwipe.edgeWidth", "pt", 20, 5, 60,
                source: .ours(
                    "no source has an edge swipe of its own; 20 pt, about the strip UIKit's interactive pop gesture starts in"),
                "Width of the strip along the edge where an edge swipe may start."
            )
        case .edgeSwipeMinimumDistance:
            ParameterSpec(
                "edgeSwipe.minimumDistance", "pt", 50, 10, 200,
                source: .ours("no source has an edge swipe of its own; 50 pt, the one-direction swipe's distance"),
                "Inward translation before the edge swipe (back) is recognized."
            )
        case .multiSwipeTouchCount:
            ParameterSpec(
                "multiSwipe.touchCount", "fingers", 3, 2, 5, integer: true,
                source: .ours("no source names the finger count of its undo swipe; 3, iPadOS's three-finger undo"),
                "Fingers a multi-finger swipe needs.")
        case .multiSwipeDirectionCone:
            ParameterSpec(
                "multiSwipe.directionCone", "deg", 30, 5, 60,
                source: .ours("no source names one; 30°, the one-direction swipe's cone"),
                "Largest angle between the movement and the swipe's axis."
            )
        case .multiSwipeMinimumVelocity:
            ParameterSpec(
                "multiSwipe.minimumVelocity", "pt/s", 300, 50, 2000, log: true,
                source: .ours("no source names one; 300 pt/s, a quick three-finger flick rather than a slow drag"),
                "Mean speed of the fingers' centroid from onset to lift."
            )
        // MARK: One-direction swipe (UISwipeGestureRecognizer)
        case .swipeMinimumDistance:
            ParameterSpec(
                "swipe.minimumDistance", "pt", 50, 10, 200,
                source: .ours("UIKit documents no distance for UISwipeGestureRecognizer; 50 pt"),
                "Translation of the fingers' centroid along the swipe's direction at which it is recognized, during the movement."
            )
        case .swipeMaximumDuration:
            ParameterSpec(
                "swipe.maximumDuration", "s", 0.5, 0.1, 1.5, log: true,
                source: .ours("UIKit documents no duration for UISwipeGestureRecognizer; 0.5 s, after which a drag is a pan"),
                "A swipe fails if the minimum distance is not reached this long after the first touch-down (a slow drag is a pan, not a swipe)."
            )
        case .swipeDirectionCone:
            ParameterSpec(
                "swipe.directionCone", "deg", 30, 5, 60,
                source: .ours("UIKit documents no cone for UISwipeGestureRecognizer; 30° either side of the direction"),
                "Largest angle between the movement and the swipe's direction; leaving it fails the swipe. Judged once the movement is a fifth of the minimum distance (below that, sampling jitter decides the angle)."
            )
        case .shakeThreshold:
            ParameterSpec(
                "shake.threshold", "g", 1.5, 0.3, 5, log: true,
                source: .ours("no source names the acceleration of a shake; 1.5 g, a deliberate shake and not a walk"),
                "Peak user acceleration that counts as one stroke of a shake."
            )
        case .shakeReversals:
            ParameterSpec(
                "shake.reversals", "count", 3, 1, 8, integer: true,
                source: .ours("no source names how many strokes make a shake; 3 reversals, a back-and-forth and back"),
                "Direction reversals between strokes above the threshold that make a shake."
            )
        case .shakeWindow:
            ParameterSpec(
                "shake.window", "s", 0.8, 0.2, 2, log: true,
                source: .ours("no source names the time a shake takes; 0.8 s for three reversals"),
                "The reversals must happen within this time.")
        case .shakeDebounce:
            ParameterSpec(
                "shake.debounce", "s", 2.0, 0, 5,
                source: .source(.readingApp),
                "After a shake, another is ignored for this long.")
        // MARK: Drag and drop
        case .dragMinimumDuration:
            ParameterSpec(
                "drag.minimumDuration", "s", 0.25, 0.1, 1.0, log: true,
                source: .ours(
                    "no source names the lift's hold; 0.25 s, half the context menu's, so a still press opens the menu and a moving one drags"
                ),
                "Hold before a grid item lifts for dragging; it is dragged once the finger then moves past drag.allowableMovement. Shorter than the context menu's hold, so a still press opens the menu and a press that moves drags."
            )
        case .dragAllowableMovement:
            ParameterSpec(
                "drag.allowableMovement", "pt", 10, 2, 40,
                source: .ours("no source names one; 10 pt, the long press's allowableMovement"),
                "Cancel the press on movement: moving farther than this before the hold completes cancels the drag (the touch is a scroll); after it, moving farther starts the drag."
            )
        case .dragEdgeBand:
            ParameterSpec(
                "drag.edgeBand", "pt", 60, 10, 150,
                source: .ours("no source names the auto-scroll band; 60 pt, about a grid row's half"),
                "A dragged item this close to the top or bottom of the scroll area auto-scrolls it."
            )
        case .dragAutoScrollSpeed:
            ParameterSpec(
                "drag.autoScrollSpeed", "pt/s", 800, 100, 3000, log: true,
                source: .ours("no source names the auto-scroll speed; 800 pt/s at the very edge"),
                "Auto-scroll speed with the finger at the very edge; it grows linearly across the edge band."
            )
        // MARK: Text selection
        case .textSelectPressDuration:
            ParameterSpec(
                "textSelect.pressDuration", "s", 0.5, 0.15, 1.0, log: true,
                source: .platform("the platforms' long-press time, UIKit and Flutter 0.5 s"),
                "Hold on text before the word under the finger is selected."
            )
        case .textSelectAllowableMovement:
            ParameterSpec(
                "textSelect.allowableMovement", "pt", 10, 2, 40,
                source: .ours("no source names one; 10 pt, the long press's allowableMovement"),
                "Moving farther than this before the word is selected cancels the selection (the touch is a scroll)."
            )
        case .textSelectMenuDelay:
            ParameterSpec(
                "textSelect.menuDelay", "s", 0.25, 0, 1.0,
                source: .ours("no source names when the action menu shows; 0.25 s after the selection settles"),
                "Settle delay: the action menu (note, quote, question) appears once the selection has not changed for this long."
            )
        // MARK: Transform
        case .transformPanSlop:
            ParameterSpec(
                "transform.panSlop", "pt", 36, 4, 80,
                source: .platform("Flutter's kPanSlop for ScaleGestureRecognizer"),
                "Movement of the two fingers' centroid that starts a transform."
            )
        case .transformSpanSlop:
            ParameterSpec(
                "transform.spanSlop", "pt", 18, 2, 60,
                source: .platform("Flutter's kScaleSlop"),
                "Change of the fingers' distance that starts a transform.")
        case .transformRotationSlop:
            ParameterSpec(
                "transform.rotationSlop", "deg", 8, 1, 45,
                source: .ours("no source names a turn slop; 8°, the rotation's"),
                "Turn of the line between the fingers that starts a transform."
            )
        // MARK: Press feedback
        case .pressFeedbackMinimumDuration:
            ParameterSpec(
                "pressFeedback.minimumDuration", "s", 0, 0, 0.2,
                source: .source(.readingApp),
                "Delay before the pressed state shows (the reading app's zero-duration press with unlimited movement; UIScrollView's delaysContentTouches waits 0.15 s, Flutter's kPressTimeout 0.1 s). Latency is measured from touch-down."
            )
        case .pressFeedbackItemScale:
            ParameterSpec(
                "pressFeedback.itemScale", "×", 0.97, 0.85, 1,
                source: .source(.readingApp),
                "Scale of a pressed item (grid cell), about its centre."
            )
        case .pressFeedbackButtonScale:
            ParameterSpec(
                "pressFeedback.buttonScale", "×", 0.92, 0.8, 1,
                source: .ours(
                    "no source scales a pressed button (the tab session's tab bar has no pressed scale); 0.92, the reading app's pressed pill"
                ),
                "Scale of a pressed button (tab bar).")
        // MARK: Note menu
        case .noteMenuEntranceScale:
            ParameterSpec(
                "noteMenu.entranceScale", "×", 0.9, 0.5, 1,
                source: .source(.readingApp),
                "Scale the note rows' custom context menu grows from when a long press opens it (its edge travels (1 − this) × half `noteMenu.width`), and shrinks back to as it fades out on dismissal."
            )
        case .noteMenuEntranceResponse:
            ParameterSpec(
                "noteMenu.entranceResponse", "s", 0.35, 0.15, 1.0, log: true,
                source: .source(.readingApp),
                "Response of the note menu's entrance spring, from rest.")
        case .noteMenuEntranceDamping:
            ParameterSpec(
                "noteMenu.entranceDamping", "", 0.75, 0.3, 1.0,
                source: .source(.readingApp),
                "Damping fraction of the note menu's entrance spring.")
        case .noteMenuDismissResponse:
            ParameterSpec(
                "noteMenu.dismissResponse", "s", 0.25, 0.1, 1.0, log: true,
                source: .source(.readingApp),
                "Response of the spring that shrinks the note menu as a backdrop tap dismisses it, from rest.")
        case .noteMenuDismissDamping:
            ParameterSpec(
                "noteMenu.dismissDamping", "", 0.8, 0.3, 1.0,
                source: .source(.readingApp),
                "Damping fraction of the note menu's dismiss spring.")
        case .noteMenuBackdropLinger:
            ParameterSpec(
                "noteMenu.backdropLinger", "s", 0.2, 0, 1,
                source: .source(.readingApp),
                "The note menu's backdrop stays this long after a dismissal (it fades out), still covering the screen: a touch in that time lands on it."
            )
        case .noteMenuWidth:
            ParameterSpec(
                "noteMenu.width", "pt", 260, 160, 360,
                source: .source(.readingApp),
                "Width of the note menu, centred on its row. A touch on the menu is the menu's (its items are not modelled), not the backdrop's: it dismisses nothing."
            )
        case .noteMenuHeight:
            ParameterSpec(
                "noteMenu.height", "pt", 240, 120, 400,
                source: .source(.readingApp),
                "Height of the note menu, placed below its row, or above it where below would come nearer the screen's bottom than `noteMenu.edgeMargin`."
            )
        case .noteMenuEdgeMargin:
            ParameterSpec(
                "noteMenu.edgeMargin", "pt", 20, 0, 60,
                source: .source(.readingApp),
                "The note menu keeps this far from every edge of the screen.")
        // MARK: Action pills
        case .actionPillSize:
            ParameterSpec(
                "actionPill.size", "pt", 72, 44, 120,
                source: .source(.readingApp),
                "Side of each square pill of the text selection's action menu (note, quote, question), three in a row above the selection's end."
            )
        case .actionPillSpacing:
            ParameterSpec(
                "actionPill.spacing", "pt", 16, 0, 40,
                source: .source(.readingApp),
                "Gap between two pills of the action menu. A touch in a gap is on what lies under the menu, not on a pill."
            )
        case .actionPillPressedScale:
            ParameterSpec(
                "actionPill.pressedScale", "×", 0.92, 0.8, 1,
                source: .source(.readingApp),
                "Scale of a pressed pill (a zero-duration press with unlimited movement).")
        case .actionPillSpringResponse:
            ParameterSpec(
                "actionPill.springResponse", "s", 0.2, 0.1, 0.6, log: true,
                source: .source(.readingApp),
                "Response of the spring that scales a pill down when pressed and back up when released, from rest.")
        case .actionPillSpringDamping:
            ParameterSpec(
                "actionPill.springDamping", "", 0.825, 0.3, 1.0,
                source: .platform("SwiftUI's default damping fraction for a spring given only its response, 0.825"),
                "Damping fraction of the pill's press spring."
            )
        // MARK: Shared
        case .projectionDecelerationRate:
            ParameterSpec(
                "projection.decelerationRate", "per ms", 0.998, 0.99, 0.9995,
                source: .platform("UIScrollView.DecelerationRate.normal, 0.998"),
                "Deceleration rate used to project a release velocity into a distance, what predictedEndTranslation − translation measures."
            )
        // MARK: Spring back to identity
        case .springBackResponse:
            ParameterSpec(
                "springBack.response", "s", 0.5, 0.15, 1.0, log: true,
                source: .platform("UIKit's default spring, UIView.animate with springDuration 0.5 s and bounce 0"),
                "Response of the spring that returns a pinched, turned or transformed view to identity when the gesture ends (a recognizer with the springBack action: the playground's pinch and rotation); it starts from rest, as UIKit's default initialSpringVelocity 0 does. Response = the spring's duration, damping = 1 − bounce."
            )
        case .springBackDamping:
            ParameterSpec(
                "springBack.damping", "", 1.0, 0.3, 1.0,
                source: .platform("UIKit's default spring, UIView.animate with springDuration 0.5 s and bounce 0"),
                "Damping fraction of the spring back to identity: 1 − bounce, so 1."
            )
        }
    }
}
