// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "careplan",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "careplan", targets: ["careplan"]),
        .library(name: "CarePlanStore", targets: ["CarePlanStore"]),
        .library(name: "TerminalUI", targets: ["TerminalUI"]),
        .library(name: "CareSamples", targets: ["CareSamples"]),
        // The FHIRPath engine on its own, for other Swift programs (docs/fhirpath.md).
        .library(name: "FHIRPath", targets: ["FHIRPath"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/yaslab/CSV.swift", from: "2.5.2"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", exact: "0.9.20"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", exact: "2.1.1"),
        // Tests only: property-based tests with shrinking (Swift Testing).
        .package(url: "https://github.com/x-sheep/swift-property-based", exact: "2.0.1"),
    ],
    targets: [
        // GNU gettext from glibc (libintl.h): the catalogues careplan reads its words from.
        .systemLibrary(name: "CGettext"),
        // The reader's language: chosen as GNU programs choose it, words looked up through gettext,
        // plural forms, placeholders, the number conventions and the pseudo-language for layout
        // tests (docs/translating.md). The plugin compiles po/*.po with msgfmt on each build.
        .target(
            name: "Localization",
            dependencies: ["CGettext", "CFixedDecimals"],
            plugins: ["CompileTranslations"]
        ),
        .plugin(name: "CompileTranslations", capability: .buildTool()),
        // ncursesw, the wide-character build: module map and shim header.
        // No pkgConfig: SwiftPM would drop its -D flags anyway (the shim sets them), and warn.
        .systemLibrary(
            name: "CNcursesW",
            providers: [.apt(["libncursesw5-dev"])]
        ),
        // libxml2's streaming (SAX2 push) parser, for Apple Health exports: module map and shim header.
        // Not linked and no pkg-config (which would link it): the shim opens libxml2 when an import
        // starts, so it and the ICU it needs are not loaded by every command (see shim.h).
        .systemLibrary(
            name: "CLibXML2",
            providers: [.apt(["libxml2-dev"])]
        ),
        // libcurl's easy interface, for sync with a FHIR server. Not linked: the shim opens it when a
        // sync starts, so no other command loads it and the libraries it needs (see shim.h).
        .systemLibrary(
            name: "CCurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ),
        // SQLCipher 4.9.0 (SQLite 3.49.2) from the vendored amalgamation, linked into careplan: every
        // call to SQLite, GRDB's included, binds to it. GRDB's module map still asks the linker for
        // -lsqlite3; the installed build (Makefile) tells swiftc not to, so it has one SQLite; a plain
        // `swift build` loads the system's library beside it, unused (docs/storage.md). Compiled
        // optimised in every configuration: a debug build's tests run on it too. Its cryptography is
        // Nettle's (nettle-dev to build), through careplan's crypto provider, and libnettle is opened
        // when an encrypted store first needs it (nettle.c, docs/security.md).
        .target(
            name: "CSQLCipher",
            // Compiled inside sqlcipher.c, after the amalgamation that declares its types.
            exclude: ["provider"],
            cSettings: [
                .define("SQLCIPHER_CRYPTO_CUSTOM", to: "careplan_crypto_setup"),
                .define("SQLITE_HAS_CODEC"),
                .define("SQLITE_TEMP_STORE", to: "2"),
                .define("SQLITE_EXTRA_INIT", to: "sqlcipher_extra_init"),
                .define("SQLITE_EXTRA_SHUTDOWN", to: "sqlcipher_extra_shutdown"),
                .define("SQLITE_THREADSAFE", to: "1"),
                .define("_GNU_SOURCE"),
                // What Debian's own build of SQLite enables and careplan or GRDB may use.
                .define("SQLITE_ENABLE_MATH_FUNCTIONS"),
                .define("SQLITE_ENABLE_FTS5"),
                .define("SQLITE_ENABLE_COLUMN_METADATA"),
                .define("SQLITE_ENABLE_DBSTAT_VTAB"),
                .define("SQLITE_SECURE_DELETE"),
                // SQLCipher would otherwise log a wrong key's "hmac check failed" to stderr, over
                // careplan's own one-line message and the dashboard's screen.
                .define("SQLCIPHER_OMIT_DEFAULT_LOGGING"),
                .unsafeFlags(["-O2", "-w"]),
            ],
            // No linkerSettings: libnettle is opened on first use (nettle.c), not linked.
        ),
        // The kernel's keyrings, where `careplan unlock` keeps a store's derived key for a while.
        .target(name: "CKeyring"),
        // printf's %.Nf for a Double without Swift's variadic call (Localization's FixedDecimals).
        .target(name: "CFixedDecimals"),
        // SQLite's process-wide settings (sqlite3_config), made before the first connection.
        .systemLibrary(
            name: "CSQLiteSetup",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        // zlib's crc32, for checking a zip entry as it streams by.
        .systemLibrary(
            name: "CZlibChecksum",
            providers: [.apt(["zlib1g-dev"])]
        ),
        // glibc's mallopt: the dashboard keeps the pages its frames free (EventLoopMemory).
        .systemLibrary(name: "CMalloc"),
        // Cells, styles, widgets, charts, themes and key decoding; an ncurses and a headless backend.
        .target(
            name: "TerminalUI",
            dependencies: ["CNcursesW", "Localization"]
        ),
        // The dashboard application: state, actions, reducer, keymap, panes, event loop.
        .target(
            name: "Dashboard",
            dependencies: [
                "CMalloc",
                "Localization",
                "CarePlanStore",
                "CareInsights",
                "HealthData",
                "CareReport",
                "TerminalUI",
                "Questionnaires",
                "FHIRPath",
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        // The domain (activities, schedules, events, outcomes, units), its SQLite persistence and plan files.
        // The plugin stamps careplan's version into it on every build (packaging/version.sh).
        .target(
            name: "CarePlanStore",
            dependencies: [
                "Localization",
                // An assessment may be a questionnaire: the plan file names one, the store keeps it
                // and its responses (Sources/CarePlanStore/Forms).
                "Questionnaires",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "Yams", package: "Yams"),
                "CSQLiteSetup",
                "CSQLCipher",
                "CKeyring",
            ],
            plugins: ["StampVersion"]
        ),
        .plugin(name: "StampVersion", capability: .buildTool()),
        // Sample data, which is not the store's job: the seeded history generator and the seeding
        // of demo, generated and benchmark stores.
        .target(
            name: "CareSamples",
            dependencies: ["Localization", "CarePlanStore", "HealthData"]
        ),
        // HealthKit's model in the store: sample kinds, type identifiers and units, writing samples
        // without duplicates, and the queries over them.
        .target(
            name: "HealthData",
            dependencies: [
                "Localization",
                "CarePlanStore",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]
        ),
        // Apple Health's export (zip or XML) streamed through libxml2 into samples; no terminal.
        .target(
            name: "AppleHealthImport",
            dependencies: [
                "Localization",
                "HealthData",
                "CarePlanStore",
                "CLibXML2",
                "CZlibChecksum",
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ],
            // Where Debian's libxml2-dev puts its headers (what `pkg-config --cflags libxml-2.0` says).
            swiftSettings: [.unsafeFlags(["-Xcc", "-I/usr/include/libxml2"])]
        ),
        // Statistics, adherence, trends and messages over the store's SQL aggregates; no drawing.
        // Sleep nights come from HealthData (device samples and the diary, merged there).
        .target(
            name: "CareInsights",
            dependencies: ["Localization", "CarePlanStore", "HealthData"]
        ),
        // The clinician's report: one model of the period from the insights engine, rendered to
        // HTML (swift-mustache, which escapes every value by default; inline SVG charts) and Markdown.
        .target(
            name: "CareReport",
            dependencies: [
                "Localization",
                "CareInsights", "CarePlanStore", "HealthData", "Questionnaires", "FHIRPath",
                .product(name: "Mustache", package: "swift-mustache"),
            ]
        ),
        // FHIRPath (N1, 2.0.0) over FHIR R4 JSON: expressions parsed once into a tree and evaluated many
        // times; exact decimals, UCUM quantities, FHIR's model information generated from the R4
        // definitions (docs/fhirpath.md). Foundation only: no store, no terminal.
        .target(
            name: "FHIRPath",
            exclude: ["Model/generate-model.py", "Model/r4", "Quantity/ucum"]
        ),
        // Questionnaires (issue 36): a FHIR Questionnaire read and checked into a form careplan can
        // fill in (items, answers and their scores, conditions, SDC expressions through FHIRPath);
        // no store, no drawing (docs/questionnaires.md).
        .target(
            name: "Questionnaires",
            dependencies: ["FHIRPath", "Localization"]
        ),
        // FHIR R4: the plan and its readings out as a Bundle, a FHIR CarePlan and Observations in
        // (Codable resources and the mapping both ways; docs/fhir.md).
        .target(
            name: "FHIR",
            dependencies: ["Localization", "CarePlanStore", "HealthData", "FHIRPath", "Questionnaires"]
        ),
        // Sync with a FHIR server (docs/sync.md): HTTP through libcurl, the push of what changed in
        // transaction Bundles, the pull of what changed on the server, the faults between.
        .target(
            name: "FHIRSync",
            dependencies: ["Localization", "CarePlanStore", "HealthData", "FHIR", "FHIRPath", "CCurl"]
        ),
        // The command line; the dashboard is its default command.
        .executableTarget(
            name: "careplan",
            dependencies: [
                "Localization",
                "CarePlanStore",
                "CareSamples",
                "CareInsights",
                "Dashboard",
                "TerminalUI",
                "HealthData",
                "AppleHealthImport",
                "CareReport",
                "FHIR",
                "FHIRSync",
                "FHIRPath",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "CSV", package: "CSV.swift"),
            ]
        ),
        // `swift run -c release careplan-bench`: builds histories, times what users wait for against
        // floors measured in the same run, and checks the targets (docs/performance.md).
        .executableTarget(
            name: "careplan-bench",
            dependencies: [
                "Localization",
                "Dashboard",
                "CareInsights",
                "CarePlanStore",
                "CareSamples",
                "TerminalUI",
                "FHIRPath",
                "Questionnaires",
                "FHIRPathSuite",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ],
            path: "Benchmarks/careplan-bench"
        ),
        // Fuzzing the plan-file and Apple Health readers: built with -sanitize=fuzzer by .ci/run,
        // which runs it a fixed number of times (docs/storage.md).
        .executableTarget(
            name: "careplan-fuzz",
            dependencies: ["CarePlanStore", "AppleHealthImport", "FHIRPath"],
            path: "Fuzz/careplan-fuzz"
        ),
        // The whole-process floor the benchmark times `careplan today`, `done` and `log` against:
        // start, open the store with GRDB, read one row.
        .executableTarget(
            name: "careplan-floor",
            // The same SQLite as careplan's, so the ratio is careplan's own work.
            dependencies: [.product(name: "GRDB", package: "GRDB.swift"), "CSQLCipher"],
            path: "Benchmarks/careplan-floor"
        ),
        // The floor the benchmark times `careplan health import` against (issue 27): the zipped export
        // inflated and parsed by libxml2's SAX2 parser with empty callbacks, through the libraries and
        // the dlopen shim the importer uses, so the ratio is careplan's own work. Benchmark-only.
        .executableTarget(
            name: "careplan-import-floor",
            dependencies: [
                "CLibXML2",
                "CZlibChecksum",
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ],
            path: "Benchmarks/careplan-import-floor",
            // libxml2's headers, as for AppleHealthImport.
            swiftSettings: [.unsafeFlags(["-Xcc", "-I/usr/include/libxml2"])]
        ),
        // The store's tests, and the generator's: they share the store's fixtures, and the summaries
        // are checked against generated histories.
        .testTarget(
            name: "CarePlanStoreTests",
            dependencies: ["Localization", "CarePlanStore", "CareSamples", "Questionnaires", "FHIRPath", .product(name: "PropertyBased", package: "swift-property-based")]
        ),
        .testTarget(
            name: "CareInsightsTests",
            dependencies: ["CareInsights", "CarePlanStore", "CareSamples"]
        ),
        // Importing real Apple Health exports (Tests/Data/apple-health) and built hostile ones.
        .testTarget(
            name: "HealthDataTests",
            dependencies: [
                "AppleHealthImport", "HealthData", "CarePlanStore",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ],
            // It imports the importer @testable, so it reads libxml2's headers too (see AppleHealthImport).
            swiftSettings: [.unsafeFlags(["-Xcc", "-I/usr/include/libxml2"])]
        ),
        // The clinician's report: its figures against the insights engine, escaping, versions.
        .testTarget(
            name: "CareReportTests",
            dependencies: ["CareReport", "CareInsights", "CarePlanStore"]
        ),
        // FHIR both ways on the official HL7 R4 examples (Tests/Data/fhir) and real stores.
        .testTarget(
            name: "FHIRTests",
            dependencies: ["FHIR", "CarePlanStore", "FHIRPath"]
        ),
        // The FHIRPath engine against the official FHIRPath R4 test suite (Tests/Data/fhirpath), read
        // from its XML, and against fhirpathpy on real SDC Questionnaires (Tests/FHIRPathPeer).
        .testTarget(
            name: "FHIRPathTests",
            dependencies: ["FHIRPath", "FHIRPathSuite", .product(name: "PropertyBased", package: "swift-property-based")]
        ),
        // Questionnaires read from real forms (Tests/Data/questionnaires) and refused with the place and the reason.
        .testTarget(
            name: "QuestionnairesTests",
            dependencies: ["Questionnaires", "FHIRPath", "FHIRPathSuite"]
        ),
        // The official suite read from its XML and each case judged, for the tests and the benchmark;
        // and fhirpathpy run for the tests that compare with it.
        .target(
            name: "FHIRPathSuite",
            dependencies: ["FHIRPath"],
            path: "Tests/FHIRPathSuite"
        ),
        // The catalogues (complete, placeholders kept, CLDR's calendar words) and choosing a language.
        .testTarget(
            name: "LocalizationTests",
            dependencies: ["Localization"]
        ),
        .testTarget(
            name: "TerminalUITests",
            dependencies: ["TerminalUI", .product(name: "PropertyBased", package: "swift-property-based")]
        ),
        .testTarget(
            name: "DashboardTests",
            dependencies: ["Dashboard", "CareInsights", "CarePlanStore", "CareSamples", "TerminalUI", "HealthData"],
            // Golden frames, read through #filePath rather than bundled.
            exclude: ["Expected"]
        ),
        // Runs the built `careplan` binary as a user would.
        .testTarget(
            name: "CareplanCLITests",
            dependencies: [
                "careplan",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            // Golden frames in every language, read through #filePath rather than bundled.
            exclude: ["Expected"]
        ),
    ]
)
