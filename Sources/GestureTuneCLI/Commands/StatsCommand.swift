import ArgumentParser
import Foundation
import TraceModel
import TraceStoreInterface

// MARK: - gesturetune stats

struct StatsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Summarize what the store holds: counts, intents, sampling rates, stroke durations.")

    @OptionGroup var store: StoreOptions

    @Flag(help: "Print one JSON object (keys sessions, pointers, touches, labels, intents, …).")
    var json = false

    func run() async throws {
        let stats: StoreStatistics
        do {
            stats = try await store.withStore(.readOnly) { try await $0.statistics() }
        } catch let exit as ExitCode {
            throw exit
        } catch {
            Console.error("\(store.location): \(error)")
            throw ExitCode.failure
        }
        if json {
            try Console.json(stats)
            return
        }
        Console.out("store \(store.location)")
        Console.out(
            "  sessions \(Console.grouped(stats.sessions)) from \(Console.grouped(stats.imports)) file(s); "
                + "users \(stats.users); devices \(stats.devices)")
        Console.out(
            "  pointers \(Console.grouped(stats.pointers)); touch samples \(Console.grouped(stats.touches)); "
                + "motion samples \(Console.grouped(stats.motion)); labels \(Console.grouped(stats.labels))")
        if !stats.intents.isEmpty {
            Console.out("intents")
            for (intent, count) in stats.intents.sorted(by: { $0.key < $1.key }) {
                let name = Intent.readableName(of: intent).padding(toLength: 24, withPad: " ", startingAt: 0)
                Console.out("  \(name) \(Console.grouped(count))")
            }
        }
        if !stats.sampling.isEmpty {
            Console.out("sampling interval per device (ms: p5 / median / p95)")
            for device in stats.sampling {
                let q = device.intervalMs
                Console.out(
                    "  \(device.device): \(Console.fixed(q.p5, 2)) / \(Console.fixed(q.p50, 2)) / "
                        + "\(Console.fixed(q.p95, 2))  (~\(Console.fixed(device.medianRateHz, 0)) Hz, \(Console.grouped(q.count)) intervals)"
                )
            }
        }
        if let q = stats.strokeDurationMs {
            Console.out(
                "stroke duration (ms: p5 / median / p95): \(Console.fixed(q.p5, 1)) / \(Console.fixed(q.p50, 1)) / \(Console.fixed(q.p95, 1))"
            )
        }
        if let q = stats.strokeSpeed {
            Console.out(
                "stroke mean speed (pt/s: p5 / median / p95): \(Console.fixed(q.p5, 0)) / \(Console.fixed(q.p50, 0)) / \(Console.fixed(q.p95, 0))"
            )
        }
    }
}
