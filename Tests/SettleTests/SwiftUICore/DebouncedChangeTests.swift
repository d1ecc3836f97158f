// The package core of `onChange(of:debounce:)`: SwiftUI does not exist on Linux, so the
// modifier's decisions are tested on the core it delegates to.
import Settle
import SettleTestSupport
import SettleTesting
import Testing

/// The core behind `onChange(of:debounce:onDisappear:control:)`, driven as SwiftUI drives it:
/// changes, updates, a disappearance, and the view's ``DebounceControl``.
@Suite("Debounced change (the onChange core)", .watched)
@MainActor
struct DebouncedChangeTests {
  static func change(
    _ policy: PendingValuePolicy, clock: ManualClock, ran: ValueRecorder<String>
  ) -> DebouncedChange<String> {
    let change = DebouncedChange<String>(
      interval: .seconds(1), options: .trailing, onDisappear: policy, clock: AnyClock(clock))
    change.update { ran.record("old action: \($0)") }
    change.update { ran.record($0) }  // a later view update: runs call this one
    return change
  }

  @Test func byDefaultTheValuePendingWhenTheViewDisappearsIsDropped() async throws {
    let clock = ManualClock()
    let ran = ValueRecorder<String>()
    let change = Self.change(.cancelPending, clock: clock, ran: ran)
    change.changed(to: "Dear", control: nil)
    change.disappeared(control: nil)
    await clock.advance(by: .seconds(1))
    try await clock.run()
    #expect(ran.values.isEmpty)
  }

  @Test func runPendingRunsTheLastEditWhenTheViewDisappears() async throws {
    let clock = ManualClock()
    let ran = ValueRecorder<String>()
    let change = Self.change(.runPending, clock: clock, ran: ran)
    change.changed(to: "Dear", control: nil)
    change.changed(to: "Dear Ada", control: nil)
    change.disappeared(control: nil)  // the clock never reaches the quiet period's end
    try await ran.waitForCountBounded(1)
    #expect(ran.values == ["Dear Ada"])
  }

  @Test func theControlFlushesAndCancelsWhileTheViewIsOnScreen() async throws {
    let clock = ManualClock()
    let ran = ValueRecorder<String>()
    let control = DebounceControl()
    let change = Self.change(.cancelPending, clock: clock, ran: ran)
    control.flush()  // nothing attached yet: nothing happens
    change.changed(to: "du", control: control)
    #expect(control.isPending)
    control.cancel()  // Escape
    #expect(!control.isPending)
    change.changed(to: "dune", control: control)
    control.flush()  // Return: runs now, without the clock moving
    try await ran.waitForCountBounded(1)
    #expect(ran.values == ["dune"])
    change.changed(to: "dunes", control: control)
    change.disappeared(control: control)
    #expect(!control.isPending, "detached: the control no longer sees the debouncer")
    control.flush()
    try await clock.run()
    #expect(ran.values == ["dune"], "a disappeared view's pending value was dropped")
  }
}
