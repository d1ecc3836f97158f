#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes one line to standard error, unbuffered, so progress and failures interleave
/// correctly with the tables on standard output.
func printToStandardError(_ message: String) {
  var line = message + "\n"
  line.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
}
