import TraceModel

// MARK: - As a scene file writes them

/// A scene file writes a member's options flat beside its id, kind and
/// region (`{id: tap, kind: tap, fingers: 2, taps: 3}`); every key is
/// optional and takes the value ``RecognizerOptions/init(axis:fingers:minTouches:maxTouches:action:obeysTabLock:columns:rows:pressStyle:scrollArea:direction:taps:layer:haptic:)``
/// gives it. Decoding does not clamp (`columns: 0` stays 0), so the scene's
/// validation can refuse what the file said instead of running something
/// else.
extension RecognizerOptions {
    private enum CodingKeys: String, CodingKey {
        case axis, fingers, minTouches, maxTouches, action, obeysTabLock, columns, rows, pressStyle, scrollArea
        case direction, taps, layer, haptic, actionButtons, wrapsAround
    }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = RecognizerOptions()
        axis = try c.decodeIfPresent(Axis.self, forKey: .axis) ?? defaults.axis
        fingers = try c.decodeIfPresent(Int.self, forKey: .fingers) ?? defaults.fingers
        minTouches = try c.decodeIfPresent(Int.self, forKey: .minTouches) ?? defaults.minTouches
        maxTouches = try c.decodeIfPresent(Int.self, forKey: .maxTouches) ?? defaults.maxTouches
        action = try c.decodeIfPresent(Action.self, forKey: .action) ?? defaults.action
        obeysTabLock = try c.decodeIfPresent(Bool.self, forKey: .obeysTabLock) ?? defaults.obeysTabLock
        columns = try c.decodeIfPresent(Int.self, forKey: .columns) ?? defaults.columns
        rows = try c.decodeIfPresent(Int.self, forKey: .rows) ?? defaults.rows
        pressStyle = try c.decodeIfPresent(PressStyle.self, forKey: .pressStyle) ?? defaults.pressStyle
        scrollArea = try c.decodeIfPresent(Region.self, forKey: .scrollArea)
        direction = try c.decodeIfPresent(Direction.self, forKey: .direction)
        taps = try c.decodeIfPresent(Int.self, forKey: .taps)
        layer = try c.decodeIfPresent(Layer.self, forKey: .layer) ?? defaults.layer
        haptic = try c.decodeIfPresent(Haptic.self, forKey: .haptic)
        actionButtons = try c.decodeIfPresent(Int.self, forKey: .actionButtons) ?? defaults.actionButtons
        wrapsAround = try c.decodeIfPresent(Bool.self, forKey: .wrapsAround) ?? defaults.wrapsAround
    }

    /// Whether the encoded form names an axis (a scroll's default axis is
    /// vertical, which only the scene member knows).
    package static func namesAxis(_ decoder: any Decoder) throws -> Bool {
        try decoder.container(keyedBy: CodingKeys.self).contains(.axis)
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(axis, forKey: .axis)
        try c.encode(fingers, forKey: .fingers)
        try c.encode(minTouches, forKey: .minTouches)
        try c.encode(maxTouches, forKey: .maxTouches)
        try c.encode(action, forKey: .action)
        try c.encode(obeysTabLock, forKey: .obeysTabLock)
        try c.encode(columns, forKey: .columns)
        try c.encode(rows, forKey: .rows)
        try c.encode(pressStyle, forKey: .pressStyle)
        try c.encodeIfPresent(scrollArea, forKey: .scrollArea)
        try c.encodeIfPresent(direction, forKey: .direction)
        try c.encodeIfPresent(taps, forKey: .taps)
        if layer != .content { try c.encode(layer, forKey: .layer) }
        try c.encodeIfPresent(haptic, forKey: .haptic)
        if actionButtons != RecognizerOptions().actionButtons { try c.encode(actionButtons, forKey: .actionButtons) }
        if wrapsAround { try c.encode(wrapsAround, forKey: .wrapsAround) }
    }
}
