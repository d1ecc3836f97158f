#if canImport(SwiftUI)
  import SwiftUI

  /// The tile counter as a macOS window: the seed app rebuilt on Settle.
  @main
  struct TileCounterApp: App {
    var body: some Scene {
      WindowGroup("Tile Counter") {
        TileCounterView()
      }
      .windowResizability(.contentSize)
    }
  }
#else
  #if canImport(Glibc)
    import Glibc
  #elseif canImport(Musl)
    import Musl
  #endif

  /// Where SwiftUI is missing the app is just this message, so `swift build` still succeeds.
  @main
  enum TileCounterApp {
    static func main() {
      let message = """
        TileCounterApp is a SwiftUI app for macOS 14 or later; SwiftUI is not available on \
        this platform, so this target builds to this message.
        Run the same calculator in a terminal with: swift run tile-counter

        """
      let bytes = Array(message.utf8)
      _ = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
      exit(1)
    }
  }
#endif
