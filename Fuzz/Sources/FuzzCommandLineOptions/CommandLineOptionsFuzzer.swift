import TileCounter

/// libFuzzer's entry point: splits the input on NUL bytes into arguments (each read as UTF-8,
/// invalid bytes becoming U+FFFD) and checks that ``CommandLineOptions/parse(_:)`` either
/// returns settings within their documented ranges or throws a ``UsageError`` with a message.
///
/// Any crash inside the parser, or a broken promise here, traps. Runs on libFuzzer's thread only.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCommandLineOptions(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = UnsafeBufferPointer(start: data, count: size)
  let arguments =
    size == 0
    ? []
    : bytes.split(separator: 0, omittingEmptySubsequences: false).map {
      String(decoding: $0, as: UTF8.self)
    }
  do {
    guard case .run(let options) = try CommandLineOptions.parse(arguments) else { return 0 }
    let maximumDelay = Duration.milliseconds(CommandLineOptions.maximumDelayMilliseconds)
    precondition(
      (.zero...maximumDelay).contains(options.delay),
      "\(arguments) gave delay \(options.delay)")
    precondition(
      (0...largestSafeLayerCount).contains(options.maximumLayers),
      "\(arguments) gave maximumLayers \(options.maximumLayers)")
  } catch {
    precondition(!error.message.isEmpty, "\(arguments) threw a UsageError with no message")
  }
  return 0
}
