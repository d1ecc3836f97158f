#if canImport(Observation)
  import Observation
#endif

/// One side of the per-call cases, as ``PerCallWorkloads`` drives it: each requirement
/// forwards to that side's `@inline(never)` function in PerCallModels.swift.
///
/// Only the workloads are generic over it; the measured functions take the concrete model, so
/// no protocol stands between "app code" and the model it uses.
protocol PerCallModel: AnyObject {
  init()
  static func readValue(_ model: Self) -> Int
  static func writeValue(_ model: Self, _ value: Int)
  static func incrementOther(_ model: Self)
  static func incrementThird(_ model: Self)
  static func armOnValue(_ model: Self, _ fired: CallCount)
  static func armOnOther(_ model: Self, _ fired: CallCount)
  static func armOnAll(_ models: [Self], _ fired: CallCount) -> Int
  static func readInScope(_ model: Self, _ reads: Int, _ fired: CallCount) -> Int
}

extension SettleModel: PerCallModel {
  static func readValue(_ model: SettleModel) -> Int { SettleBenchmarks.readValue(model) }
  static func writeValue(_ model: SettleModel, _ value: Int) {
    SettleBenchmarks.writeValue(model, value)
  }
  static func incrementOther(_ model: SettleModel) { SettleBenchmarks.incrementOther(model) }
  static func incrementThird(_ model: SettleModel) { SettleBenchmarks.incrementThird(model) }
  static func armOnValue(_ model: SettleModel, _ fired: CallCount) {
    SettleBenchmarks.armOnValue(model, fired)
  }
  static func armOnOther(_ model: SettleModel, _ fired: CallCount) {
    SettleBenchmarks.armOnOther(model, fired)
  }
  static func armOnAll(_ models: [SettleModel], _ fired: CallCount) -> Int {
    SettleBenchmarks.armOnAll(models, fired)
  }
  static func readInScope(_ model: SettleModel, _ reads: Int, _ fired: CallCount) -> Int {
    SettleBenchmarks.readInScope(model, reads, fired)
  }
}

#if canImport(Observation)
  extension AppleModel: PerCallModel {
    static func readValue(_ model: AppleModel) -> Int { SettleBenchmarks.readValue(model) }
    static func writeValue(_ model: AppleModel, _ value: Int) {
      SettleBenchmarks.writeValue(model, value)
    }
    static func incrementOther(_ model: AppleModel) { SettleBenchmarks.incrementOther(model) }
    static func incrementThird(_ model: AppleModel) { SettleBenchmarks.incrementThird(model) }
    static func armOnValue(_ model: AppleModel, _ fired: CallCount) {
      SettleBenchmarks.armOnValue(model, fired)
    }
    static func armOnOther(_ model: AppleModel, _ fired: CallCount) {
      SettleBenchmarks.armOnOther(model, fired)
    }
    static func armOnAll(_ models: [AppleModel], _ fired: CallCount) -> Int {
      SettleBenchmarks.armOnAll(models, fired)
    }
    static func readInScope(_ model: AppleModel, _ reads: Int, _ fired: CallCount) -> Int {
      SettleBenchmarks.readInScope(model, reads, fired)
    }
  }
#endif
