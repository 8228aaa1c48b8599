/// Dates, date-times and times read from and written as text: FHIRPath's literals (`@2026-11`,
/// `@2026-11-27T09:30:00.000+01:00`, `@T09:30`) and FHIR's JSON strings (`2026-11-27`,
/// `2026-11-27T09:30:00Z`, `09:30:00`).
extension Temporal {
    /// Reads a date or date-time (a `T` makes it a date-time, as `@2026T` is); nil when the text
    /// is not one, or names a day that does not exist.
    public static func parseDateTime(_ text: Substring) -> Temporal? {
        var scanner = TextScanner(text)
        guard let year = scanner.digits(4) else { return nil }
        var value = Temporal(kind: .date, precision: .year, year: year)
        if scanner.take("-") {
            guard let month = scanner.digits(2), (1...12).contains(month) else { return nil }
            value.month = month
            value.precision = .month
            if scanner.take("-") {
                guard let day = scanner.digits(2), day >= 1, day <= daysIn(month: month, year: year) else { return nil }
                value.day = day
                value.precision = .day
            }
        }
        if scanner.take("T") {
            value.kind = .dateTime
            if !scanner.atEnd {
                // A time needs the full date before it.
                guard value.precision == .day, scanner.timeOfDay(into: &value) else { return nil }
                if !scanner.atEnd {
                    guard let offset = scanner.offset() else { return nil }
                    value.offset = offset
                }
            }
        }
        return scanner.atEnd ? value : nil
    }

    /// Reads a time of day (`14:34`, `14:34:28.123`); nil when the text is not one. A time has no
    /// offset in FHIRPath.
    public static func parseTime(_ text: Substring) -> Temporal? {
        var scanner = TextScanner(text)
        var value = Temporal(kind: .time, precision: .hour)
        guard scanner.timeOfDay(into: &value), scanner.atEnd else { return nil }
        return value
    }

    /// FHIR's form, as `toString()` gives it: `2026-11-27`, `2026-11-27T09:30:00.000+01:00`, `09:30`.
    public var text: String {
        var text = ""
        if kind != .time {
            text += Temporal.pad(year, 4)
            if precision >= .month { text += "-" + Temporal.pad(month, 2) }
            if precision >= .day { text += "-" + Temporal.pad(day, 2) }
            if precision >= .hour { text += "T" }
        }
        if precision >= .hour {
            text += Temporal.pad(hour, 2)
            if precision >= .minute { text += ":" + Temporal.pad(minute, 2) }
            if precision >= .second { text += ":" + Temporal.pad(second, 2) }
            if precision >= .millisecond { text += "." + Temporal.pad(millisecond, 3) }
            if let offset, kind == .dateTime {
                if offset == 0 { text += "Z" } else {
                    let size = abs(offset)
                    text += (offset < 0 ? "-" : "+") + Temporal.pad(size / 60, 2) + ":" + Temporal.pad(size % 60, 2)
                }
            }
        }
        return text
    }

    /// FHIRPath's literal: `@2026-11`, `@2026T` (a date-time of year precision), `@T09:30`.
    public var literal: String {
        switch kind {
        case .date: "@" + text
        case .time: "@T" + text
        case .dateTime: "@" + text + (precision < .hour ? "T" : "")
        }
    }

    static func pad(_ number: Int, _ width: Int) -> String {
        let digits = String(abs(number))
        return (number < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}

/// Reads fixed-width digits and separators from the front of a text.
private struct TextScanner {
    var rest: Substring.UTF8View

    init(_ text: Substring) { rest = text.utf8 }

    var atEnd: Bool { rest.isEmpty }

    mutating func take(_ character: Unicode.Scalar) -> Bool {
        guard rest.first == UInt8(character.value) else { return false }
        rest = rest.dropFirst()
        return true
    }

    mutating func digits(_ count: Int) -> Int? {
        var value = 0
        var taken = 0
        for byte in rest.prefix(count) {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
            taken += 1
        }
        guard taken == count else { return nil }
        rest = rest.dropFirst(count)
        return value
    }

    /// `hh`, `hh:mm`, `hh:mm:ss` or `hh:mm:ss.fff…` (fractions past milliseconds are cut).
    mutating func timeOfDay(into value: inout Temporal) -> Bool {
        guard let hour = digits(2), hour < 24 else { return false }
        value.hour = hour
        value.precision = .hour
        guard take(":") else { return true }
        guard let minute = digits(2), minute < 60 else { return false }
        value.minute = minute
        value.precision = .minute
        guard take(":") else { return true }
        guard let second = digits(2), second < 60 else { return false }
        value.second = second
        value.precision = .second
        guard take(".") else { return true }
        var fraction = 0
        var count = 0
        while let byte = rest.first, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
            if count < 3 { fraction = fraction * 10 + Int(byte - UInt8(ascii: "0")) }
            count += 1
            rest = rest.dropFirst()
        }
        guard count > 0 else { return false }
        if count < 3 { for _ in count..<3 { fraction *= 10 } }
        value.millisecond = fraction
        value.precision = .millisecond
        return true
    }

    /// `Z`, `+hh:mm` or `-hh:mm`, in minutes east of UTC.
    mutating func offset() -> Int? {
        if take("Z") { return 0 }
        let sign: Int
        if take("+") { sign = 1 } else if take("-") { sign = -1 } else { return nil }
        guard let hours = digits(2), hours <= 14, take(":"), let minutes = digits(2), minutes < 60 else { return nil }
        return sign * (hours * 60 + minutes)
    }
}
