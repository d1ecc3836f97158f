import Observation
import Settle

/// Reads through Apple's `withObservationTracking`: the reads of `@Observable` properties arm
/// one `onChange`, which fires once, on the first `willSet` of any of them.
///
/// `onChange` comes before the store. The iterator that it wakes reads on the closure's
/// actor, in a job of its own, so a change made on that actor is read once it is complete;
/// ``ObservedValues`` states the rule this makes.
@usableFromInline
package enum ObservationReading: ValuesReading {
  @inlinable
  package static func read<Element>(
    _ emit: TrackedValuesEmit<Element>, into link: TrackedValuesLink,
    on isolation: isolated (any Actor)?
  ) -> Element? {
    // The link is held weakly: a dropped iterator leaves only this small closure in the
    // registrar, until the next change of what it read fires and discards it.
    withObservationTracking {
      emit.readOnIsolation()
    } onChange: { [weak link] in
      link?.changed()
    }
  }
}
