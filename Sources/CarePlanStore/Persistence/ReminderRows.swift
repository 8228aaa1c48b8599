import Foundation
import GRDB

/// The notifications `careplan remind` sent (table `reminderSent`, schema v10), so that one
/// occurrence is announced once when due and once when overdue, across restarts.
extension StoreReader {
    /// `activityId/date/occurrence/stage` of every notification sent for `date`.
    public func remindersSent(on date: LocalDate) throws -> Set<String> {
        Set(try Row.fetchAll(db, sql: "SELECT activityId, occurrence, stage FROM reminderSent WHERE personId = person() AND date = ?", arguments: [date.iso]).map { row in
            ReminderKey.make(activityId: row[0], date: date, occurrence: row[1], stage: row[2])
        })
    }
}

public enum ReminderKey {
    public static func make(activityId: String, date: LocalDate, occurrence: Int, stage: String) -> String {
        "\(activityId)/\(date.iso)/\(occurrence)/\(stage)"
    }
}

extension CareStore {
    /// Remembers notifications as sent, in one transaction; one already there is left as it was.
    public func markReminded(_ sent: [(activityId: String, date: LocalDate, occurrence: Int, stage: String)], clock: CareClock) throws {
        guard !sent.isEmpty else { return }
        let at = clock.now.localISO8601(offset: clock.utcOffsetSeconds)
        try write { db in
            for item in sent {
                try db.execute(sql: "INSERT OR IGNORE INTO reminderSent (personId, activityId, date, occurrence, stage, sentAt) VALUES (person(), ?, ?, ?, ?, ?)",
                               arguments: [item.activityId, item.date.iso, item.occurrence, item.stage, at])
            }
        }
    }
}
