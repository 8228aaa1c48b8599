import Foundation
import Testing

/// A command reads today's date and the time now from the C library's view of its `TZ`
/// (`SystemZone`), not Foundation's; the two must agree. Each case runs the binary with a pinned wall
/// time around a change of clocks and checks the day, the time and the offset it records against
/// Foundation's calendar in this process.
@Suite struct ClockCommandTests {
    static let plan = """
    title: Clock
    activities:
      - id: tablet
        kind: intervention
        title: Tablet
        schedule: {start: 2026-01-01, daily: 1}
    """

    /// Wall times either side of 2026's changes, the skipped and the repeated ones included: an hour
    /// either side of UTC (Berlin, New York), half an hour (Lord Howe), a quarter-hour offset (Chatham).
    static let cases: [(zone: String, times: [String])] = [
        ("Europe/Berlin", ["2026-03-29T01:59", "2026-03-29T02:30", "2026-03-29T03:00", "2026-10-25T01:59", "2026-10-25T02:30", "2026-10-25T03:00"]),
        ("America/New_York", ["2026-03-08T02:30", "2026-11-01T01:30", "2026-11-01T02:00"]),
        ("Australia/Lord_Howe", ["2026-10-04T02:15", "2026-04-05T01:45"]),
        ("Pacific/Chatham", ["2026-09-27T02:50", "2026-04-05T02:50"]),
    ]

    @Test func commandsReadNowAsFoundationsCalendarDoes() throws {
        let cli = CLI()
        #expect(try cli.run(["import", cli.write("plan.yaml", Self.plan)]).status == 0)
        for (name, times) in Self.cases {
            let zone = TimeZone(identifier: name)!
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            for time in times {
                let wall = time.split(whereSeparator: { "-T:".contains($0) }).map { Int($0)! }
                let instant = calendar.date(from: DateComponents(year: wall[0], month: wall[1], day: wall[2], hour: wall[3], minute: wall[4]))!
                let seen = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: instant)
                let environment = ["TZ": name, "CAREPLAN_NOW": time]
                let due = try cli.run(["due", "--json"], environment: environment)
                let json = try JSONSerialization.jsonObject(with: Data(due.stdout.utf8)) as? [String: Any]
                #expect(json?["date"] as? String == String(format: "%04d-%02d-%02d", seen.year!, seen.month!, seen.day!), "\(name) \(time)")
                #expect(json?["now"] as? String == String(format: "%02d:%02d", seen.hour!, seen.minute!), "\(name) \(time)")
                // The offset a tick records at that instant.
                #expect(try cli.run(["done", "tablet", "--date", String(time.prefix(10))], environment: environment).status == 0)
                let recorded = try cli.run(["export", "--format", "csv", "--from", String(time.prefix(10)), "--to", String(time.prefix(10))], environment: environment)
                let offset = zone.secondsFromGMT(for: instant) / 60
                let sign = offset < 0 ? "-" : "+"
                #expect(recorded.stdout.contains(String(format: "%@%02d:%02d", sign, abs(offset) / 60, abs(offset) % 60)), "\(name) \(time): \(recorded.stdout)")
                try cli.run(["reset", "tablet", "--date", String(time.prefix(10))], environment: environment)
            }
        }
    }

    /// What the C library and Foundation would read differently goes to Foundation, which refuses
    /// what it does not know, as before.
    @Test func aZoneNeitherKnowsIsRefused() throws {
        let cli = CLI()
        #expect(try cli.run(["import", cli.write("plan.yaml", Self.plan)]).status == 0)
        for tz in ["Mars/Olympus", "right/Europe/Berlin", "../../etc/passwd"] {
            let refused = try cli.run(["status"], environment: ["TZ": tz])
            #expect(refused.status != 0)
            #expect(refused.stderr == "careplan: TZ='\(tz)' is not a time zone this system knows; use an IANA name such as Europe/Berlin\n", "\(refused.stderr)")
        }
        // An abbreviation Foundation knows (the C library would read UTC): Los Angeles, as before.
        let pacific = ["TZ": "PST", "CAREPLAN_NOW": "2026-11-21T09:30"]
        #expect(try cli.run(["done", "tablet"], environment: pacific).status == 0)
        let recorded = try cli.run(["export", "--format", "csv"], environment: pacific).stdout
        #expect(recorded.contains("2026-11-21T09:30:00-08:00"), "\(recorded)")
    }
}
