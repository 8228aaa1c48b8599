#if canImport(Glibc)
import Foundation
import Glibc
#elseif canImport(Darwin)
import Foundation
import Darwin
#endif

/// Peak resident memory of this process so far, from `getrusage(RUSAGE_SELF)`.
enum PeakMemory {
    /// The peak when `main` began (VmHWM where there is one: ru_maxrss would show the parent's):
    /// the Swift runtime and the shared libraries as loaded.
    nonisolated(unsafe) static var atStart = 0

    /// VmHWM from /proc/self/status: the peak of this program image only, since Linux resets it on
    /// exec (ru_maxrss is not reset, see ChildJob). nil where there is no /proc.
    static func highWaterMarkKiB() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            return Int(line.dropFirst("VmHWM:".count).split(whereSeparator: { $0 == " " || $0 == "\t" }).first ?? "")
        }
        return nil
    }

    /// KiB on Linux; macOS reports bytes, converted here so the JSON means one thing.
    static func kibibytes() -> Int {
        var usage = rusage()
        #if os(Linux)
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return Int(usage.ru_maxrss)
        #else
        getrusage(RUSAGE_SELF, &usage)
        return Int(usage.ru_maxrss) / 1024
        #endif
    }
}
