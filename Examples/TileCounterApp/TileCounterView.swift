#if canImport(SwiftUI)
  import Settle
  import SwiftUI
  import TileCounter

  /// The field, the status and the total. Every decision (parsing, debouncing, stale answers,
  /// stopping) is `TileCalculator`'s, tested on Linux; this view only forwards and shows.
  struct TileCounterView: View {
    @State private var text = "3"
    // @State keeps the first instance for the view's lifetime; the calculator is a class, so
    // its own tracking, not SwiftUI's, reports changes to `result` and `status`.
    @State private var calculator = TileCalculator()

    var body: some View {
      // SwiftUI does not know Settle's registry: WithTracking records what `content` reads
      // (calculator.result and calculator.status) and re-renders when one of them changes.
      WithTracking { content }
    }

    private var content: some View {
      VStack(alignment: .leading, spacing: 12) {
        TextField("Layers", text: $text)
          .textFieldStyle(.roundedBorder)
        Text(calculator.status)
          .foregroundStyle(.secondary)
        Text("Total tiles")
          .font(.headline)
        Text(calculator.result.map { $0.formatted() } ?? "–")
          .font(.title)
          .monospacedDigit()
      }
      .padding(20)
      .frame(minWidth: 320, alignment: .leading)
      .onChange(of: text, initial: true) { _, newText in
        calculator.schedule(newText)
      }
      .onDisappear {
        calculator.stop()
      }
    }
  }
#endif
