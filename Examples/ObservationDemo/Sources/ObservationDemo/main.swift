// observation-demo: counts the view recomputes that Settle's tracking causes in a small view
// tree, and runs a one-shot scope beside Apple's Observation. See ObservationDemoCore.
import Foundation
import ObservationDemoCore

do {
  switch try DemoCommand(arguments: Array(CommandLine.arguments.dropFirst())) {
  case .help: print(DemoCommand.helpText)
  case .text: print(DemoResults.run().text)
  case .json: print(DemoResults.run().json)
  }
} catch {
  FileHandle.standardError.write(Data("\(error.description)\n".utf8))
  exit(64)
}
