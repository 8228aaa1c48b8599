import Foundation
import GRDB

// Plain structs that mirror the tables, as GRDB recommends; the domain types live in Domain/.

struct ActivityVersionRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "activityVersion"
    var activityId: String
    var version: Int
    var effectiveFrom: String
    var importedAt: String
    var definition: String
}

struct OutcomeRecord: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "outcome"
    var id: Int64?
    var activityId: String
    var date: String
    var occurrence: Int
    var recordedAt: String
    var utcOffset: Int
    var note: String?

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}

struct OutcomeValueRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "outcomeValue"
    var outcomeId: Int64
    var position: Int
    var name: String
    var value: Double?
    var text: String?
    var unit: String?
    var enteredValue: Double?
    var enteredUnit: String?
}

/// UTC instants as stored: ISO 8601 with seconds, `Z`.
enum Timestamp {
    static func string(_ date: Date) -> String {
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
