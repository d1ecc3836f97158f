import Settle

/// The loop behind one ``withContinuousObservationTracking(isolation:_:)``: a task that waits
/// for a change of what the last call read and calls again. Its deinit, when the token is
/// released, cancels the task as ``cancel()`` does.
final class ContinuousObservation: Sendable {
  private let loop: Task<Void, Never>

  init(_ iteration: ValuesIteration<Void, ObservationReading>) {
    loop = Task {
      var iteration = iteration
      while case .some = await iteration.nextElement(isolation: nil) {}
    }
  }

  deinit {
    loop.cancel()
  }

  func cancel() {
    loop.cancel()
  }
}
