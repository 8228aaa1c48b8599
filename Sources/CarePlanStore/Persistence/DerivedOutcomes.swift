import GRDB

/// Outcomes that health data filled (their `source` says where from), kept apart from what people
/// record: they are replaced wholesale whenever the data or the plan changes, never a typed one.
public enum DerivedOutcomes {
    /// Replaces `activityId`'s filled outcomes from `from` through `to` with `outcomes` (none of
    /// which may land on a recorded one), and refreshes the summaries of every day touched.
    public static func replace(_ db: Database, activityId: String, from: LocalDate, to: LocalDate, with outcomes: [Outcome]) throws {
        let before = try String.fetchAll(db, sql: """
            SELECT DISTINCT date FROM outcome WHERE personId = person() AND activityId = ? AND date BETWEEN ? AND ? AND source IS NOT NULL
            """, arguments: [activityId, from.iso, to.iso])
        try db.execute(sql: "DELETE FROM outcome WHERE personId = person() AND activityId = ? AND date BETWEEN ? AND ? AND source IS NOT NULL",
                       arguments: [activityId, from.iso, to.iso])
        for outcome in outcomes { try OutcomeRows.insert(outcome, skipExisting: false, db) }
        let days = Set(before.compactMap(LocalDate.init(iso:))).union(outcomes.map(\.date))
        try DaySummaries.refresh(db, activityId: activityId, dates: Array(days))
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
