import TraceModel

// MARK: - Examples

extension ReportFindings {
    static func intentText(_ label: Label) -> String {
        var text = label.intent.readableName
        if let direction = label.direction { text += " " + direction.rawValue }
        if let fingers = label.fingers, fingers > 1 { text += ", \(fingers) fingers" }
        return text
    }

    static func deviceText(_ device: Device) -> String {
        let model = device.model.map { $0.isEmpty ? device.platform.rawValue : $0 } ?? device.platform.rawValue
        return "\(model) (\(Format.smart(device.screenWidth))×\(Format.smart(device.screenHeight)) pt)"
    }

    /// What fired, exactly as it happened: a missed gesture that began
    /// and sprang back says so (it was recognized, never committed), a
    /// dead zone says the response came only late.
    static func recognizedText(_ example: TuningReport.Example) -> String {
        guard let recognized = example.recognized else { return "nothing" }
        let at =
            example.recognizedAt.map { " at \(Format.ms(Double($0 - example.label.start) / 1000)) after the label start" } ?? ""
        switch example.kind {
        case .missed: return "\(recognized) began\(at) but sprang back without committing"
        case .deadZone:
            return "\(recognized)\(at), only after a stretch without response" + (example.detail.map { " (\($0))" } ?? "")
        case .wrong, .spurious: return recognized + at
        }
    }

    /// `the same for 12 gestures of 5 people`.
    static func sharedText(_ example: TuningReport.Example) -> String? {
        example.sharedBy.map {
            "\($0.gestures) held-out gesture\($0.gestures == 1 ? "" : "s") of \($0.people) \($0.people == 1 ? "person" : "people")"
        }
    }

    /// The gesture as the subject of a sentence: "a tab-swipe left",
    /// "an edge-swipe", "a touch meant as nothing".
    static func subject(_ label: Label) -> String {
        if label.intent == .none { return "a touch meant as nothing" }
        let text = intentText(label)
        let article = text.first.map { "aeiou".contains($0) } == true ? "an" : "a"
        return "\(article) \(text)"
    }

    /// What went wrong, as the end of a sentence about the gesture:
    /// "still fires scroll instead", "fired tap before tuning, though nothing
    /// was meant, and is handled correctly after".
    static func misfireClause(_ example: TuningReport.Example, fixed: Bool) -> String {
        let recognized = example.recognized ?? "nothing"
        let what: String
        switch example.kind {
        case .wrong: what = fixed ? "fired \(recognized) instead" : "still fires \(recognized) instead"
        case .missed where example.recognized != nil:
            what =
                fixed
                ? "began \(recognized) but sprang back without committing"
                : "still begins \(recognized) but springs back without committing"
        case .missed: what = fixed ? "fired nothing" : "still fires nothing"
        case .deadZone: what = fixed ? "fired \(recognized) only late" : "still fires \(recognized) only late"
        case .spurious:
            what = fixed ? "fired \(recognized) though nothing was meant" : "still fires \(recognized) though nothing was meant"
        }
        return fixed ? what + " before tuning and is handled correctly after" : what
    }

    /// Remaining misfires, or (`fixed`) the misfires before tuning that
    /// tuning fixed, named as such in the column titles.
    func exampleTable(_ examples: [TuningReport.Example], fixed: Bool) -> ReportTable {
        ReportTable(
            columns: [
                ("session", .left), ("user", .left), ("device", .left), ("meant", .left), ("target", .left),
                ("note", .left), (fixed ? "misfire before tuning" : "misfire", .left),
                (fixed ? "recognized before tuning" : "recognized", .left), ("same pattern", .right)
            ],
            rows: examples.map { example in
                ReportTable.Row(cells: [
                    .init(example.sessionID), .init(example.user ?? "–"), .init(Self.deviceText(example.device)),
                    .init(Self.intentText(example.label)), .init(example.label.target ?? "–"), .init(example.label.note ?? "–"),
                    .init(example.kind.title), .init(Self.recognizedText(example)), .init(Self.sharedText(example) ?? "–")
                ])
            })
    }
}
