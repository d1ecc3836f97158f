/// What running one ``BenchmarkCase`` produced; encoded as is by `--json`.
struct CaseResult: Sendable, Codable {
  let group: String
  let name: String
  let unit: String
  let settle: Summary?
  let baselineName: String
  let baseline: Summary?
  /// Settle's median over the baseline's median; lower is better for times and bytes.
  let ratio: Double?
  let target: String
  /// `nil` in `--quick` runs (no timing is judged) and for slots not yet filled.
  let targetMet: Bool?
  let note: String?
}
