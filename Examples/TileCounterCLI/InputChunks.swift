import Foundation

/// Standard input as an asynchronous sequence of byte chunks, as they arrive; it ends at end
/// of input or on a read error.
///
/// A thread of its own does the blocking reads, so the main actor stays free to run the
/// calculator's timer and redraw. (A dispatch read source missed end of input on Linux when
/// the last bytes and the hang-up arrived together.)
enum InputChunks {
  static func standardInput() -> AsyncStream<[UInt8]> {
    AsyncStream { continuation in
      Thread.detachNewThread {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
          let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
          if count > 0 {
            continuation.yield(Array(buffer[..<count]))
          } else if count == 0 || errno != EINTR {
            continuation.finish()
            return
          }
        }
      }
    }
  }
}
