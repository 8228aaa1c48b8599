import Foundation
import Localization

/// The time zone the C library reads for this process (`TZ`, else /etc/localtime), and its offsets
/// from `localtime_r`: the system's own tz database, read in microseconds.
///
/// Why: Foundation's `TimeZone` asks ICU, whose first look-up of a zone costs a third of a
/// millisecond (finding the zone's canonical name in ICU's data). Every command paid it to learn
/// today's date, and a status bar runs `careplan status` every few seconds. A clock on the system's
/// zone reads *now* here and makes Foundation's zone only when something converts other instants
/// (`ClockZone`).
///
/// Both read the IANA database: ICU from its copy in the Swift toolchain, the C library from the
/// system's tzdata package (2025b both, today). Should the two ever differ for a zone, today's date
/// and the time now follow the system, as `date` and the desktop's clock do.
enum SystemZone {
    /// The IANA name of the zone the C library reads, when Foundation would read the same zone by
    /// that name: `TZ` naming a zone file in the system's zoneinfo (`Europe/Berlin`, or
    /// `:Europe/Berlin` as the C library also takes it), or `TZ` unset and /etc/localtime a link into
    /// zoneinfo. nil otherwise: `TZ=PST` (no such file: the C library would read UTC, Foundation Los
    /// Angeles), a POSIX rule, an empty `TZ` (UTC to the C library, unset to careplan), a zone file
    /// given by path. Foundation then decides, as it always did. Read once: careplan never changes
    /// its own `TZ`, and the dashboard asks for a clock every second.
    static let name: String? = name(tz: ProcessEnvironment.values["TZ"])

    private static func name(tz: String?) -> String? {
        var name: String
        if let tz {
            name = tz.hasPrefix(":") ? String(tz.dropFirst()) : tz
        } else {
            var target = [CChar](repeating: 0, count: 4096)
            let count = readlink("/etc/localtime", &target, target.count - 1)
            guard count > 0 else { return nil }
            let path = String(decoding: target[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            guard let range = path.range(of: "/zoneinfo/") else { return nil }
            name = String(path[range.upperBound...])
        }
        // posix/ is the same zone; right/ counts leap seconds, which neither Foundation nor careplan does.
        if name.hasPrefix("posix/") { name.removeFirst(6) }
        guard !name.isEmpty, !name.hasPrefix("/"), !name.hasPrefix("right/"), !name.contains("..") else { return nil }
        let folder = ProcessEnvironment.values["TZDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/share/zoneinfo"
        return isZoneFile(folder + "/" + name) ? name : nil
    }

    /// Seconds east of UTC at `instant` (seconds since 1970) in the zone the C library reads.
    static func offset(at instant: Int) -> Int {
        _ = readZone
        var time = time_t(instant)
        var parts = tm()
        guard localtime_r(&time, &parts) != nil else { return 0 }
        return parts.tm_gmtoff
    }

    /// `localtime_r` need not read `TZ` itself (POSIX); `tzset` does, once.
    private static let readZone: Void = tzset()

    /// A compiled zone file (it starts with the magic `TZif`), as the C library would read it.
    private static func isZoneFile(_ path: String) -> Bool {
        let file = open(path, O_RDONLY | O_CLOEXEC)
        guard file >= 0 else { return false }
        defer { close(file) }
        var magic = [UInt8](repeating: 0, count: 4)
        return read(file, &magic, 4) == 4 && magic == Array("TZif".utf8)
    }
}
