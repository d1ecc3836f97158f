extension Flushable where Self: PacedAction {
  /// Runs the pending value now and returns once that action has finished; with nothing
  /// pending it returns at once.
  ///
  /// A running action is cancelled first, and the flushed value runs after it returns. A
  /// flushed value never runs again on the timer, and only ``PacedAction/cancel()`` stops
  /// it. Called from inside the action, it starts that run (cancelling the calling action,
  /// cooperatively) and returns at once, since waiting would wait for ever. What a flush does
  /// to the owner's timing is its rule's: a ``Debouncing`` burst ends there; for a
  /// ``Throttling`` window, see the Flush rule on its page.
  ///
  /// ```swift
  /// let autosave = Debouncer(for: .seconds(2)) { (text: String) in print("saved", text) }
  /// autosave.send("Dear Ada,")
  /// await autosave.flush()  // "saved Dear Ada," now, not two seconds from now
  /// ```
  public nonisolated func flush() async {
    await _entryPoints.controls.flush()
  }
}

extension Flushable where Self: KeyedPacedAction {
  /// Runs `key`'s pending value now and returns once that action has finished, as an unkeyed
  /// owner's ``Debouncing/flush()`` does, for that key alone and from inside the action too;
  /// other keys are not affected.
  ///
  /// ```swift
  /// let save = KeyedDebouncer(for: .seconds(1)) { (document: Int, text: String) in
  ///   print("saving document", document)
  /// }
  /// save.send("Dear Ada,", forKey: 7)
  /// save.send("Minutes", forKey: 8)
  /// await save.flush(forKey: 7)  // document 7 now; document 8 keeps its second
  /// ```
  public nonisolated func flush(forKey key: Key) async {
    await _entryPoints.flush(forKey: key)
  }

  /// Runs every key's pending value now and returns once those actions have finished. The
  /// runs start together, in no particular order, and may overlap as runs of different keys
  /// do. Called from inside the action, it starts them and returns at once.
  ///
  /// ```swift
  /// let save = KeyedDebouncer(for: .seconds(1)) { (document: Int, text: String) in
  ///   print("saving document", document)
  /// }
  /// save.send("Dear Ada,", forKey: 7)
  /// save.send("Minutes", forKey: 8)
  /// await save.flush()  // documents 7 and 8 now, in either order
  /// ```
  ///
  /// - Complexity: O(k) to start them, k being the keys the owner holds: pending or running,
  ///   and for a throttler, inside a window.
  public nonisolated func flush() async {
    await _entryPoints.controls.flush()
  }
}
