import Recognizers

// MARK: - The playground's seven screens

/// One screen of the multi-finger gesture playground. The app opens on a
/// list; tapping a row pushes that gesture's screen, laid out in three
/// bands: its configuration section at the top, the gesture area (a
/// 150 × 150 pt target rectangle centred in it; the gesture is attached to
/// the whole area, not only the rectangle) and an info panel or event log
/// at the bottom. Each screen's recognizers listen to the gesture area; the
/// system's back gesture to the left edge strip.
///
/// The raw value is what a session's `scene` field names after the slash
/// (`playground/long-press`).
package enum PlaygroundScreen: String, Sendable, Hashable, CaseIterable, Codable {
    case tap
    case longPress = "long-press"
    case swipe, pan, pinch, rotation, transform

    /// The member id of the screen's gesture (`longPress`), and the prefix
    /// of its back gesture's (`longPressBack`).
    package var memberID: String {
        switch self {
        case .longPress: "longPress"
        default: rawValue
        }
    }

    /// The lines of the playground's README (seed 003) that name the
    /// screen's gesture and what its configuration lets a designer set.
    package var provenance: Provenance {
        switch self {
        case .tap: .cite(.playground, 38, 42)
        case .longPress: .cite(.playground, 48, 50)
        case .swipe: .cite(.playground, 56, 58)
        case .pan: .cite(.playground, 32, 34)
        case .pinch: .cite(.playground, 66, 68)
        case .rotation: .cite(.playground, 74, 76)
        case .transform: .cite(.playground, 82, 84)
        }
    }

    /// The system's back gesture beside each screen: the app is a
    /// navigation list that pushes each screen, and its README names the
    /// interactive pop gesture (swipe from the left edge to go back).
    package static let backGestureProvenance = Provenance.cite(.playground, 28, 62)

    /// The tab the screen is shown on in the app's scene (its place in
    /// `allCases`).
    package var tab: Int { Self.allCases.firstIndex(of: self) ?? 0 }

    /// Height of the configuration section above the gesture area, points
    /// (the app's frame heights: steppers for the tap, swipe and pan, one
    /// more stepper for the long press, an informational line for the
    /// two-finger gestures).
    package var configurationHeight: Double {
        switch self {
        case .tap, .swipe, .pan: 160
        case .longPress: 210
        case .pinch, .rotation, .transform: 110
        }
    }

    /// Height of the info panel or event log below the gesture area, points
    /// (the app's: the tap's and swipe's event logs at most 250, the info
    /// panels 200, the transform's four-row panel 240).
    package var panelHeight: Double {
        switch self {
        case .tap, .swipe: 250
        case .longPress, .pan, .pinch, .rotation: 200
        case .transform: 240
        }
    }

    /// The gesture area in fractions of the screen: the whole width, from
    /// below the bars and the configuration section to above the panel and
    /// the home indicator, as it falls on ``PlaygroundLayout/referencePhone``.
    package var area: Region {
        let layout = PlaygroundLayout.self
        let height = layout.referencePhone.height.value
        let top = layout.barsAbove.value + configurationHeight
        let bottom = height - layout.homeIndicator.value - panelHeight
        return Region(x: 0, y: top / height, width: 1, height: (bottom - top) / height)
    }
}

/// The lengths that place a screen's gesture area which the app's code does
/// not write, each with where it comes from (as data, like every built-in
/// constant).
package enum PlaygroundLayout {
    /// A length and where it comes from.
    package struct Length: Sendable, Hashable {
        package var value: Double
        package var provenance: Provenance
    }

    /// The status bar and a large-title navigation bar above every pushed
    /// screen (the app sets a navigation title and no display mode).
    package static let barsAbove = Length(
        value: 155,
        provenance: .platform(
            "iOS's status bar (59 pt safe area) and large-title navigation bar (96 pt) on a 393 × 852 pt iPhone"))
    /// The home indicator's safe area below the panel.
    package static let homeIndicator = Length(
        value: 34, provenance: .platform("iOS's bottom safe area (34 pt) on a Face ID iPhone"))
    /// The phone the areas are worked out on, then kept as fractions so
    /// that one scene fits every device.
    package static let referencePhone = (
        width: Length(value: 393, provenance: .ours("an iPhone 15's screen in points, a common current phone")),
        height: Length(value: 852, provenance: .ours("an iPhone 15's screen in points, a common current phone"))
    )
    /// The target rectangle drawn centred in the area (the gesture listens
    /// to the whole area; the rectangle is where people aim, and the view
    /// the pinch, rotation and transform move and return): the catalogue's
    /// `returnToIdentity.viewSize`, which the return to identity reads.
    package static let targetRectangle = Length(
        value: Parameter.returnToIdentityViewSize.spec.defaultValue,
        provenance: Parameter.returnToIdentityViewSize.spec.provenance)
}
