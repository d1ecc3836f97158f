// swift-tools-version: 6.0
// libFuzzer targets for Settle's example parsers. A nested package, so the root package's
// `swift build` and `swift test` never compile or link the fuzzer. Build and run with
// Scripts/fuzz; a target built without `--sanitize=fuzzer` has no `main` and cannot link.
import PackageDescription

let package = Package(
  name: "SettleFuzz",
  platforms: [.macOS(.v14)],
  dependencies: [
    // Named, because a path dependency's identity is otherwise its directory's name,
    // which differs between clones and worktrees.
    .package(name: "Settle", path: "..")
  ],
  targets: [
    .executableTarget(
      name: "FuzzLayerCountInput",
      dependencies: [.product(name: "TileCounter", package: "Settle")]
    ),
    .executableTarget(
      name: "FuzzCommandLineOptions",
      dependencies: [
        .product(name: "TileCounter", package: "Settle"),
        .product(name: "TileCounterConsole", package: "Settle"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
