import GRDB

/// Writing an outcome's rows (`outcome`, then its `outcomeValue`s), for a tick or a reading and for
/// a generated history alike: plain prepared statements, reused through the transaction.
enum OutcomeRows {
    /// Writes `outcome` and its values; returns whether it was written. With `skipExisting`, an
    /// event that already has an outcome keeps it and nothing is written (a generated history never
    /// overwrites what is recorded); without it, a second outcome for an event fails loudly.
    /// `dateText` saves formatting the same day again and again in a bulk insert.
    @discardableResult
    static func insert(_ outcome: Outcome, dateText: String? = nil, skipExisting: Bool, _ db: Database) throws -> Bool {
        // ON CONFLICT names the event key, so only a second outcome for an event is skipped; any
        // other constraint still fails.
        let row = try db.cachedStatement(sql: """
            INSERT INTO outcome (personId, activityId, date, occurrence, recordedAt, utcOffset, note, source) VALUES (person(), ?, ?, ?, ?, ?, ?, ?)
            \(skipExisting ? "ON CONFLICT (personId, activityId, date, occurrence) DO NOTHING" : "")
            """)
        row.setUncheckedArguments([outcome.activityId, dateText ?? outcome.date.iso, outcome.occurrence,
                                   Timestamp.string(outcome.recordedAt), outcome.utcOffset, outcome.note, outcome.source])
        try row.execute()
        guard db.changesCount == 1 else { return false }
        let outcomeId = db.lastInsertedRowID
        let value = try db.cachedStatement(sql: """
            INSERT INTO outcomeValue (outcomeId, position, name, value, text, unit, enteredValue, enteredUnit) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """)
        for (position, reading) in outcome.values.enumerated() {
            value.setUncheckedArguments([outcomeId, position, reading.name, reading.value, reading.text, reading.unit,
                                         reading.enteredValue, reading.enteredUnit])
            try value.execute()
        }
        return true
    }

    /// Deletes the outcome of one event; its values go with it (ON DELETE CASCADE).
    static func delete(activityId: String, date: LocalDate, occurrence: Int, _ db: Database) throws {
        try db.cachedStatement(sql: "DELETE FROM outcome WHERE personId = person() AND activityId = ? AND date = ? AND occurrence = ?")
            .execute(arguments: [activityId, date.iso, occurrence])
    }
}
