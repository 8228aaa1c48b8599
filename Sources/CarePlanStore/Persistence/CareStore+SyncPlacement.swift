import Foundation
import GRDB
import Localization

/// Where a reading a sync brought lands, and the note it carries there.
struct SyncPlace {
    var occurrence: Int
    var note: String?
    /// Beside the day's occurrences, as one of its extra readings.
    var extra: Bool
}

extension CareStore {
    /// Places a reading a sync brought (docs/sync.md, "Two computers, one person"):
    ///
    /// - another careplan's reading goes to the occurrence its identifier names when that is free
    ///   here (or to the extra reading it was kept as there);
    /// - when that occurrence already has a reading typed here (both computers recorded it while
    ///   apart), both are kept: the one recorded first holds the occurrence, the later becomes an
    ///   extra reading of the day with a note saying so. Both computers decide alike (by the time
    ///   each was recorded, then by the server's resource), so they end with the same day;
    /// - a clinic's reading goes to the open occurrence nearest its time, or, with none open, is
    ///   kept as an extra reading rather than refused: it is on the clinic's record.
    ///
    /// Extra readings count in statistics and charts, as extra health samples do, while the day
    /// shows as many occurrences as the plan asks for.
    static func place(_ reading: ExternalReading, binding: SyncBinding, activity: Activity, on date: LocalDate, recorded: [Outcome],
                      _ db: Database) throws -> SyncPlace {
        let schedule = activity.schedule
        let typed = recorded.filter { $0.source == nil }
        let taken = Set(typed.map(\.occurrence))
        let count = schedule.occurrences(on: date)
        // After every occurrence the day has and every reading it holds (health data fills the
        // extra ones after the typed ones again).
        let extra = max(count, (recorded.map(\.occurrence).max() ?? -1) + 1)
        let twice = tr("Recorded on two computers for the same occurrence; kept as an extra reading, the later of the two.")
        if binding.origin == .careplan, !schedule.isAsNeeded, let named = reading.occurrence, named >= 0 {
            if !taken.contains(named) {
                return SyncPlace(occurrence: named, note: reading.note, extra: named >= count)
            }
            // Kept as an extra reading there: one here too, whatever the number.
            guard named < count, let here = typed.first(where: { $0.occurrence == named }) else {
                return SyncPlace(occurrence: extra, note: reading.note, extra: true)
            }
            let hereResource = try String.fetchOne(db, sql: """
                SELECT resource FROM syncResource WHERE personId = person() AND activityId = ? AND date = ? AND occurrence = ?
                """, arguments: [activity.id, date.iso, named]) ?? ""
            // To the second, as the store and FHIR keep it, so both computers compare the same figures.
            let recordedFirst = (reading.recordedAt.timeIntervalSince1970.rounded(.down), binding.resource)
                < (here.recordedAt.timeIntervalSince1970.rounded(.down), hereResource)
            guard recordedFirst else { return SyncPlace(occurrence: extra, note: annotated(reading.note, twice), extra: true) }
            try move(here, to: extra, note: annotated(here.note, twice), db)
            return SyncPlace(occurrence: named, note: reading.note, extra: false)
        }
        if let open = nearestOpen(activity, on: date, minutes: reading.minutes, taken: taken) {
            return SyncPlace(occurrence: open, note: reading.note, extra: false)
        }
        let full = tr("Every occurrence of the day already had a reading; kept as an extra reading.")
        return SyncPlace(occurrence: extra, note: annotated(reading.note, full), extra: true)
    }

    /// A reading typed here moved to an extra occurrence of its day, with what stands for it on
    /// the server (which, once it has it, it need not be sent again for the move).
    static func move(_ outcome: Outcome, to occurrence: Int, note: String?, _ db: Database) throws {
        try delete(outcome, db, refresh: false)
        var moved = outcome
        moved.occurrence = occurrence
        moved.note = note
        try insert(moved, db)
        let event = [outcome.activityId, outcome.date.iso, outcome.occurrence] as StatementArguments
        let sent = try Bool.fetchOne(db, sql: """
            SELECT EXISTS (SELECT 1 FROM syncResource WHERE personId = person() AND activityId = ? AND date = ? AND occurrence = ?)
            """, arguments: event) ?? false
        for table in ["syncResource", "fhirObservation"] {
            try db.execute(sql: "UPDATE \(table) SET occurrence = ? WHERE personId = person() AND activityId = ? AND date = ? AND occurrence = ?",
                           arguments: [occurrence] + event)
        }
        if sent {
            try db.execute(sql: "DELETE FROM syncPending WHERE personId = person() AND activityId = ? AND date = ? AND occurrence = ?",
                           arguments: [outcome.activityId, outcome.date.iso, occurrence])
        }
    }

    /// A note with a line of the sync's added, once.
    static func annotated(_ note: String?, _ line: String) -> String {
        guard let note, !note.isEmpty else { return line }
        return note.contains(line) ? note : note + "\n" + line
    }
}
