// MARK: - Per-instance options

/// What distinguishes two recognizers of the same kind in a scene (the
/// tunable constants are ``Parameter``s, shared by kind).
public struct RecognizerOptions: Sendable, Hashable, Codable {
    /// Axis of a pan or scroll.
    public enum Axis: String, Sendable, Hashable, Codable { case free, horizontal, vertical }

    /// What a recognition does to the scene's shared state.
    public enum Action: String, Sendable, Hashable, Codable {
        case none
        /// Tap on a tab bar: selects the tab under the finger (the region is
        /// split into `tabs` equal buttons).
        case selectTab
        /// Double tap on an image: toggles 1× and `pinch.doubleTapScale`.
        case toggleZoom
        /// Shake or multi-finger swipe: undo.
        case undo
        /// Long press: opens a context menu.
        case contextMenu
    }

    public var axis: Axis
    /// Fingers a tap, double tap or long press needs.
    public var fingers: Int
    /// A pan, scroll or swipe fails (while undecided) when more fingers than
    /// this are down.
    public var maxTouches: Int
    public var action: Action
    /// A scroll that obeys the tab swipe's vertical scroll lock.
    public var obeysTabLock: Bool

    public init(
        axis: Axis = .free, fingers: Int = 1, maxTouches: Int = 10, action: Action = .none,
        obeysTabLock: Bool = false
    ) {
        self.axis = axis
        self.fingers = fingers
        self.maxTouches = maxTouches
        self.action = action
        self.obeysTabLock = obeysTabLock
    }
}
