import TileCounter

/// The `tile-counter` command line, parsed: what to run and with which settings.
///
/// A pure value with a pure parser, so every accepted and rejected command line is unit-tested
/// (and can be fuzzed) without starting the program.
///
/// ```swift
/// switch try CommandLineOptions.parse(["--delay", "100", "--initial", "7"]) {
/// case .run(let options): print(options.delay)   // 100 ms
/// case .help, .version: break
/// }
/// ```
public struct CommandLineOptions: Hashable, Sendable {
  /// How long typing must pause before the total is calculated; 300 ms unless `--delay`.
  public var delay: Duration = .milliseconds(300)
  /// The largest layer count accepted; 1000 unless `--max-layers`.
  public var maximumLayers = 1000
  /// The field's text at start, from `--initial`; `nil` when not given.
  public var initialText: String?

  /// Settings with every default.
  public init() {}

  /// What the command line asks for.
  public enum Command: Hashable, Sendable {
    /// Run the tile counter.
    case run(CommandLineOptions)
    /// Print ``CommandLineOptions/usage`` to standard output and exit 0.
    case help
    /// Print ``CommandLineOptions/versionLine`` and exit 0.
    case version
  }

  /// The longest `--delay` accepted: one hour, in milliseconds.
  public static let maximumDelayMilliseconds = 3_600_000

  /// The program's version, printed by `--version`.
  public static let versionLine = "tile-counter 0.1.0"

  /// The usage text, printed by `--help` and after a command-line error.
  public static let usage = """
    Usage: tile-counter [--delay MS] [--max-layers N] [--initial TEXT]
           tile-counter --help | --version

    Counts the tiles in a pyramid of square layers (1 + 4 + 9 + ...) as you type a layer
    count. The total appears once typing pauses.

    In a terminal, type digits; Backspace deletes, Ctrl-U clears, and Enter, Esc, Ctrl-C
    or Ctrl-D quits. With input from a pipe or file, each line is the field's whole text;
    each status change prints one line, and the last answer is printed at end of input.

    Options:
      --delay MS        Pause before calculating, in milliseconds (0...\(maximumDelayMilliseconds); default 300).
      --max-layers N    Largest layer count accepted (0...\(largestSafeLayerCount); default 1000).
      --initial TEXT    The field's text at start (default: empty); typing appends to it.
      -h, --help        Show this help.
      --version         Show the version.
    """

  /// Reads the arguments after the program name.
  ///
  /// Options may be written `--delay 100` or `--delay=100`. Parsing stops at `--help` or
  /// `--version`; the last of a repeated option wins.
  ///
  /// - Throws: ``UsageError`` naming the first bad argument and what is allowed.
  /// - Complexity: O(total length of the arguments).
  public static func parse(_ arguments: [String]) throws(UsageError) -> Command {
    var options = CommandLineOptions()
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      let (name, attached) = split(argument)
      func value() throws(UsageError) -> String {
        if let attached { return attached }
        guard let next = remaining.popFirst() else {
          throw UsageError("\(name) needs a value.")
        }
        return next
      }
      switch name {
      case "-h", "--help", "--version":
        guard attached == nil else { throw UsageError("\(name) takes no value.") }
        return name == "--version" ? .version : .help
      case "--delay":
        let text = try value()
        guard let milliseconds = Int(text), (0...maximumDelayMilliseconds).contains(milliseconds)
        else {
          throw UsageError(
            "--delay takes whole milliseconds from 0 to \(maximumDelayMilliseconds); got '\(text)'."
          )
        }
        options.delay = .milliseconds(milliseconds)
      case "--max-layers":
        let text = try value()
        guard let count = Int(text), (0...largestSafeLayerCount).contains(count) else {
          throw UsageError(
            "--max-layers takes a whole number from 0 to \(largestSafeLayerCount) (larger totals overflow); got '\(text)'."
          )
        }
        options.maximumLayers = count
      case "--initial":
        options.initialText = try value()
      default:
        if name.hasPrefix("-") {
          throw UsageError("Unknown option '\(name)'.")
        }
        let isCount = !argument.isEmpty && argument.allSatisfy { $0.isASCII && $0.isNumber }
        throw UsageError(
          "Unexpected argument '\(argument)'; "
            + (isCount
              ? "type the layer count, or start with it: --initial \(argument)."
              : "the layer count is typed, or given with --initial TEXT.")
        )
      }
    }
    return .run(options)
  }

  /// Splits `--name=value` into its parts; other arguments have no attached value.
  private static func split(_ argument: String) -> (name: String, value: String?) {
    guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else {
      return (argument, nil)
    }
    return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
  }
}
