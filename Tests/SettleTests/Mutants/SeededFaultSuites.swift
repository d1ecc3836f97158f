#if SETTLE_MUTANTS
  import SettleTestSupport
  import Testing

  /// The parent of every mutant suite, serialised as a whole: each test switches on one
  /// process-wide seeded fault (`SeededFault.active`), so no two may run at once, even from
  /// different suites.
  @Suite("Mutants", .serialized, .watched)
  enum SeededFaultSuites {}
#endif
