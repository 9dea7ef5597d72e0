import Foundation
import Recognizers
import Scenes
import TraceModel

// MARK: - What a probe found, kept between commands

/// Findings of ``BudgetProbe`` kept in files, so that which budgets the
/// constants can reach is decided once per corpus, scene and program
/// rather than on every `simulate`.
///
/// Whether a budget is fixed by design is a property of the scene, the
/// constants in use, the budgets and the corpus, and of the program that
/// replays them; the probe that decides it costs two replays per tunable
/// constant (~50 on the reading app's scene), where one replay is all a
/// `simulate` needs otherwise. Every one of those inputs is in the key,
/// written out in full in the entry and compared on reading, so an entry
/// is used only for exactly the question it answers: a new import (a new
/// corpus fingerprint), another scene, other constants or budgets, or a
/// rebuilt program each ask afresh. The file's name is only a hash of the
/// key; a collision costs a probe, never a wrong answer.
///
/// The cache is files in a folder of the user's, not a table of the store:
/// a reading command never writes the store (a `0444` file, a team
/// database whose role may only read, a dashboard promising the store
/// byte for byte as it was). A folder that cannot be written only costs
/// the probe again: findings are a shortcut, never a result.
///
/// ```swift
/// let cache = BudgetProbeCache(directory: folder, corpusFingerprint: try await store.corpusFingerprint())
/// let checks = try BudgetProbe.annotate(result.budgets, simulator: simulator, corpus: corpus,
///                                       probing: scene.tunableParameters, cache: cache)
/// ```
package struct BudgetProbeCache: Sendable {
    /// The folder holding one JSON file per question asked.
    package var directory: URL
    /// The store's fingerprint of the sessions the corpus holds
    /// (`TraceStoring.corpusFingerprint(sessionIDs:)`): the corpus's part
    /// of the key.
    package var corpusFingerprint: String

    package init(directory: URL, corpusFingerprint: String) {
        self.directory = directory
        self.corpusFingerprint = corpusFingerprint
    }

    /// The folder the environment names: `$GESTURETUNE_CACHE_DIR`, else
    /// `$XDG_CACHE_HOME/gesturetune`, else `~/.cache/gesturetune`, each
    /// with `budget-probes/` inside; `nil` when `GESTURETUNE_CACHE_DIR` is
    /// `off` (or no home is known), which turns the cache off.
    /// - Parameter environment: the process's environment.
    package static func directory(environment: [String: String]) -> URL? {
        let base: URL
        if let named = environment["GESTURETUNE_CACHE_DIR"], !named.isEmpty {
            if named == "off" { return nil }
            base = URL(fileURLWithPath: named, isDirectory: true)
        } else if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            base = URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent("gesturetune")
        } else if let home = environment["HOME"], !home.isEmpty {
            base = URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".cache/gesturetune")
        } else {
            return nil
        }
        return base.appendingPathComponent("budget-probes", isDirectory: true)
    }

    // MARK: The key and the entry

    /// Everything a probe's findings depend on. The replay is deterministic,
    /// so equal keys mean equal findings.
    struct Key: Codable, Equatable {
        /// Bumped when the probe's own rules change without a new program
        /// (never so far: the program's identity covers it).
        var format = 1
        /// The program replaying: its path, size and modification time
        /// (a rebuild, with other recognizers, asks again).
        var program: String
        var corpus: String
        /// The scenes replayed, in full: the simulator's, or each session's.
        var scenes: [Scene]
        var parameters: ParameterSet
        var budgets: [LatencyBudget]
        var temperature: Double
        var matchTolerance: Micros
        var measureSprings: Bool
        var probing: [String]
    }

    /// One file: the key it answers, written out, and the findings.
    struct Entry: Codable {
        var key: Key
        var findings: BudgetProbe.Findings
    }

    /// The key of probing `corpus` (fingerprinted as this cache's) with `simulator`.
    func key(simulator: Simulator, corpus: Corpus, probing: [Parameter]) throws -> Key {
        Key(
            program: Self.programIdentity, corpus: corpusFingerprint,
            scenes: try BudgetProbe.scenes(simulator: simulator, corpus: corpus),
            parameters: simulator.parameters, budgets: simulator.options.budgets,
            temperature: simulator.options.temperature, matchTolerance: simulator.options.matchTolerance,
            measureSprings: simulator.options.measureSprings, probing: probing.map(\.name))
    }

    /// The findings stored for exactly `key`; `nil` when none are (or the
    /// file is unreadable: the probe runs and writes it anew).
    func findings(for key: Key) -> BudgetProbe.Findings? {
        guard let bytes = try? Data(contentsOf: file(for: key)),
            let entry = try? JSONDecoder().decode(Entry.self, from: bytes), entry.key == key
        else { return nil }
        return entry.findings
    }

    /// Keeps `findings` for `key`: written whole to a temporary file and
    /// renamed over the entry, so a reader never sees half of one. A
    /// failure to write is not reported: the next command probes again.
    func remember(_ findings: BudgetProbe.Findings, for key: Key) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let bytes = try? encoder.encode(Entry(key: key, findings: findings)) else { return }
        let target = file(for: key)
        let temporary = directory.appendingPathComponent(".\(target.lastPathComponent).\(getpid()).tmp")
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try bytes.write(to: temporary)
            // rename(2) replaces the entry in one step, on every platform.
            if rename(temporary.path, target.path) != 0 { try? FileManager.default.removeItem(at: temporary) }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
        }
    }

    /// The entry's file: the key's hash, in hex.
    func file(for key: Key) -> URL {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let bytes = (try? encoder.encode(key)) ?? Data()
        let name = String(FNV1a.hash(bytes), radix: 16)
        return directory.appendingPathComponent(String(repeating: "0", count: 16 - name.count) + name + ".json")
    }

    /// The running program's path, size and modification time: what
    /// changes when it is rebuilt.
    static let programIdentity: String = {
        guard let url = Bundle.main.executableURL?.resolvingSymlinksInPath(),
            let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
        else { return "unknown program \(ProcessInfo.processInfo.processIdentifier)" }
        let size = (attributes[.size] as? NSNumber)?.int64Value ?? -1
        let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? -1
        return "\(url.path) \(size) bytes, modified \(modified)"
    }()
}
