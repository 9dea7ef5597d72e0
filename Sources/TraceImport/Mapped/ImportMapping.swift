import TraceModel

// MARK: - A declarative mapping from a study's log to traces

/// How to read one published touch log — a CSV of Android `MotionEvent`
/// rows with columns its authors named — as gesturetune traces: which
/// column holds what, in which unit and clock, how rows group into
/// sessions and how each stroke is labelled. Written as YAML and read by
/// ``load(path:)``; ``MappedImporter`` applies it.
///
/// ```yaml
/// study: bioident
/// csv: {delimiter: ",", header: true, trailingDelimiter: true}
/// columns: {time: time, action: action, x: x_coor, y: y_coor,
///           device: device_id, user: user_id, task: doc_type, orientation: phone_orientaton}
/// time: {unit: ms, clock: epoch}
/// coordinates: {unit: pixels, scale: {devices: xdpi, divideBy: 160}}
/// devices: {file: devices.csv, key: device_id, trailingDelimiter: true}
/// screen: {devices: resolution}
/// orientation: {landscape: ["2"]}
/// session: {keys: [device, user, task, orientation], pause: 300}
/// labels:
///   intent: {column: task, values: {"1": tab-swipe, "2": scroll}}
///   clicks: unlabelled
/// ```
///
/// The full key reference is the DocC article *Tuning on published touch
/// data*; every key is checked, and a mistake is reported as
/// `MAPPING:LINE: what is wrong (key)`.
public struct ImportMapping: Sendable {
    /// A column: by its header name, or by its 1-based position.
    public enum Column: Sendable, Hashable, CustomStringConvertible {
        case name(String)
        case position(Int)

        public var description: String {
            switch self {
            case .name(let name): name
            case .position(let position): "column \(position)"
            }
        }
    }

    /// What an action code means.
    public enum Action: String, Sendable, Hashable, CaseIterable {
        case down, up, move, cancel, outside
        case pointerDown = "pointer-down"
        case pointerUp = "pointer-up"
        /// Rows with this code are read past (a hover, a scroll wheel).
        case ignore
    }

    /// The unit of a time column.
    public enum TimeUnit: String, Sendable, Hashable, CaseIterable {
        case s, ms, us, ns

        /// Microseconds per unit.
        var micros: Double {
            switch self {
            case .s: 1_000_000
            case .ms: 1_000
            case .us: 1
            case .ns: 0.001
            }
        }
    }

    /// Whether times count from 1970 (`System.currentTimeMillis`) or from
    /// the device's boot (`MotionEvent.getEventTime`).
    public enum Clock: String, Sendable, Hashable, CaseIterable { case epoch, uptime }

    /// The unit of x and y.
    public enum CoordinateUnit: String, Sendable, Hashable, CaseIterable {
        /// Device pixels: divided by the scale (pixels per point).
        case pixels
        /// Points (Android dp, iOS points): as they are.
        case points
        /// Millimetres: at Android's 160 dp per inch, 6.3 points per mm.
        case millimetres
    }

    /// Where a per-device number comes from.
    public enum DeviceValue: Sendable, Hashable {
        /// One value for every row.
        case constant(Double)
        /// The device column's value looked up in a table of the mapping.
        case table([String: Double])
        /// A column of the joined devices file, optionally through a table
        /// of its values (a density bucket name → its scale), then divided.
        case devices(column: Column, values: [String: Double]?, divideBy: Double)
    }

    /// Where the screen size comes from (in the coordinate unit).
    public enum ScreenSource: Sendable, Hashable {
        case constant(width: Double, height: Double)
        /// A `WIDTHxHEIGHT` cell of each row.
        case column(Column)
        /// A `WIDTHxHEIGHT` column of the joined devices file.
        case devices(Column)
    }

    /// The second file joined on the device column (BioIdent's `devices.csv`).
    public struct DevicesFile: Sendable, Hashable {
        /// Relative paths are resolved against the data file's folder.
        public var file: String
        /// The devices file's column that holds the device key.
        public var key: Column
        public var csv: CSVLayout
    }

