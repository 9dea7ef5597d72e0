package enum ArenaError: Error, Sendable, Hashable, CustomStringConvertible {
    case tooManyRecognizers(Int)
    case noSuchRecognizer(Int)
    case waitsForItself(Int)

    package var description: String {
        switch self {
        case .tooManyRecognizers(let n): "a scene holds at most \(Arena.maximumRecognizers) recognizers, not \(n)"
        case .noSuchRecognizer(let i): "a relation names recognizer \(i), which does not exist"
        case .waitsForItself(let i): "recognizer \(i) cannot wait for itself to fail"
        }
    }
}
