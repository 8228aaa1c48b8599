// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "careplan",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "careplan", targets: ["careplan"]),
        .library(name: "CarePlanStore", targets: ["CarePlanStore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/yaslab/CSV.swift", from: "2.5.2"),
    ],
    targets: [
        // The domain (activities, schedules, events, outcomes, units), its SQLite persistence and plan files.
        .target(
            name: "CarePlanStore",
            dependencies: [
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        // The command line; the dashboard becomes its default command in a later step.
        .executableTarget(
            name: "careplan",
            dependencies: [
                "CarePlanStore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "CSV", package: "CSV.swift"),
            ]
        ),
        .testTarget(
            name: "CarePlanStoreTests",
            dependencies: ["CarePlanStore"]
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
