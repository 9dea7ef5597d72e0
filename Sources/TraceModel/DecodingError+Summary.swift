import Foundation

// MARK: - Decoding errors in one line

extension DecodingError {
    /// What went wrong and where, in one line for a person:
    /// `missing field t ([3])`, `cannot parse "x" as a number (parameters.pan.slop)`.
    ///
    /// Foundation's own descriptions run to several lines of context
    /// dumps; every reader of JSON or YAML in gesturetune reports through
    /// this one.
    public var summary: String {
        func path(_ context: Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
            return keys.isEmpty ? "" : " (\(keys.joined(separator: ".")))"
        }
        func detail(_ context: Context) -> String {
            // JSONSerialization's reason (line and column) when it has one.
            (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
                ?? context.debugDescription
        }
        switch self {
        case .keyNotFound(let key, let context): return "missing field \(key.stringValue)\(path(context))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return "\(detail(context))\(path(context))"
        @unknown default: return "\(self)"
        }
    }

    /// ``summary`` for a decoding error, the plain description otherwise.
    public static func summary(of error: any Error) -> String {
        (error as? DecodingError)?.summary ?? "\(error)"
    }
}
