// swift-tools-version:6.1
//
// gesturetune's fuzz targets: one libFuzzer target per importer over its
// byte input. A package of its own, so that `swift build` of gesturetune
// never sees libFuzzer's `main`; build and run it with `make fuzz`
// (scripts/fuzz.sh), which passes `-sanitize=fuzzer,address` and
// `-parse-as-library` (each target's main.swift defines only the
// LLVMFuzzerTestOneInput entry point).

import Foundation
import PackageDescription

/// The targets are the folders of the regression corpus (Corpus/TARGET),
/// the one list scripts/fuzz.sh and the corpus replay test read too; each
/// has Sources/TARGET/main.swift and a FUZZ_MAIN line in FuzzDriver.c.
let targets = try! FileManager.default.contentsOfDirectory(atPath: Context.packageDirectory + "/Corpus")
    .filter { $0.hasPrefix("Fuzz") }.sorted()

let package = Package(
    name: "gesturetune-fuzz",
    dependencies: [.package(name: "gesturetune", path: "..")],
    targets: [
        .target(name: "FuzzDriver"),
        .target(
            name: "FuzzSupport",
            dependencies: [
                .product(name: "TraceImport", package: "gesturetune"),
                .product(name: "TraceModel", package: "gesturetune")
            ])
    ]
        + targets.map {
            .executableTarget(
                name: $0,
                dependencies: [
                    "FuzzSupport", "FuzzDriver", .product(name: "TraceImport", package: "gesturetune")
                ])
        },
    swiftLanguageModes: [.v6]
)
