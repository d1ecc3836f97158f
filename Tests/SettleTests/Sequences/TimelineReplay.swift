import Settle
import SettleTesting
import Testing

/// A timeline for one operator run, one tick of virtual time per second.
///
/// `inputs` are `value@tick`; `end` is `finish@tick` or `error@tick`; `expected` lists the
/// outputs as `value@tick`, then `finish@tick` or `error@tick`.
struct OperatorTimeline: CustomTestStringConvertible, Sendable {
  var name: String
  var inputs: [(value: String, tick: Int)]
  var end: (kind: String, tick: Int)
  var expected: [String]

  init(_ name: String, inputs: String, end: String, expected: String) {
    self.name = name
    self.inputs = inputs.split(separator: " ").map { Self.parse($0) }
    let parsedEnd = Self.parse(Substring(end))
    self.end = (parsedEnd.value, parsedEnd.tick)
    self.expected = expected.split(separator: " ").map(String.init)
  }

  var testDescription: String { name }

  private static func parse(_ text: Substring) -> (value: String, tick: Int) {
    let parts = text.split(separator: "@")
    return (String(parts[0]), Int(parts[1])!)
  }

  /// Expected outputs strictly before `tick`, plus those at `tick` the timer emits (not the
  /// ones that an input at `tick` causes, which appear only after that input).
  func expectedCount(atTimerOf tick: Int) -> Int {
    let inputsNow = Set(inputs.filter { $0.tick == tick }.map(\.value))
    return expected.prefix { event in
      let (value, at) = Self.parse(Substring(event))
      return at < tick || (at == tick && !inputsNow.contains(value) && value != end.kind)
    }.count
  }

  /// Expected outputs up to and including `tick`, leaving out the final finish or error.
  func expectedCount(through tick: Int) -> Int {
    expected.prefix { event in
      let (value, at) = Self.parse(Substring(event))
      return at <= tick && value != end.kind
    }.count
  }
}

extension ManualClock {
  var tick: Int { Int(now.offset.components.seconds) }
}

/// Replays `timeline` through `makeSequence` on a ManualClock, one tick per step: advance to
/// the tick, wait for what the timer must emit there, then feed that tick's inputs (each
/// acknowledged by the operator asking for more); at the last tick, end the source.
func replay<S: AsyncSequence & Sendable>(
  _ timeline: OperatorTimeline,
  _ makeSequence: (ScriptedSource<String>, ManualClock) -> S
) async -> [String] where S.Element == String {
  let clock = ManualClock()
  let source = ScriptedSource<String>()
  let sequence = makeSequence(source, clock)
  let outputs = ValueRecorder<String>()
  let consumer = Task {
    do {
      for try await value in sequence { outputs.record("\(value)@\(clock.tick)") }
      outputs.record("finish@\(clock.tick)")
    } catch {
      outputs.record("error@\(clock.tick)")
    }
  }
  var fed = 0
  for tick in 0..<timeline.end.tick {
    await clock.advance(to: .init(offset: .seconds(tick)))
    await outputs.waitForCount(timeline.expectedCount(atTimerOf: tick))
    for input in timeline.inputs where input.tick == tick {
      source.yield(input.value)
      fed += 1
      await source.waitForDemand(fed + 1)
    }
    await outputs.waitForCount(timeline.expectedCount(through: tick))
  }
  // The end comes first at its tick: what it flushes or drops is part of what it tests.
  await clock.advance(to: .init(offset: .seconds(timeline.end.tick)))
  if timeline.end.kind == "error" { source.fail() } else { source.finish() }
  await consumer.value
  return outputs.values
}
