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
    // The CLI's parser is not a product of Settle: CommandLineOptions.swift and UsageError.swift
    // in this target's folder are symbolic links to Examples/TileCounterConsole/, so the fuzzer
    // compiles its own copy of the one source. (SwiftPM refuses a target path outside the
    // package's folder, but follows links inside it.)
    .executableTarget(
      name: "FuzzCommandLineOptions",
      dependencies: [.product(name: "TileCounter", package: "Settle")]
    ),
  ],
  swiftLanguageModes: [.v6]
)
