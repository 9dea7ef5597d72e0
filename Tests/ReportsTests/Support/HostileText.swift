import Foundation
import Reports
import TraceModel

// MARK: - Data that tries to break out

/// Text that would break an unescaped report: a script, both quote kinds, an
/// entity, a closing SVG tag, Markdown table and code syntax, line breaks
/// and the end of a block comment.
let hostile = "<script>alert(1)</script> \"quotes\" 'single' &amp; </svg> | pipe `tick` [link](x) *em*\nnew line\r\n*/ end"

extension TuningReport {
    /// The sample with every free-text field (labels, notes, targets, session
    /// ids, device models, user ids, parameter and gesture names, run info)
    /// replaced by hostile text, each tagged so tests can find it.
    static var hostileSample: TuningReport {
        var r = TuningReport.sample
        func evil(_ tag: String) -> String { hostile + " #" + tag }
        r.title = evil("title")
        r.verdict.population = evil("population")
        r.verdict.budgets = r.verdict.budgets.map {
            var b = $0
            b.gesture = evil("budget")
            return b
        }
        r.constants = r.constants.enumerated().map { i, c in
            var c = c
            c.name = evil("param\(i)") + "." + evil("leaf\(i)")
            c.unit = evil("unit")
            return c
        }
        r.misfires.byIntent = r.misfires.byIntent.map {
            var m = $0
            m.intent = evil("intent")
            return m
        }
        r.misfires.confusionBefore.intended = r.misfires.confusionBefore.intended.map { _ in evil("intended") }
        r.misfires.confusionAfter.recognized = r.misfires.confusionAfter.recognized.map { _ in evil("recognized") }
        r.latency = r.latency.map {
            var d = $0
            d.gesture = evil("gesture")
            return d
        }
        r.springs = r.springs.map {
            var s = $0
            s.spring = evil("spring")
            s.velocityName = evil("velocity")
            return s
        }
        r.sensitivity.sweeps = r.sensitivity.sweeps.map {
            var s = $0
            s.parameter = evil("sweep")
            s.unit = evil("sweepunit")
            return s
        }
        func example(_ e: TuningReport.Example) -> TuningReport.Example {
            var e = e
            e.sessionID = evil("session")
            e.user = evil("user")
            e.device.model = evil("device")
            e.label.target = evil("target")
            e.label.note = evil("note")
            e.recognized = evil("recognizedname")
            return e
        }
        r.examples.remaining = r.examples.remaining.map(example)
        r.examples.fixed = r.examples.fixed.map(example)
        r.breakdown.byUser = r.breakdown.byUser.map {
            var b = $0
            b.group = evil("userid")
            return b
        }
        r.breakdown.byDevice = r.breakdown.byDevice.map {
            var b = $0
            b.group = evil("devicemodel")
            return b
        }
        r.run.corpus = evil("corpus")
        r.run.split.rule = evil("split")
        r.run.split.holdoutUsers = [evil("holdout")]
        r.run.objective = evil("objective")
        r.run.method = evil("method")
        r.run.versions = [evil("component"): evil("version")]
        r.run.commandLine = "gesturetune optimize --note '" + hostile + "' ```` ``` `"
        r.run.generatedAt = evil("generated")
        return r
    }
}
