extension ManualClock {
  /// The sleepers' registrations in the order an advance resumes them: deadline order, and
  /// registration order for equal deadlines. Each is the sleep's number on this clock: 1 for
  /// the first sleep it began, 2 for the next, so a test that registers its sleepers one at a
  /// time can name them.
  ///
  /// The order of resumption is the guarantee; once resumed, the woken tasks run concurrently
  /// (see ``advance(to:)``), so the order in which their code runs is not something a test can
  /// check without racing the executor.
  package var sleepersInWakeOrder: [UInt64] {
    sleeperIDsInWakeOrder
  }
}
