import Foundation

// careplan-bench: the performance benchmark behind docs/performance.md. See Options.usage, or run with --help.

// Taken before anything else runs, to tell the runtime's share of peak memory from the dashboard's.
PeakMemory.atStart = PeakMemory.highWaterMarkKiB() ?? PeakMemory.kibibytes()

do {
    let options = try Options.parse(CommandLine.arguments)
    if let job = options.child {
        try job.runHere()
    } else {
        try Benchmark(options: options).run()
    }
} catch let error as UsageError {
    if let message = error.message {
        FileHandle.standardError.write(Data("careplan-bench: \(message)\n\(Options.usage)\n".utf8))
        exit(2)
    }
    print(Options.usage)
} catch {
    FileHandle.standardError.write(Data("careplan-bench: \(error)\n".utf8))
    exit(1)
}
