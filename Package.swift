// swift-tools-version: 6.0
// Settle: debouncing, triggering and observation for Swift 6, with no package dependencies.
import PackageDescription

let package = Package(
  name: "Settle",
  platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
  products: [
    .library(name: "Settle", targets: ["Settle"]),
    .library(name: "SettleTesting", targets: ["SettleTesting"]),
    .executable(name: "observation-demo", targets: ["ObservationDemo"]),
    .executable(name: "settle-bench", targets: ["SettleBenchmarks"]),
  ],
  targets: [
    .target(name: "Settle"),
    .target(name: "SettleTesting", dependencies: ["Settle"]),
    .executableTarget(
      name: "SettleBenchmarks",
      dependencies: ["Settle"],
      path: "Benchmarks/SettleBenchmarks"
    ),
    .testTarget(name: "SettleTests", dependencies: ["Settle", "SettleTesting"]),
    .testTarget(name: "SettleTestingTests", dependencies: ["Settle", "SettleTesting"]),
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
    .testTarget(
      name: "ExamplesTests",
      dependencies: ["ObservationDemoCore", "Settle"],
      path: "Tests/ExamplesTests"
    ),
  ],
  swiftLanguageModes: [.v6]
)
