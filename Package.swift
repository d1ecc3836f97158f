// swift-tools-version: 6.0
// Settle: debouncing, triggering and observation for Swift 6, with no package dependencies.
import PackageDescription

let package = Package(
  name: "Settle",
  platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
  products: [
    .library(name: "Settle", targets: ["Settle"]),
    .library(name: "SettleTesting", targets: ["SettleTesting"]),
    // Settle's tools for Apple's `@Observable` models. A product of its own, so that a user of
    // `Settle` alone never links Apple's Observation module.
    .library(name: "SettleObservation", targets: ["SettleObservation"]),
    .library(name: "TileCounter", targets: ["TileCounter"]),
    .executable(name: "tile-counter", targets: ["TileCounterCLI"]),
    .executable(name: "observation-demo", targets: ["ObservationDemo"]),
  ],
  targets: [
    // The library and its test support. The benchmarks (Benchmarks/) and the fuzzers (Fuzz/)
    // are packages of their own that depend on this one by path, so nothing here builds them.
    .target(name: "Settle"),
    .target(name: "SettleTesting", dependencies: ["Settle"]),
    .target(name: "SettleObservation", dependencies: ["Settle"]),

    // The reference example: a module, a terminal app and a SwiftUI app.
    .target(name: "TileCounter", dependencies: ["Settle"]),
    .target(
      name: "TileCounterConsole", dependencies: ["TileCounter", "Settle"],
      path: "Examples/TileCounterConsole"),
    .executableTarget(
      name: "TileCounterCLI", dependencies: ["TileCounter", "TileCounterConsole", "SettleTesting"],
      path: "Examples/TileCounterCLI"),
    .executableTarget(
      name: "TileCounterApp", dependencies: ["TileCounter", "Settle"],
      path: "Examples/TileCounterApp"),

    // What property-level tracking saves, measured on a view tree.
    .target(
      name: "ObservationDemoCore",
      dependencies: ["Settle"],
      path: "Examples/ObservationDemo/Sources/ObservationDemoCore"
    ),
    .executableTarget(
      name: "ObservationDemo",
      dependencies: ["ObservationDemoCore"],
      path: "Examples/ObservationDemo/Sources/ObservationDemo"
    ),

    // What every test target shares: bounded waits, so that a hang fails one test in seconds.
    .target(
      name: "SettleTestSupport", dependencies: ["Settle", "SettleTesting"],
      path: "Tests/SettleTestSupport"),
    .testTarget(
      name: "SettleTests", dependencies: ["Settle", "SettleTesting", "SettleTestSupport"]),
    .testTarget(
      name: "SettleObservationTests",
      dependencies: ["Settle", "SettleObservation", "SettleTesting", "SettleTestSupport"]),
    .testTarget(
      name: "SettleTestingTests", dependencies: ["Settle", "SettleTesting", "SettleTestSupport"]),
    .testTarget(
      name: "TileCounterTests",
      dependencies: [
        "TileCounter", "TileCounterConsole", "Settle", "SettleTesting", "SettleTestSupport",
      ]),
    // Depends on the executables' targets so that `swift build --build-tests` builds the
    // binaries the end-to-end tests run.
    .testTarget(
      name: "ExamplesTests",
      dependencies: [
        "TileCounterCLI", "ObservationDemo", "ObservationDemoCore", "Settle", "SettleTestSupport",
      ],
      path: "Tests/ExamplesTests"
    ),
  ],
  swiftLanguageModes: [.v6]
)
