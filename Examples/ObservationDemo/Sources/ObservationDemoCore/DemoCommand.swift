/// The parsed command line of `observation-demo`.
public enum DemoCommand: Equatable, Sendable {
  /// Print the results as text.
  case text
  /// Print the results as JSON.
  case json
  /// Print ``helpText``.
  case help

  /// The usage line, printed after a command-line error.
  public static let usage = "usage: observation-demo [--json]"

  /// What `--help` prints: the usage, what the demo measures, and what each label means.
  public static let helpText = """
    \(usage)

    Measures what property-level tracking saves. A small view tree, evaluated the way SwiftUI
    evaluates views, records every view whose body runs again after one change:

      LibraryScreen    owns the search text; contains the two views below
        BookList       reads the store's books and the search text it is passed
        BorrowBadge    reads the store's borrowedCount

    Scenario 1 tracks each view with Settle's withTracking, property by property: a view is
    recomputed only when a property it read changes. Scenario 2 tracks whole objects
    (TrackingOptions.objectLevel): any change to an object a view read recomputes it, as
    with ObservableObject. Each line names a change, the views it recomputed, each with its
    cause, and the views it skipped; "counts" adds up the recomputes by cause.

    Causes, by where the changed value lives, seen from the recomputed view:
      local          the view's own state (SwiftUI's @State on that view)
      parent         an ancestor's state, read directly or passed down as an input
      observation    a tracked property of a model the view read (@Tracked, TrackedObject)
      environment    a tracked property of an object the view took from the environment
    No view of this tree reads the environment, so that count stays 0 here.

    Scenario 3 runs a one-shot scope that reads only borrowedCount, with Settle's
    withTracking and, where the Observation module exists, Apple's withObservationTracking
    beside it. A write to books calls neither back; each calls back once, for the first
    write to borrowedCount, and not for the second: the scope is spent.

    Options:
      --json        Print the same results as JSON, for scripts.
      -h, --help    Show this help.
    """

  /// A command line that cannot be run; its description is the message for stderr.
  public struct UsageError: Error, Equatable, CustomStringConvertible {
    /// What was wrong, followed by the usage.
    public let description: String
  }

  /// Parses the arguments after the program name.
  ///
  /// - Throws: ``UsageError`` for an unknown or repeated option.
  public init(arguments: [String]) throws(UsageError) {
    var command = DemoCommand.text
    for argument in arguments {
      switch argument {
      case "--json" where command == .text: command = .json
      case "-h", "--help": command = .help
      default:
        let problem =
          argument == "--json" ? "'--json' given twice" : "unknown argument '\(argument)'"
        throw UsageError(
          description:
            "observation-demo: \(problem)\n\(Self.usage)\nRun with --help for what it measures.")
      }
    }
    self = command
  }
}
