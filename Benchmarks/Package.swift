// swift-tools-version: 6.0
// settle-bench: Settle against what users would write instead, in the same process, as ratios.
// A nested package, so the root package's `swift build` and `swift test` never compile the
// benchmarks and Settle's users never see a benchmark product. It reaches Settle only through
// its public API. Run with `swift run -c release --package-path Benchmarks settle-bench`.
import PackageDescription

let package = Package(
  name: "SettleBenchmarks",
  platforms: [.macOS(.v14)],
  products: [
    .executable(name: "settle-bench", targets: ["SettleBenchmarks"])
  ],
  dependencies: [
    // Named, because a path dependency's identity is otherwise its directory's name,
    // which differs between clones and worktrees.
    .package(name: "Settle", path: "..")
  ],
  targets: [
    .executableTarget(
      name: "SettleBenchmarks",
      dependencies: [
        .product(name: "Settle", package: "Settle"),
        .product(name: "SettleObservation", package: "Settle"),
      ],
      path: "SettleBenchmarks"
    )
  ],
  swiftLanguageModes: [.v6]
)
