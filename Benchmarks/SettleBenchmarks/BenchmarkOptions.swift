/// The command line of `settle-bench`.
struct BenchmarkOptions: Sendable {
  var json = false
  var quick = false
  var filter: String?

  static let usage = """
    usage: settle-bench [--quick] [--json] [--filter NAME]
      --quick        run every case briefly and check its results; judge no timing
      --json         print the results as JSON instead of tables
      --filter NAME  run only cases whose group or name contains NAME (case-insensitive)
    """

  /// What went wrong with the command line, for the message on stderr.
  struct ParseError: Error, CustomStringConvertible {
    let description: String
  }

  /// Parses the arguments after the program name; `nil` means `--help` was asked for.
  static func parse(_ arguments: some Sequence<String>) throws(ParseError) -> BenchmarkOptions? {
    var options = BenchmarkOptions()
    var remaining = Array(arguments)[...]
    while let argument = remaining.popFirst() {
      switch argument {
      case "--json":
        options.json = true
      case "--quick":
        options.quick = true
      case "--filter":
        guard let name = remaining.popFirst(), !name.isEmpty, !name.hasPrefix("--") else {
          throw ParseError(description: "--filter needs a case name (or part of one)")
        }
        options.filter = name
      case "--help", "-h":
        return nil
      default:
        if argument.hasPrefix("--filter=") {
          let name = String(argument.dropFirst("--filter=".count))
          guard !name.isEmpty else {
            throw ParseError(description: "--filter= needs a case name (or part of one)")
          }
          options.filter = name
        } else {
          throw ParseError(description: "unknown argument '\(argument)'")
        }
      }
    }
    return options
  }
}
