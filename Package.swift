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
  ],
  targets: [
    .target(name: "Settle"),
    .target(name: "SettleTesting", dependencies: ["Settle"]),
    .target(name: "TileCounter", dependencies: ["Settle"]),
    .testTarget(name: "SettleTests", dependencies: ["Settle", "SettleTesting"]),
    .testTarget(name: "SettleTestingTests", dependencies: ["Settle", "SettleTesting"]),
    .testTarget(
      name: "TileCounterTests", dependencies: ["TileCounter", "Settle", "SettleTesting"]),
  ],
  swiftLanguageModes: [.v6]
)
