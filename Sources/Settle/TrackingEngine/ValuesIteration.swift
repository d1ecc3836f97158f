/// How a values sequence reads its closure and arms the wake for the next change: through
/// Settle's registry for ``TrackedValues``, through Apple's `withObservationTracking` for the
/// `@Observable` sequence of the SettleObservation module. Everything else about iterating
/// such a sequence is one piece, ``ValuesIteration``.
@usableFromInline
package protocol ValuesReading: Sendable {
  /// Runs `emit`'s closure synchronously, with tracking armed on its reads so that the next
  /// change of what it read calls ``TrackedValuesLink/changed()``.
  ///
  /// `isolation` must be the closure's when that is not `nil`; a nonisolated closure may run
  /// on any isolation. The `isolated` parameter makes the caller hop there first (no hop when
  /// it is already there), so the closure runs where it was written, and its reads and the
  /// tracking they arm happen in one synchronous stretch on one thread.
  static func read<Element>(
    _ emit: TrackedValuesEmit<Element>, into link: TrackedValuesLink,
    on isolation: isolated (any Actor)?
  ) -> Element?
}

/// Reads through Settle's registry: the reads of `@Tracked` properties arm one tracking scope.
@usableFromInline
package enum RegistryReading: ValuesReading {
  @inlinable
  package static func read<Element>(
    _ emit: TrackedValuesEmit<Element>, into link: TrackedValuesLink,
    on isolation: isolated (any Actor)?
  ) -> Element? {
    var element: Element?
    link.readTracked { element = emit.readOnIsolation() }
    return element
  }
}

/// The state of one iterator of a values sequence, and its `nextElement(isolation:)`: the first
/// call reads at once; each later one takes a change reported since, or suspends until one is, then
/// reads again on the closure's isolation. Ends for good on `nil`, on the link's end and on
/// cancellation.
///
/// Internal and usable from inlinable code: `next` is specialised for the element type in the
/// client, because unspecialised it spent much of an element on generic metadata look-ups.
@usableFromInline
package struct ValuesIteration<Element: Sendable, Reading: ValuesReading>: Sendable {
  @usableFromInline let emit: TrackedValuesEmit<Element>
  @usableFromInline let link: TrackedValuesLink
  @usableFromInline var started: Bool
  @usableFromInline var finished = false

  /// - Parameter started: `true` when the first read was made already, into `link`, so the
  ///   first `next()` waits for a change.
  package init(emit: TrackedValuesEmit<Element>, link: TrackedValuesLink, started: Bool = false) {
    self.emit = emit
    self.link = link
    self.started = started
  }

  @inlinable
  package mutating func nextElement(isolation actor: isolated (any Actor)?) async -> Element? {
    guard !finished else { return nil }
    if started {
      // A change reported since the last element needs no continuation and no cancellation
      // handler: only an iterator with nothing to report suspends.
      var wake = link.takeReadyWake()
      if wake == nil { wake = await link.nextChange(isolation: actor) }
      if wake == .ended {
        finished = true
        link.cancel()
        return nil
      }
    }
    started = true
    // On the closure's actor; a nonisolated closure runs right here, with no hop.
    guard let element = await Self.readUnlessCancelled(emit, link, on: emit.isolation ?? actor)
    else {
      finished = true
      link.cancel()
      return nil
    }
    return element
  }

  /// Reads, unless the iterating task is cancelled. Checked here, on the closure's actor,
  /// right before the closure runs: a check before the hop would let a read already on its
  /// way run after a cancellation made on that actor (`TrackingToken.cancel()` on the main
  /// actor, with a change's read queued behind it).
  @inlinable
  package static func readUnlessCancelled(
    _ emit: TrackedValuesEmit<Element>, _ link: TrackedValuesLink,
    on isolation: isolated (any Actor)?
  ) -> Element? {
    guard !Task.isCancelled else { return nil }
    return Reading.read(emit, into: link, on: isolation)
  }
}
