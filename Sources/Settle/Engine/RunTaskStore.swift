/// Where the engine keeps the tasks of each key's runs in flight, oldest first: the tickets
/// after the key's returned ones, which runs of a key return in order.
///
/// Each ``RunTable`` names its own: a keyed table a dictionary, which holds a key exactly while
/// it has runs in flight, so that memory follows the running keys; ``SoleKeyMachine`` one
/// array, kept with its capacity from run to run, so that an unkeyed run neither hashes a key
/// nor allocates the array again.
@usableFromInline
package protocol RunTaskStore: Sendable {
  associatedtype Key
  init()
  /// No key has a run in flight.
  var isEmpty: Bool { get }
  /// Keys with runs in flight.
  var keyCount: Int { get }
  /// The tasks of `key`'s runs in flight, oldest first; empty when it has none.
  subscript(tasksOf key: Key) -> [Task<Void, Never>] { get }
  /// Files the task of `key`'s newest run.
  mutating func append(_ task: Task<Void, Never>, forKey key: Key)
  /// Forgets the task of `key`'s oldest run, which returned.
  mutating func removeFirst(forKey key: Key)
}

/// The store of a single key: one array.
@usableFromInline
package struct SoleRunTasks: RunTaskStore {
  @usableFromInline
  var tasks: [Task<Void, Never>] = []

  @inlinable
  package init() {}

  @inlinable
  package var isEmpty: Bool { tasks.isEmpty }

  @inlinable
  package var keyCount: Int { tasks.isEmpty ? 0 : 1 }

  @inlinable
  package subscript(tasksOf key: SoleKey) -> [Task<Void, Never>] { tasks }

  @inlinable
  package mutating func append(_ task: Task<Void, Never>, forKey key: SoleKey) {
    tasks.append(task)
  }

  @inlinable
  package mutating func removeFirst(forKey key: SoleKey) {
    tasks.removeFirst()
  }
}

// The store of a keyed table: a key is present exactly while it has runs in flight.
extension Dictionary: RunTaskStore where Value == [Task<Void, Never>] {
  @inlinable
  package var keyCount: Int { count }

  @inlinable
  package subscript(tasksOf key: Key) -> [Task<Void, Never>] { self[key] ?? [] }

  @inlinable
  package mutating func append(_ task: Task<Void, Never>, forKey key: Key) {
    self[key, default: []].append(task)
  }

  @inlinable
  package mutating func removeFirst(forKey key: Key) {
    self[key]?.removeFirst()
    if self[key]?.isEmpty == true { self[key] = nil }
  }
}
