#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// settle-bench: Settle against what users would write instead, in the same process, as ratios.
// Exit codes: 0 all checks passed, 1 a case produced a wrong result, 64 a bad command line.

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == ResidentMemory.probeArgument {
  exit(ResidentMemory.runProbe(Array(arguments.dropFirst())))
}
if arguments.first == MallocProbe.argument {
  exit(MallocProbe.run(Array(arguments.dropFirst())))
}

let options: BenchmarkOptions
do {
  guard let parsed = try BenchmarkOptions.parse(arguments) else {
    print(BenchmarkOptions.usage)
    exit(0)
  }
  options = parsed
} catch {
  printToStandardError("settle-bench: \(error)\n\(BenchmarkOptions.usage)")
  exit(64)
}

var cases = BenchmarkSuite.all
if let filter = options.filter {
  cases = cases.filter { $0.matches(filter) }
  if cases.isEmpty {
    printToStandardError("settle-bench: no case matches '\(filter)'; cases are:")
    for benchmark in BenchmarkSuite.all { printToStandardError("  \(benchmark.name)") }
    exit(64)
  }
}

let (results, failures) = await BenchmarkRunner(options: options).run(cases)
if options.json {
  print(TableReport.json(results))
} else {
  print(TableReport.markdown(results, quick: options.quick))
}
if !failures.isEmpty {
  printToStandardError("\nsettle-bench: \(failures.count) case(s) failed their result checks:")
  for failure in failures { printToStandardError("  \(failure)") }
  exit(1)
}
