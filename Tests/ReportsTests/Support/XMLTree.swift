import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

// MARK: - Reading rendered pages back

/// A parsed element: the report's HTML is also well-formed XML (void
/// elements close themselves), so tests read it back with `XMLParser` and
/// look at what a browser would see: element names, decoded attribute values
/// and decoded text.
final class XMLNode {
    let name: String
    let attributes: [String: String]
    var children: [XMLNode] = []
    var text = ""
    weak var parent: XMLNode?

    init(name: String, attributes: [String: String]) {
        self.name = name
        self.attributes = attributes
    }

    /// This element and every element below it, in document order.
    var all: [XMLNode] { [self] + children.flatMap(\.all) }

    /// Text of this element and everything below it.
    var allText: String { text + children.map(\.allText).joined() }

    func elements(named name: String) -> [XMLNode] { all.filter { $0.name == name } }
}

final class XMLTreeBuilder: NSObject, XMLParserDelegate {
    var root: XMLNode?
    private var stack: [XMLNode] = []
    var error: (any Error)?

    /// Parses `html` (the DOCTYPE line is dropped first) or throws the parser's error.
    static func parse(_ html: String) throws -> XMLNode {
        let body = html.hasPrefix("<!DOCTYPE html>") ? String(html.dropFirst("<!DOCTYPE html>".count)) : html
        let parser = XMLParser(data: Data(body.utf8))
        let builder = XMLTreeBuilder()
        parser.delegate = builder
        guard parser.parse(), let root = builder.root else {
            throw parser.parserError ?? builder.error ?? CocoaError(.fileReadCorruptFile)
        }
        return root
    }

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        let node = XMLNode(name: name, attributes: attributes)
        node.parent = stack.last
        stack.last?.children.append(node)
        if root == nil { root = node }
        stack.append(node)
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        stack.removeLast()
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        stack.last?.text += string
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        error = parseError
    }
}
