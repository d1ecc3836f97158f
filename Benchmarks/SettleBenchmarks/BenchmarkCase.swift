/// One row of a table: the same work done with Settle and with what users would use instead.
struct BenchmarkCase: Sendable {
  /// Runs the work `operations` times (or at that scale), checks the result, and returns what
  /// it measured. Throws ``BenchmarkFailure`` when the result is wrong.
  typealias Workload = @Sendable (_ operations: Int) async throws -> Sample

  let group: String
  let name: String
  /// The unit of ``Sample/reported``, shown in the table.
  let unit: String
  /// Operations per measured run.
  let operations: Int
  /// Operations per warm-up run and per `--quick` run.
  let quickOperations: Int
  /// Measured runs per side; slow cases (real-time latency, memory) use fewer.
  let repetitions: Int
  let target: Target
  /// `nil` marks a slot whose Settle side is not written yet.
  let settle: Workload?
  let baselineName: String
  let baseline: Workload?
  /// Why a side is missing, printed in the table.
  let note: String?

  init(
    group: String,
    name: String,
    unit: String = "ns",
    operations: Int,
    quickOperations: Int,
    repetitions: Int = 5,
    target: Target,
    settle: Workload?,
    baselineName: String,
    baseline: Workload?,
    note: String? = nil
  ) {
    self.group = group
    self.name = name
    self.unit = unit
    self.operations = operations
    self.quickOperations = quickOperations
    self.repetitions = repetitions
    self.target = target
    self.settle = settle
    self.baselineName = baselineName
    self.baseline = baseline
    self.note = note
  }

  /// Whether `--filter` selects this case: a case-insensitive substring of group or name.
  func matches(_ filter: String) -> Bool {
    let needle = filter.lowercased()
    return name.lowercased().contains(needle) || group.lowercased().contains(needle)
  }
}
