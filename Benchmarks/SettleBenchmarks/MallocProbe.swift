#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `settle-bench --malloc-probe N`: makes N writes to a tracked property nobody observes and
/// prints how many allocations this thread made during them, as counted by the `LD_PRELOAD`
/// shim that `Scripts/count-mallocs` builds. Not a timed case: a count, run in its own
/// process so that nothing else in the benchmark allocates around it.
enum MallocProbe {
  static let argument = "--malloc-probe"

  /// The shim's per-thread allocation counter, found at run time so that the benchmark
  /// needs no link-time dependency; `nil` when the process runs without the shim.
  private static func shimCounter() -> (@convention(c) () -> Int)? {
    #if canImport(Glibc)
      guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "settle_thread_mallocs")
      else { return nil }
      return unsafeBitCast(symbol, to: (@convention(c) () -> Int).self)
    #else
      return nil
    #endif
  }

  static func run(_ arguments: [String]) -> Int32 {
    guard arguments.count == 1, let writes = Int(arguments[0]), writes > 0 else {
      printToStandardError("settle-bench: \(argument) needs a positive number of writes")
      return 64
    }
    guard let count = shimCounter() else {
      printToStandardError(
        "settle-bench: \(argument) needs the allocation-counting shim (Scripts/count-mallocs)")
      return 69
    }
    let model = opaque(SettleModel())
    // Warm-up: first-use metadata and key-path instantiation allocate once per process.
    for index in 0..<1_000 { writeValue(model, index) }
    let before = count()
    for index in 0..<writes { writeValue(model, index) }
    let after = count()
    guard readValue(model) == writes - 1 else {
      printToStandardError("settle-bench: the last write did not land")
      return 1
    }
    print(after - before)
    return 0
  }
}
