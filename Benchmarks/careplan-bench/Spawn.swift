import Foundation

/// A child process, spawn to exit: wall time, its peak resident memory and the CPU time its threads
/// used, user and system (`wait4`'s rusage: CPU time above the wall time means it used both cores).
///
/// The peak is never below this process's own peak (`PeakMemory.highWaterMarkKiB`) at the spawn:
/// `posix_spawn` starts the child in this process's memory (vfork), and Linux carries that
/// memory's high-water mark into the child's `ru_maxrss` when it execs. A figure at or under the
/// benchmark's own peak says nothing about the child; `Runs` keeps the benchmark's peak beside it.
/// `posix_spawn` directly: Foundation's `Process` spends tens of milliseconds of its own on each
/// launch here, which would bury the short commands being measured.
enum Spawn {
    static func run(_ path: String, _ arguments: [String], environment: [String: String], stdout: String? = nil) throws -> (ms: Double, kib: Int, cpuMS: Double) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdout ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let errors = FileManager.default.temporaryDirectory.appendingPathComponent("careplan-bench-import-\(getpid())").path
        posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        let clock = ContinuousClock(), start = clock.now
        var pid: pid_t = 0
        guard posix_spawnp(&pid, path, &actions, nil, argv, envp) == 0 else { throw BenchmarkError("cannot start \(path)") }
        var status: Int32 = 0
        var usage = rusage()
        wait4(pid, &status, 0, &usage)
        let elapsed = (clock.now - start).milliseconds
        guard status == 0 else {
            let message = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
            throw BenchmarkError("\(path) \(arguments.joined(separator: " ")) failed (status \(status)): \(message)")
        }
        return (elapsed, Int(usage.ru_maxrss), milliseconds(usage.ru_utime) + milliseconds(usage.ru_stime))
    }

    static func milliseconds(_ time: timeval) -> Double {
        Double(time.tv_sec) * 1000 + Double(time.tv_usec) / 1000
    }
}
