// swift-tools-version: 6.0
// Settle: debouncing, triggering and observation for Swift 6, with no package dependencies.
import PackageDescription

let package = Package(
  name: "Settle",
  platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
  products: [
    .library(name: "Settle", targets: ["Settle"]),
    .library(name: "SettleTesting", targets: ["SettleTesting"]),
    .library(name: "TileCounter", targets: ["TileCounter"]),
    .executable(name: "tile-counter", targets: ["TileCounterCLI"]),
  ],
  targets: [
    .target(name: "Settle"),
    .target(name: "SettleTesting", dependencies: ["Settle"]),
    .target(name: "TileCounter", dependencies: ["Settle"]),
    .target(
      name: "TileCounterConsole", dependencies: ["TileCounter", "Settle"],
      path: "Examples/TileCounterConsole"),
    .executableTarget(
      name: "TileCounterCLI", dependencies: ["TileCounter", "TileCounterConsole"],
      path: "Examples/TileCounterCLI"),
    .executableTarget(
      name: "TileCounterApp", dependencies: ["TileCounter", "Settle"],
      path: "Examples/TileCounterApp"),
    .testTarget(name: "SettleTests", dependencies: ["Settle", "SettleTesting"]),
    .testTarget(name: "SettleTestingTests", dependencies: ["Settle", "SettleTesting"]),
    .testTarget(
      name: "TileCounterTests",
      dependencies: ["TileCounter", "TileCounterConsole", "Settle", "SettleTesting"]),
    .testTarget(name: "ExamplesTests", dependencies: ["TileCounterCLI"]),
  ],
  swiftLanguageModes: [.v6]
)
