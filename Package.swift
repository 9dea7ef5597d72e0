// swift-tools-version:6.1
//
// gesturetune — measure touch gestures, tune their constants.
// Copyright (C) 2026 the gesturetune authors. GPL-3.0-or-later (GSL is GPL).
//
// The targets follow the data flow, one job each. Every arrow is a declared
// dependency (from a module to the ones that use it), and none runs from a
// later stage back to an earlier one:
//
//   TraceModel → TraceImport → TraceStoreInterface (what every store is: its
//   reader and writer, their values, the file side of an import)
//   TraceStoreInterface → TraceStore (a SQLite file, through GRDB)
//   TraceStoreInterface → TraceStorePostgres (the team store);  CLibPQ (libpq) → TraceStorePostgres
//   (the two backends stand side by side: neither depends on the other)
//   CLibCrypto (libcrypto) → Digests (SHA-256) → TraceStoreInterface, TraceStore, StudyRecorder, RunBrowser
//   TraceModel → GesturePhysics → Recognizers → Scenes → Simulation → Tuning → Reports
//   (Scenes: the scenes' description — layout, members, relations — that the
//   simulator replays on, the recorder lays out and the CLI names)
//   (Tuning also reads Scenes, a scene's tunable constants, and GesturePhysics:
//   the held-out replay's spring metrics)
//   CGSL → GSL → Tuning, Synthesis;  TraceModel → Synthesis
//   Scenes → Synthesis (it performs on the built-in scenes' layout, as people do)
//   TraceImport, TraceStoreInterface, Scenes → StudyRecorder (`gesturetune record`;
//   it writes through the interface's TraceStoreWriter, whichever backend holds it)
//   Simulation → Cluster (evaluations on Ray: the shards' partial tallies)
//   Reports, Simulation, StudyRecorder → RunBrowser (`gesturetune serve`:
//   the stored runs as pages, read once from the store by the CLI)
//
// `make lint` holds the graph to this (scripts/check-imports.py): a module
// imports only what it declares here, declares only what it imports, and
// re-exports nothing.
//
// TraceModel is used by every module; Reports also reads Recognizers (the
// catalogue's specs for GestureConstants.swift) and Simulation (the outcome
// counts and budgets in Tuning's results, whose members it renders). Reports
// only renders: the held-out replay behind its charts is Tuning's
// (HoldoutReplay), so it runs no simulation and needs no GesturePhysics.
// `gesturetune` (GestureTuneCLI) puts them all behind one command;
// it alone joins the optimizer's results to the store's run tables
// (Reporting/OptimizationResult+Store.swift), so the optimizer needs no store.
// GestureTuneTestSupport (TraceModel, Recognizers → it) serves the test
// targets and ReplayBenchmark only.
//
// Access: `public` is the API of the library products (TraceModel; TraceImport
// for the fuzz package). Every other module says `package`: visible to the
// package's own modules and tests, promised to no one outside.

import PackageDescription

