import Settle
import SettleTestSupport
import SettleTesting
import Testing

/// Before iOS 18 / macOS 15 the runtime cannot build the metadata of an `@isolated(any)`
/// function type, and reflection (`print`, `dump`, `Mirror`, the debugger, SwiftUI comparing a
/// view's stored properties) asks for the type of every stored field it walks. Linux has the
/// newer runtime, so nothing crashes here; what these tests check is that no field reachable
/// by reflection has such a type, which is what would crash there.
@Suite("Reflection never meets an @isolated(any) field", .watched)
@MainActor
struct ReflectionSafetyTests {
  @Test func trackedValuesAndItsIterator() async throws {
    let field = SearchField()
    let values = TrackedValues { field.text }
    var iterator = values.makeAsyncIterator()
    _ = try await iterator.nextBounded()
    #expect(Self.isolatedAnyFields(of: values).isEmpty)
    #expect(Self.isolatedAnyFields(of: iterator).isEmpty)
    #expect(Self.isolatedAnyFields(of: TrackedValues.untilNil { field.text }).isEmpty)
  }

  @Test func debouncerAndThrottler() {
    let clock = ManualClock()
    let debouncer = Debouncer(for: .seconds(1), clock: clock) { @MainActor (_: Int) in }
    let throttler = Throttler(for: .seconds(1), clock: clock) { @MainActor (_: Int) in }
    #expect(Self.isolatedAnyFields(of: debouncer).isEmpty)
    #expect(Self.isolatedAnyFields(of: throttler).isEmpty)
  }

  @Test func keyedDebouncerAndKeyedThrottler() {
    let clock = ManualClock()
    let debouncer = KeyedDebouncer(for: .seconds(1), clock: clock) { @MainActor (_: Int, _: Int) in
    }
    let throttler = KeyedThrottler(for: .seconds(1), clock: clock) { @MainActor (_: Int, _: Int) in
    }
    #expect(Self.isolatedAnyFields(of: debouncer).isEmpty)
    #expect(Self.isolatedAnyFields(of: throttler).isEmpty)
  }

  /// The paths to stored fields whose type is an `@isolated(any)` function, walking every
  /// child reflection shows, into classes once each.
  static func isolatedAnyFields(of root: Any) -> [String] {
    var found: [String] = []
    var visited: Set<ObjectIdentifier> = []
    func walk(_ value: Any, path: String, depth: Int) {
      guard depth < 12 else { return }
      if "\(type(of: value))".contains("isolated(any)") { found.append(path) }
      let mirror = Mirror(reflecting: value)
      if mirror.displayStyle == .class {
        let object = value as AnyObject
        guard visited.insert(ObjectIdentifier(object)).inserted else { return }
      }
      var current: Mirror? = mirror
      while let level = current {
        for (index, child) in level.children.enumerated() {
          walk(child.value, path: "\(path).\(child.label ?? "\(index)")", depth: depth + 1)
        }
        current = level.superclassMirror
      }
    }
    walk(root, path: "\(type(of: root))", depth: 0)
    return found
  }
}