    /// How the text is split.
    public struct CSVLayout: Sendable, Hashable {
        public var delimiter: UInt8 = UInt8(ascii: ",")
        /// The first row names the columns.
        public var header = true
        /// Lines starting with this are comments.
        public var comment: [UInt8]?
        /// Every line ends with one more delimiter (an empty last field).
        public var trailingDelimiter = false
    }

    /// How a stroke's intent is found.
    public enum IntentSource: Sendable {
        /// One intent for every stroke (`nil`: strokes stay unlabelled).
        case constant(Intent?)
        /// A column's value through a table.
        case column(Column, [String: Intent?])
        /// The first table key the file's name (without folders) starts
        /// with, in the mapping's order.
        case fileName([(prefix: String, intent: Intent?)])
    }

    /// Which labels get a direction from the stroke's net motion.
    public enum DirectionRule: String, Sendable, Hashable, CaseIterable {
        /// Only intents that need one (tab-swipe, swipes, dismiss).
        case needed
        /// Every intent that takes one (pan, scroll and drag too).
        case motion
        /// None: an intent that needs one is then a mapping error.
        case none
    }

    /// The session roles a key or the screen can name.
    public enum Role: String, Sendable, Hashable, CaseIterable {
        case device, user, task, orientation
    }

    /// Where the mapping was read from (errors name it).
    public var path: String
    /// A short name: user ids and session ids start with it.
    public var study: String
    public var csv = CSVLayout()
    public var time: Column
    /// A wall-clock epoch column for the session start, when `time` is uptime.
    public var wallclock: Column?
    public var timeUnit = TimeUnit.ms
    public var clock = Clock.epoch
    public var action: Column
    /// Android's codes unless the mapping gives its own table.
    public var actionCodes: [Int: Action] = ImportMapping.androidActions
    /// A raw `getAction()`: the pointer index in bits 8–15.
    public var pointerIndexBits = false
    /// A pointer-id column (multi-finger logs such as HMOG).
    public var pointer: Column?
    public var x: Column
    public var y: Column
    public var coordinateUnit = CoordinateUnit.pixels
    public var scale: DeviceValue?
    public var ppi: DeviceValue?
    public var devicesFile: DevicesFile?
    public var screen: ScreenSource?
    /// Columns of the session roles.
    public var roles: [Role: Column] = [:]
    /// Orientation values that mean landscape (the screen's axes swap).
    public var landscape: Set<String> = []
    /// The roles whose change starts a session.
    public var sessionKeys: [Role] = []
    /// Where the user id is when no column holds it: a regular expression
    /// on the data file's path whose first group (or whole match) is the id
    /// (`participant(\\d+)` for Henze et al.'s `FittsTasks-participant3.txt`).
    public var userFromPath: String?
    /// A gap longer than this (µs) starts a session.
    public var pause: Micros?
    public var intent = IntentSource.constant(nil)
    public var direction = DirectionRule.needed
    /// A stroke whose every sample stays within ``clickRadius`` points of its
    /// down: labelled with this intent, or left unlabelled (`nil`).
    public var clickIntent: Intent?
    public var clickRadius = 0.0
    /// The label target of every stroke.
    public var target: String?
    /// The scene the sessions were recorded on.
    public var scene: String?

    /// The mapping file's line of each column key (`columns.x` → 6).
    public var lines: [String: Int] = [:]

    /// Where a key of the mapping is, for errors.
    func location(of key: String) -> SourceLocation { SourceLocation(file: path, line: lines[key] ?? 0) }

    /// Android's `MotionEvent` action codes.
    public static let androidActions: [Int: Action] = [
        0: .down, 1: .up, 2: .move, 3: .cancel, 4: .outside, 5: .pointerDown, 6: .pointerUp
    ]

    /// Column names that hold personal data: a mapping that names one is
    /// refused, so nothing of it is ever read.
    static let personalColumns: Set<String> = [
        "name", "firstname", "lastname", "gender", "sex", "birthyear", "birthdate", "birthday", "age", "email"
    ]
}
