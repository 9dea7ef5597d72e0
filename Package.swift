// swift-tools-version:6.1
//
// gesturetune — measure touch gestures, tune their constants.
// Copyright (C) 2026 the gesturetune authors. GPL-3.0-or-later (GSL is GPL).
//
// The targets follow the data flow, one job each:
//
//   TraceModel → TraceImport → TraceStore
//                    ↓             ↓
//   GesturePhysics → Recognizers → Simulation → Tuning (GSL ← CGSL) → Reports
//                                       ↓
//                                   Synthesis
//
// and `gesturetune` (GestureTuneCLI) puts them behind one command.

import PackageDescription

let package = Package(
    name: "gesturetune",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "TraceModel", targets: ["TraceModel"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    ],
    targets: [
        // MARK: - Trace model: the vocabulary every other module speaks
        .target(name: "TraceModel"),
        .testTarget(name: "TraceModelTests", dependencies: ["TraceModel"]),

        // MARK: - Importers: canonical JSON Lines, CSV and real recording formats
        .target(name: "TraceImport", dependencies: ["TraceModel"]),

        // MARK: - Reports: HTML, Markdown, JSON and Swift constants from a tuning result
        .target(name: "Reports", dependencies: ["TraceModel"]),
        .testTarget(name: "ReportsTests", dependencies: ["Reports", "TraceModel"]),
    ],
    swiftLanguageModes: [.v6]
)
