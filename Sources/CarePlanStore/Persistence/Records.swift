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

    static func date(_ text: String) -> Date? {
        try? Date.ISO8601FormatStyle(timeZone: TimeZone(identifier: "UTC")!).parse(text)
    }
}
