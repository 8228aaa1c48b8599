import GRDB

/// Outcomes that health data filled (their `source` says where from), kept apart from what people
/// record: they are worked out again whenever the data or the plan changes, and what differs is
/// rewritten; never a typed one.
public enum DerivedOutcomes {
    /// Makes `activityId`'s filled outcomes from `from` through `to` be `outcomes` (none of which
    /// may land on a recorded one), and refreshes the summaries of every day that changed.
    ///
    /// Only what differs is written: an outcome already there as it would be written again stays,
    /// so a sync that finds everything as it was (the same plan imported again) leaves the file
    /// byte for byte as it was.
    public static func replace(_ db: Database, activityId: String, from: LocalDate, to: LocalDate, with outcomes: [Outcome]) throws {
        struct Event: Hashable { var date: LocalDate, occurrence: Int }
        var stored: [Event: Outcome] = [:]
        for outcome in try OutcomeQuery.fetch(db, activityId: activityId, from: from, to: to) where outcome.source != nil {
            stored[Event(date: outcome.date, occurrence: outcome.occurrence)] = outcome
        }
        var days: Set<LocalDate> = []
        for outcome in outcomes {
            let event = Event(date: outcome.date, occurrence: outcome.occurrence)
            if let old = stored.removeValue(forKey: event) {
                if old.isSameRecord(as: outcome) { continue }
                try OutcomeRows.delete(activityId: activityId, date: event.date, occurrence: event.occurrence, db)
            }
            try OutcomeRows.insert(outcome, skipExisting: false, db)
            days.insert(outcome.date)
        }
        // Filled before, not now.
        for event in stored.keys {
            try OutcomeRows.delete(activityId: activityId, date: event.date, occurrence: event.occurrence, db)
            days.insert(event.date)
        }
        if !days.isEmpty { try DaySummaries.refresh(db, activityId: activityId, dates: Array(days)) }
    }

    /// Removes every filled outcome of the person (all their health data forgotten).
    public static func removeAll(_ db: Database) throws {
        let touched = try Row.fetchAll(db, sql: "SELECT DISTINCT activityId, date FROM outcome WHERE personId = person() AND source IS NOT NULL")
        try db.execute(sql: "DELETE FROM outcome WHERE personId = person() AND source IS NOT NULL")
        for row in touched {
            try DaySummaries.refresh(db, activityId: row[0], dates: [LocalDate(iso: row[1] as String)!])
        }
    }
}
