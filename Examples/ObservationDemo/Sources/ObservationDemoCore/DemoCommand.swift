/// The parsed command line of `observation-demo`.
public enum DemoCommand: Equatable, Sendable {
  /// Print the results as text.
  case text
  /// Print the results as JSON.
  case json
  /// Print the usage.
  case help

  /// The usage line.
  public static let usage = "usage: observation-demo [--json]"

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
        throw UsageError(description: "observation-demo: \(problem)\n\(Self.usage)")
      }
    }
    self = command
  }
}