let package = Package(
    name: "gesturetune",
    // macOS 15: the standard library's Synchronization.Mutex, the package's one lock.
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "TraceModel", targets: ["TraceModel"]),
        // For the fuzz targets (Fuzz/, a package of their own).
        .library(name: "TraceImport", targets: ["TraceImport"]),
        // MARK: store + CLI (branch store)
        .executable(name: "gesturetune", targets: ["GestureTuneCLI"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.14.0"),
        // The study server's own connection deadlines and shutdown (Hummingbird's
        // transport and lifecycle, named because StudyRecorder uses them directly).
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0")
    ],
    targets: [
        // MARK: - Trace model: the vocabulary every other module speaks
        .target(name: "TraceModel"),
        .testTarget(name: "TraceModelTests", dependencies: ["TraceModel"]),

        // MARK: - Test support: what several test targets (and the replay benchmark) share
        // Like swift-numerics' _TestSupport: TraceBuilder (hand-made labelled
        // sessions), the fixture locator, arena replay and isApproximatelyEqual.
        // Under Sources/ because a source target (ReplayBenchmark) uses it; no product.
        .target(name: "GestureTuneTestSupport", dependencies: ["TraceModel", "Recognizers"]),

        // MARK: - Importers: canonical JSON Lines, CSV and real recording formats
        .target(
            name: "TraceImport",
            dependencies: [
                "TraceModel",
                .product(name: "Yams", package: "Yams") // libinput record YAML
            ]),
        .testTarget(
            name: "TraceImportTests", dependencies: ["TraceImport", "TraceModel", "GestureTuneTestSupport"],
            exclude: ["Fixtures"]), // inputs read by path, not bundled

        // MARK: - Digests: SHA-256 from the system's libcrypto (OpenSSL, which libpq-dev brings)
        // One C boundary (Digests/SHA256.swift), as GSL and libpq have theirs;
        // swift-crypto compiled its own BoringSSL, half a fresh build, for this one hash.
        .systemLibrary(name: "CLibCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        .target(name: "Digests", dependencies: ["CLibCrypto"]),
        .testTarget(name: "DigestsTests", dependencies: ["Digests"]),

        // MARK: - The store's interface: what every backend is, and what they share
        // Like GRDB's DatabaseReader/DatabaseWriter or Hummingbird's
        // PersistDriver: the protocols, their values, the file side of an
        // import and the statistics computed from rows; no database in it.
        .target(name: "TraceStoreInterface", dependencies: ["TraceModel", "TraceImport", "Digests"]),

        // MARK: - Store: the SQLite file every later stage reads
        .target(
            name: "TraceStore",
            dependencies: [
                "TraceModel", "TraceImport", "TraceStoreInterface",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"), // raw bulk-insert path
                "Digests" // SHA-256 of imports
            ]),
        .testTarget(
            name: "TraceStoreTests",
            dependencies: [
                "TraceStore", "TraceStoreInterface", "TraceImport", "TraceModel", "Digests", "GestureTuneTestSupport",
                .product(name: "GRDB", package: "GRDB.swift")
            ]),

        // MARK: - Team store: the same store on a PostgreSQL server, for many writers
        // libpq, PostgreSQL's own client library (Debian's libpq-dev), reached
        // as GSL and SQLite are: a system library and a small C shim. It brings
        // the URL and conninfo parsing, TLS (sslmode), ~/.pgpass, service files
        // and every authentication method, and builds nothing from source.
        .systemLibrary(name: "CLibPQ", pkgConfig: "libpq", providers: [.apt(["libpq-dev"])]),
        .target(name: "TraceStorePostgres", dependencies: ["TraceModel", "TraceImport", "TraceStoreInterface", "CLibPQ"]),
        // The same conformance tests on both stores (PostgreSQL under scripts/with-postgres.sh).
        .testTarget(
            name: "TraceStorePostgresTests",
            dependencies: [
                "TraceStorePostgres", "TraceStore", "TraceStoreInterface", "TraceImport", "TraceModel", "GestureTuneTestSupport",
                .product(name: "GRDB", package: "GRDB.swift")
            ]),

        // MARK: - Gesture physics: release velocity, projection, springs, rubber banding
        .target(name: "GesturePhysics", dependencies: ["TraceModel"]),
        .testTarget(name: "GesturePhysicsTests", dependencies: ["GesturePhysics", "TraceModel", "GestureTuneTestSupport"]),

        // MARK: - Recognizers, the gesture arena, the scenes and the simulator
        // The catalogue's declaration (parameters.toml) is the input of
        // scripts/generate-catalogue.py, not a resource of the module.
        .target(
            name: "Recognizers", dependencies: ["TraceModel", "GesturePhysics"],
            exclude: ["Catalogue/parameters.toml"]),
        // What a scene is (members, regions, relations, the built-in ones, scene
        // files): the simulator replays on it, the study recorder lays it out.
        .target(
            name: "Scenes",
            dependencies: ["Recognizers", "TraceModel", .product(name: "Yams", package: "Yams")]), // scene files
        .target(name: "Simulation", dependencies: ["Scenes", "Recognizers", "TraceModel", "GesturePhysics"]),
        // The benchmark builds its synthetic corpus with the tests' TraceBuilder.
        .executableTarget(
            name: "ReplayBenchmark", dependencies: ["Simulation", "Recognizers", "TraceModel", "GestureTuneTestSupport"]),
        // Recognizers alone, without scenes or the simulator.
        .testTarget(
            name: "RecognizersTests", dependencies: ["Recognizers", "GesturePhysics", "TraceModel", "GestureTuneTestSupport"]),
        // The scenes' description, and their arenas replayed without the simulator.
        .testTarget(
            name: "ScenesTests", dependencies: ["Scenes", "Recognizers", "TraceModel", "GestureTuneTestSupport"]),
        .testTarget(
            name: "SimulationTests",
            dependencies: [
                "Simulation", "Scenes", "Recognizers", "GesturePhysics", "TraceModel", "TraceImport", "GestureTuneTestSupport"
            ]),
        // The committed corpus replayed through the simulator
        .testTarget(
            name: "CorpusReplayTests",
            dependencies: [
                "Simulation", "Scenes", "Recognizers", "TraceImport", "TraceModel", "Tuning", "GestureTuneTestSupport"
            ]),

        // MARK: - GSL: the C library and a small, safe Swift layer over it
        .systemLibrary(name: "CGSL", pkgConfig: "gsl", providers: [.apt(["libgsl-dev"])]),
        .target(name: "GSL", dependencies: ["CGSL"]),
        .testTarget(name: "GSLTests", dependencies: ["GSL"]),

        // MARK: - Tuning: parameter spaces, statistics and the search driver
        .target(name: "Tuning", dependencies: ["GSL", "TraceModel", "Scenes", "Simulation", "Recognizers", "GesturePhysics"]),
        .testTarget(
            name: "TuningTests",
            dependencies: [
                "Tuning", "GSL", "Scenes", "Simulation", "Recognizers", "GesturePhysics", "TraceModel", "GestureTuneTestSupport"
            ]
        ),

        // MARK: - Synthesis: labelled sessions from a model of human movement
        // It performs on the built-in scenes' layout, read from Scenes (Recognizers: their regions).
        .target(name: "Synthesis", dependencies: ["TraceModel", "GSL", "Scenes", "Recognizers"]),
        .testTarget(
            name: "SynthesisTests", dependencies: ["Synthesis", "Scenes", "Recognizers", "TraceModel", "GestureTuneTestSupport"]),

        // MARK: - Reports: HTML, Markdown, JSON and Swift constants from a tuning result
        // Reports only renders: the held-out replay behind its charts is Tuning's
        // (HoldoutReplay), handed over as plain values.
        // Evaluations fanned out on a Ray cluster (`--ray`): the bridge
        // script is embedded, so a binary alone can start it.
        .target(
            name: "Cluster", dependencies: ["Simulation"],
            resources: [.embedInCode("Resources/ray-bridge.py")]),
        .target(name: "Reports", dependencies: ["TraceModel", "Tuning", "Simulation", "Recognizers"]),
        // Tuning: the sample report's numbers are computed the production way.
        .testTarget(
            name: "ReportsTests", dependencies: ["Reports", "Tuning", "Recognizers", "TraceModel", "GestureTuneTestSupport"]),

        // MARK: - Study recorder: the phone study page, its HTTP server and the uploads it stores
        .target(
            name: "StudyRecorder",
            dependencies: [
                "TraceModel", "TraceImport", "TraceStoreInterface", "Scenes", "Recognizers",
                .product(name: "Hummingbird", package: "hummingbird"), // the study's HTTP server
                .product(name: "HummingbirdCore", package: "hummingbird"), // its connection cap
                .product(name: "Logging", package: "swift-log"), // to quiet the server's own log
                "Digests", // CSP hashes of the page's script
                .product(name: "NIOCore", package: "swift-nio"), // ConnectionGuard's channel handler
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"), // the request parts it times
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle") // shutdown on our signals
            ],
            // The page's script, as bytes in the binary: its CSP hash is of what is served.
            resources: [.embedInCode("Resources/study-page.js")]),
        .testTarget(
            name: "StudyRecorderTests",
            dependencies: [
                "StudyRecorder", "TraceStore", "TraceStoreInterface", "TraceImport", "TraceModel", "Scenes", "Recognizers",
                .product(name: "Logging", package: "swift-log"),
                "Digests" // the page's CSP hashes, recomputed
            ]),

        // MARK: - Run browser: `gesturetune serve`, the team's read-only web app over a store's runs
        // It renders with Reports, replays sessions with Simulation (each
        // recognizer's timeline) and serves on the study's HTTP stack, under
        // the study's token scheme (StudyRecorder's StudyToken) off loopback.
        .target(
            name: "RunBrowser",
            dependencies: [
                "Reports", "Tuning", "Simulation", "Scenes", "Recognizers", "TraceModel", "StudyRecorder",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"), // to quiet the server's own log
                .product(name: "NIOCore", package: "swift-nio"), // response bodies
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"), // shutdown on SIGINT/SIGTERM
                .product(name: "UnixSignals", package: "swift-service-lifecycle"), // which signals those are
                "Digests" // CSP hashes of the pages' script
            ]),

        // MARK: - The `gesturetune` command
        .executableTarget(
            name: "GestureTuneCLI",
            dependencies: [
                "TraceModel", "TraceImport", "TraceStoreInterface", "TraceStore", "TraceStorePostgres", "GesturePhysics",
                "Recognizers", "Scenes",
                "Simulation", "Tuning", "Reports", "Synthesis", "StudyRecorder", "Cluster", "RunBrowser",
                "GSL", // the GSL version the reports name
                .product(name: "ArgumentParser", package: "swift-argument-parser")
            ]),
        .testTarget(
            name: "GestureTuneEndToEndTests",
            dependencies: [
                "GestureTuneCLI", "TraceStore", "TraceStoreInterface", "Tuning", "Simulation", "Scenes", "Recognizers",
                "TraceModel",
                "GestureTuneTestSupport",
                .product(name: "GRDB", package: "GRDB.swift")
            ])
    ],
    swiftLanguageModes: [.v6]
)

// The compiler, not only scripts/check-imports.py, holds the graph: with
// MemberImportVisibility a file uses only the members of modules it imports
// itself (none arrive through another file's import), and ExistentialAny
// writes every existential as `any P`, as Hummingbird and swift-nio do.
for target in package.targets where target.type != .system && target.type != .binary {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            .enableUpcomingFeature("MemberImportVisibility"), .enableUpcomingFeature("ExistentialAny")
        ]
}
