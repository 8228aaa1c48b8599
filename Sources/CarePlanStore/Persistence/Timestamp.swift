import Foundation

/// UTC instants as stored: ISO 8601 to the second, `Z` (`2026-11-21T08:30:00Z`). Both directions
/// work on the digits directly for the years people live in; Foundation's formatter and parser cost
/// several microseconds a call, which dominated a million-row insert and a single tick alike.
enum Timestamp {
    /// The instant, to the second below it (as Foundation's ISO 8601 style writes it).
    static func string(_ date: Date) -> String {
        let interval = date.timeIntervalSince1970.rounded(.down)
        guard abs(interval) < 1e12 else { return foundationString(date) }
        let seconds = Int(interval)
        let dayNumber = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let (year, month, day) = LocalDate.civil(fromDays: dayNumber)
        // Foundation writes dates before the Gregorian reform of 1582 in the Julian calendar.
        guard (1600...9999).contains(year) else { return foundationString(date) }
        let time = seconds - dayNumber * 86_400
        let fields = [(year, 4), (month, 2), (day, 2), (time / 3600, 2), (time / 60 % 60, 2), (time % 60, 2)]
        let separators: [UInt8] = [UInt8(ascii: "-"), UInt8(ascii: "-"), UInt8(ascii: "T"), UInt8(ascii: ":"), UInt8(ascii: ":"), UInt8(ascii: "Z")]
        return String(unsafeUninitializedCapacity: 20) { buffer in
            var index = 0
            for ((value, width), separator) in zip(fields, separators) {
                var rest = value
                for position in stride(from: index + width - 1, through: index, by: -1) {
                    buffer[position] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                }
                buffer[index + width] = separator
                index += width + 1
            }
            return index
        }
    }

    static func foundationString(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(timeZone: TimeZone(identifier: "UTC")!))
    }

    /// Reads what `string` writes. The stored form (`YYYY-MM-DDTHH:MM:SSZ`) is read directly:
    /// Foundation's parser costs more than the rest of reading a day; anything else goes to it.
    static func date(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count == 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"), bytes[10] == UInt8(ascii: "T"),
              bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"), bytes[19] == UInt8(ascii: "Z") else {
            return try? Date.ISO8601FormatStyle(timeZone: TimeZone(identifier: "UTC")!).parse(text)
        }
        func number(_ from: Int, _ count: Int) -> Int? {
            var value = 0
            for byte in bytes[from..<from + count] {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2), let hour = number(11, 2),
              let minute = number(14, 2), let second = number(17, 2), hour < 24, minute < 60, second < 60,
              let date = LocalDate(year: year, month: month, day: day) else { return nil }
        return Date(timeIntervalSince1970: Double(date.dayNumber * 86_400 + hour * 3600 + minute * 60 + second))
    }
}
