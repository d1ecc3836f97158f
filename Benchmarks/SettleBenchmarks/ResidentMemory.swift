import Foundation

/// Resident size of this process, and a way to measure one side of a memory case in a fresh
/// process.
///
/// A fresh process per measurement because the allocator keeps memory that earlier cases
/// freed and hands it out again without the resident size growing: measured in-process, the
/// second side would look cheaper than it is.
enum ResidentMemory {
  /// The hidden first argument that turns `settle-bench` into a memory probe.
  static let probeArgument = "--memory-probe"

  /// Bytes resident now, from `/proc/self/statm`; `nil` where that file does not exist.
  static var bytes: Int? {
    guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else {
      return nil
    }
    let fields = statm.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  }

  /// Runs `settle-bench --memory-probe SIDE SCOPES` and returns the bytes per scope it prints.
  static func probe(side: String, scopes: Int) throws -> Sample {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/proc/self/exe")
    process.arguments = [probeArgument, side, String(scopes)]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    guard process.terminationStatus == 0, let bytes = Double(text) else {
      throw BenchmarkFailure(
        "memory probe for \(side) exited with \(process.terminationStatus), printed '\(text)'")
    }
    return .value(bytes)
  }

  /// The probe's side of ``probe(side:scopes:)``: arms `scopes` scopes, prints bytes per
  /// scope, fires them all, and checks every callback ran.
  static func runProbe(_ arguments: [String]) -> Int32 {
    guard arguments.count == 2, let scopes = Int(arguments[1]), scopes > 0 else {
      printToStandardError("settle-bench: \(probeArgument) needs SIDE and a positive SCOPES")
      return 64
    }
    do {
      let perScope: Double
      switch arguments[0] {
      case "settle":
        perScope = try ObservationWorkloads.memoryPerScope(SettleCounter.self, scopes)
      #if canImport(Observation)
        case "apple":
          perScope = try ObservationWorkloads.memoryPerScope(AppleCounter.self, scopes)
      #endif
      default:
        printToStandardError("settle-bench: unknown memory probe side '\(arguments[0])'")
        return 64
      }
      print(perScope)
      return 0
    } catch {
      printToStandardError("settle-bench: memory probe failed: \(error)")
      return 1
    }
  }
}
