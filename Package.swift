// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "careplan",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "careplan", targets: ["careplan"]),
        .library(name: "CarePlanStore", targets: ["CarePlanStore"]),
        .library(name: "TerminalUI", targets: ["TerminalUI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/yaslab/CSV.swift", from: "2.5.2"),
    ],
    targets: [
        // ncursesw, the wide-character build (see ../shared/NCURSES.md): module map and shim header.
        // No pkgConfig: SwiftPM would drop its -D flags anyway (the shim sets them), and warn.
        .systemLibrary(
            name: "CNcursesW",
            providers: [.apt(["libncursesw5-dev"])]
        ),
        // Cells, styles, widgets, charts, themes and key decoding; an ncurses and a headless backend.
        .target(
            name: "TerminalUI",
            dependencies: ["CNcursesW"]
        ),
        // The dashboard application: state, actions, reducer, keymap, panes, event loop.
        .target(
            name: "Dashboard",
            dependencies: [
                "CarePlanStore",
                "CareInsights",
                "TerminalUI",
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        // The domain (activities, schedules, events, outcomes, units), its SQLite persistence and plan files.
        .target(
            name: "CarePlanStore",
            dependencies: [
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        // Statistics, adherence, trends and messages over the store's SQL aggregates; no drawing.
        .target(
            name: "CareInsights",
            dependencies: ["CarePlanStore"]
        ),
        // The command line; the dashboard becomes its default command in a later step.
        .executableTarget(
            name: "careplan",
            dependencies: [
                "CarePlanStore",
                "CareInsights",
                "Dashboard",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "CSV", package: "CSV.swift"),
            ]
        ),
        // `swift run -c release careplan-bench`: builds 30-day, 1-year and 10-year histories and times
        // the first frame, day and week switches and insights against their targets (issue 4).
        .executableTarget(
            name: "careplan-bench",
            dependencies: [
                "Dashboard",
                "CareInsights",
                "CarePlanStore",
                "TerminalUI",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ],
            path: "Benchmarks/careplan-bench"
        ),
        .testTarget(
            name: "CarePlanStoreTests",
            dependencies: ["CarePlanStore"]
        ),
        .testTarget(
            name: "CareInsightsTests",
            dependencies: ["CareInsights", "CarePlanStore"]
        ),
        .testTarget(
            name: "TerminalUITests",
            dependencies: ["TerminalUI"]
        ),
        .testTarget(
            name: "DashboardTests",
            dependencies: ["Dashboard", "CareInsights", "CarePlanStore", "TerminalUI"],
            // Golden frames, read through #filePath rather than bundled.
            exclude: ["Expected"]
        ),
        // Runs the built `careplan` binary as a user would.
        .testTarget(
            name: "CareplanCLITests",
            dependencies: [
                "careplan",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
    ]
)
