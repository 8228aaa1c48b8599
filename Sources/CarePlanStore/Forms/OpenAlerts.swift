import Foundation
import GRDB
import Localization

/// A questionnaire's answer that needs the care team and that the person has not yet said they
/// have seen: `due`, `status` and Insights show it until `careplan acknowledge` says so.
public typealias OpenAlert = FormEvent

extension StoreReader {
    /// The person's open alerts, oldest first: each event with a response whose answers raised an
    /// alert not yet acknowledged. Answering the event again does not close it (what was said
    /// was said); acknowledging does, and so does clearing the event as entered in error.
    public func openAlerts() throws -> [OpenAlert] {
        try Row.fetchAll(db.cachedStatement(sql: """
            SELECT DISTINCT activityId, date, occurrence FROM questionnaireResponse
            WHERE personId = person() AND alerts IS NOT NULL AND acknowledgedAt IS NULL AND status IN ('completed', 'amended')
            ORDER BY date, activityId, occurrence
            """)).compactMap { row in
            LocalDate(iso: row[1] as String).map { OpenAlert(activityId: row[0], date: $0, occurrence: row[2]) }
        }
    }
}

extension CareStore {
    /// Marks `id`'s open alerts seen (those of `date` alone, when given); returns those it marked.
    /// Nothing open is a mistake worth saying: the person may have named the wrong activity.
    @discardableResult
    public func acknowledgeAlerts(_ id: String, date: LocalDate? = nil, clock: CareClock) throws -> [OpenAlert] {
        try write { db in
            let open = try StoreReader(db).openAlerts().filter { $0.activityId == id && (date == nil || $0.date == date) }
            guard !open.isEmpty else {
                throw CarePlanError.invalidValue(id: id, field: "value", message: date.map { tr("no alert to acknowledge on {date}", ["date": $0.iso]) }
                                                 ?? tr("no alert to acknowledge"))
            }
            for alert in open {
                try db.execute(sql: """
                    UPDATE questionnaireResponse SET acknowledgedAt = ?
                    WHERE personId = person() AND activityId = ? AND date = ? AND occurrence = ? AND alerts IS NOT NULL AND acknowledgedAt IS NULL
                    """, arguments: [Timestamp.string(clock.now), alert.activityId, alert.date.iso, alert.occurrence])
            }
            return open
        }
    }
}
