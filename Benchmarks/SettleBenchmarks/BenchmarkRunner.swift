/// Runs cases: a warm-up, then Settle and baseline repetitions interleaved so that drift on a
/// shared machine hits both sides alike.
struct BenchmarkRunner {
  let options: BenchmarkOptions

  /// Runs `cases`; a failed check is reported on stderr and recorded in `failures`, and the
  /// remaining cases still run.
  func run(_ cases: [BenchmarkCase]) async -> (results: [CaseResult], failures: [String]) {
    var results: [CaseResult] = []
    var failures: [String] = []
    for benchmark in cases {
      if !options.json { progress("running \(benchmark.group) / \(benchmark.name)") }
      do {
        results.append(try await run(benchmark))
      } catch {
        let message = "FAIL \(benchmark.group) / \(benchmark.name): \(error)"
        progress(message)
        failures.append(message)
      }
    }
    return (results, failures)
  }

  private func run(_ benchmark: BenchmarkCase) async throws -> CaseResult {
    var settleValues: [Double] = []
    var baselineValues: [Double] = []
    if options.quick {
      if let settle = benchmark.settle {
        settleValues.append(try await settle(benchmark.quickOperations).reported)
      }
      if let baseline = benchmark.baseline {
        baselineValues.append(try await baseline(benchmark.quickOperations).reported)
      }
    } else {
      // Warm-up: first-touch allocations, lazy runtime metadata and thread-pool start-up.
      _ = try await benchmark.settle?(benchmark.quickOperations)
      _ = try await benchmark.baseline?(benchmark.quickOperations)
      for _ in 0..<benchmark.repetitions {
        if let settle = benchmark.settle {
          settleValues.append(try await settle(benchmark.operations).reported)
        }
        if let baseline = benchmark.baseline {
          baselineValues.append(try await baseline(benchmark.operations).reported)
        }
      }
    }
    let settle = settleValues.isEmpty ? nil : Summary(settleValues)
    let baseline = baselineValues.isEmpty ? nil : Summary(baselineValues)
    var ratio: Double?
    if let settle, let baseline, baseline.median > 0 {
      ratio = settle.median / baseline.median
    }
    var met: Bool?
    if !options.quick, let settle {
      met = benchmark.target.isMet(settle, ratio)
    }
    return CaseResult(
      group: benchmark.group, name: benchmark.name, unit: benchmark.unit,
      settle: settle, baselineName: benchmark.baselineName, baseline: baseline,
      ratio: ratio, target: benchmark.target.description, targetMet: met, note: benchmark.note)
  }

  private func progress(_ message: String) {
    printToStandardError(message)
  }
}
