/// Consumes a value so the optimiser cannot delete the work that produced it.
///
/// `@_optimize(none)` rather than only `@inline(never)`: with whole-module optimisation the
/// compiler can see that an empty never-inlined function has no effects and drop the call.
@_optimize(none)
func blackHole<T>(_ value: T) {}

/// Returns `value` unchanged, hiding it from the optimiser so a loop cannot be folded into a
/// constant computed at compile time.
@_optimize(none)
func opaque<T>(_ value: T) -> T { value }
