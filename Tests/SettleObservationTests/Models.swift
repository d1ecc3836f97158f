import Observation

/// An app's model as users write it: main-actor, `@Observable`.
@MainActor @Observable final class Player {
  var title = ""
  var elapsed = 0
  var isOpen = true
  var showsElapsed = true
}
