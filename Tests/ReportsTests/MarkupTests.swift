import Testing

@testable import Reports

@Suite struct MarkupTests {
    @Test func escapesTextAndAttributeValuesTheSameSafeWay() {
        let node = Markup.el(.td, [.class: "a\"b'c<d>&e"], text: "<b>&amp;</b> \"q\" 'q'")
        #expect(
            node.rendered
                == "<td class=\"a&quot;b&#39;c&lt;d&gt;&amp;e\">&lt;b&gt;&amp;amp;&lt;/b&gt; &quot;q&quot; &#39;q&#39;</td>")
    }

    @Test func normalizesLineBreaksAndShowsControlCharacters() {
        #expect(Markup.escape("a\r\nb\rc\nd\u{0}e\u{7}f\u{85}g\th") == "a\nb\nc\nd\\u{0}e\\u{7}f\\u{85}g\th")
    }

    @Test func rendersAttributesInAStableOrderAndVoidElementsSelfClosed() {
        let meta = Markup.el(.meta, [.name: "viewport", .content: "x"])
        #expect(meta.rendered == "<meta content=\"x\" name=\"viewport\" />")
        let nested = Markup.el(.p, [:], .text("a"), .el(.br), .el(.strong, text: "b"))
        #expect(nested.rendered == "<p>a<br /><strong>b</strong></p>")
    }

    @Test func hasNoVocabularyForScriptsOrOutsideResources() {
        let tags = Set(Markup.Tag.allCases.map(\.rawValue))
        for forbidden in ["script", "link", "img", "iframe", "object", "embed", "style", "form", "image", "use", "foreignObject"]
        {
            #expect(!tags.contains(forbidden), "\(forbidden) must not be expressible")
        }
        let attributes = Set(Markup.Attribute.allCases.map(\.rawValue))
        #expect(!attributes.contains("src"))
        #expect(!attributes.contains("style"))
        #expect(!attributes.contains { $0.hasPrefix("on") })
    }

    @Test func sectionLinksStayOnThePage() {
        #expect(
            Markup.link(toSection: "https://evil.example/x\"y", "go").rendered
                == "<a href=\"#https---evil-example-x-y\">go</a>")
    }

    @Test func styleSheetIsTheOnlyRawText() {
        let css: StaticString = "a{color:red}"
        #expect(Markup.styleSheet(.init(css)).rendered == "<style>a{color:red}</style>")
    }
}

@Suite struct MarkupAttributeTests {
    @Test func lineBreaksInAttributesAreCharacterReferences() {
        #expect(Markup.el(.td, [.title: "a\nb\r\nc\td"]).rendered == "<td title=\"a&#10;b&#10;c&#9;d\"></td>")
    }
}
