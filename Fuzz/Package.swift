// swift-tools-version:6.1
//
// gesturetune's fuzz targets: one libFuzzer target per importer over its
// byte input. A package of its own, so that `swift build` of gesturetune
// never sees libFuzzer's `main`; build and run it with `make fuzz`
// (scripts/fuzz.sh), which passes `-sanitize=fuzzer,address` and
// `-parse-as-library` (each target's main.swift defines only the
// LLVMFuzzerTestOneInput entry point).

import PackageDescription

/// Target name → the importer it drives (see Sources/FuzzSupport).
let targets = ["FuzzJSONL", "FuzzCSV", "FuzzEvemu", "FuzzLibinput", "FuzzGetevent", "FuzzPointerEvents", "FuzzIOSStudy"]

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
