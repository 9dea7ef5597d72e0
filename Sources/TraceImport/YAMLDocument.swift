import TraceModel
import Yams

// MARK: - One YAML document, its errors in the project's form

/// Composes a YAML document (a libinput recording, an import mapping) with
/// Yams and turns every Yams error into one `FILE:LINE: YAML: …` line:
/// the importers that read YAML share this, so a duplicate key or a syntax
/// error reads the same in each.
enum YAMLDocument {
    /// The document's root node.
    /// - Throws: `ifEmpty` for a document with no node; a ``TraceError``
    ///   naming the line for anything Yams refuses.
    static func compose(_ text: String, file: String, ifEmpty: TraceError) throws(TraceError) -> Node {
        do {
            guard let document = try Yams.compose(yaml: text) else { throw ifEmpty }
            return document
        } catch let error as YamlError {
            throw traceError(error, file: file)
        } catch let error as TraceError {
            throw error
        } catch {
            throw TraceError(SourceLocation(file: file, line: 1), "YAML: \(error)", field: "yaml")
        }
    }

    /// The line where block-mapping key `key` appears again after its first
    /// appearance at line `first` (1-based), at the same indentation.
    static func repeatedKeyLine(_ key: String, firstAt first: Int, in text: String) -> Int? {
        let lines = LineEnds.lines(of: text)
        func keyIndent(_ line: Substring) -> Int? {
            let body = line.drop { $0 == " " }
            let unquoted = body.hasPrefix("- ") ? body.dropFirst(2) : body
            for candidate in [key, "\"\(key)\"", "'\(key)'"] where unquoted.hasPrefix(candidate + ":") {
                return line.count - body.count
            }
            return nil
        }
        // Yams' mark may be the mapping's start rather than the key's: start
        // from the first line at or after it that holds the key.
        // (A mark past the last line finds nothing, rather than an empty range's trap.)
        guard let firstIndex = (min(max(first, 1) - 1, lines.count)..<lines.count).first(where: { keyIndent(lines[$0]) != nil }),
            let indent = keyIndent(lines[firstIndex])
        else { return nil }
        return (firstIndex + 1..<lines.count).first { keyIndent(lines[$0]) == indent }.map { $0 + 1 }
    }

    /// libyaml's problem in the words of the person who wrote the file:
    /// its one message that names libyaml's own API is said plainly.
    static func words(_ problem: String) -> String {
        if problem.hasPrefix("Maximum nesting level reached") { return "nested more than 1000 levels deep" }
        return problem
    }

    /// A YAML syntax error as `FILE:LINE: …`.
    static func traceError(_ error: YamlError, file: String) -> TraceError {
        switch error {
        case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _),
            .composer(_, let problem, let mark, _):
            return TraceError(SourceLocation(file: file, line: mark.line), "YAML: \(words(problem))", field: "yaml")
        case .duplicatedKeysInMapping(let duplicates, let context):
            // Yams' message holds the whole document; its mark is the first
            // of the keys. The line to name is the key's second appearance.
            let key = duplicates.first ?? "?"
            let line = repeatedKeyLine(key, firstAt: context.mark.line, in: context.text) ?? context.mark.line
            return TraceError(
                SourceLocation(file: file, line: line), "YAML: the key `\(key)` appears twice in one mapping", field: key)
        case .reader(let problem, let offset, _, let yaml):
            // The reader (bad UTF-8, control characters) gives a byte offset, not a mark.
            let line = offset.map { LineEnds.lineNumber(ofOffset: $0, in: yaml.utf8) } ?? 1
            return TraceError(SourceLocation(file: file, line: line), "YAML: \(problem)", field: "yaml")
        default:
            return TraceError(SourceLocation(file: file, line: 1), "YAML: \(error)", field: "yaml")
        }
    }
}
