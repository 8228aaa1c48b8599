import Foundation

extension TimeZone {
    /// Seconds east of UTC at `instant` (seconds since 1970, UTC).
    public func offset(at instant: Int) -> Int {
        secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant)))
    }
}

extension LocalDate {
    /// The instant (seconds since 1970, UTC) at which clocks in `zone` show `minutes` after this
    /// day's midnight; negative minutes are the evening before, more than 1440 the next day.
    ///
    /// Asked of the zone rather than added up, so a night across a change to or from summer time
    /// lasts its real 23 or 25 hours. A wall time clocks show twice (the hour repeated when they go
    /// back) is its first showing; one they skip lands as far after the jump as it was meant to be
    /// after the hour they left (02:30 in Berlin or New York on the spring day is 03:30), as
    /// Foundation's calendar reads both.
    public func instant(minutes: Int, in zone: TimeZone) -> Int {
        instant(minutes: minutes, offsets: zone.offset(at:))
    }

    /// As above, with the zone's offset at an instant (seconds since 1970) given by `offsets`.
    func instant(minutes: Int, offsets: (Int) -> Int) -> Int {
        let local = dayNumber * 86_400 + minutes * 60
        // The offsets a day either side bracket any change near this wall time (no zone changes twice in two days).
        let before = offsets(local - 86_400), after = offsets(local + 86_400)
        // The larger offset is the earlier instant: the first showing of a repeated wall time.
        for offset in [max(before, after), min(before, after)] where offsets(local - offset) == offset {
            return local - offset
        }
        // Skipped: read with the offset clocks had before the jump.
        return local - before
    }

    /// The wall-clock minutes after this day's midnight that clocks in `zone` show at `instant`.
    public func minutes(at instant: Int, in zone: TimeZone) -> Int {
        let local = instant + zone.offset(at: instant)
        return Int((Double(local - dayNumber * 86_400) / 60).rounded(.down))
    }
}

extension TimeOfDay {
    /// The clock time `minutes` from some midnight show, any number of days either side:
    /// -50 (the evening before) is 23:10, 1840 (the next day) 06:40.
    public init(wrapping minutes: Int) {
        self.init(minutes: (minutes % 1440 + 1440) % 1440)!
    }

    /// As `init(wrapping:)`, rounded to the minute: a mean bedtime of -47.6 minutes is 23:12.
    public init(wrapping minutes: Double) {
        self.init(wrapping: Int(minutes.rounded()))
    }

    /// A time as people type it: `23:10`, `23.10`, `2310`, `11:10pm`, `11.10 pm`, `11pm`, `7am`,
    /// `7`; nil for anything else (`25:00`, `12:60`, `13pm`).
    public init?(entered text: String) {
        var body = text.trimmingCharacters(in: .whitespaces).lowercased()
        var meridiem: String?
        for suffix in ["am", "pm", "a.m.", "p.m.", "a", "p"] where body.hasSuffix(suffix) {
            meridiem = String(suffix.first!)
            body = String(body.dropLast(suffix.count)).trimmingCharacters(in: .whitespaces)
            break
        }
        let parts = body.split(omittingEmptySubsequences: false) { $0 == ":" || $0 == "." }
        var hours: Int, minutes = 0
        switch parts.count {
        case 1 where body.count == 4 && meridiem == nil:
            guard let h = Int(body.prefix(2)), let m = Int(body.suffix(2)) else { return nil }
            (hours, minutes) = (h, m)
        case 1 where (1...2).contains(body.count):
            guard let h = Int(body) else { return nil }
            hours = h
        case 2 where (1...2).contains(parts[0].count) && parts[1].count == 2:
            guard let h = Int(parts[0]), let m = Int(parts[1]) else { return nil }
            (hours, minutes) = (h, m)
        default:
            return nil
        }
        guard body.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ":" || $0 == ".") }), minutes < 60 else { return nil }
        if let meridiem {
            guard (1...12).contains(hours) else { return nil }
            hours = hours % 12 + (meridiem == "p" ? 12 : 0)
        }
        guard hours < 24 else { return nil }
        self.init(minutes: hours * 60 + minutes)
    }
}
