import GRDB

/// One row per activity per day per measure field: what insights read instead of raw outcomes.
///
/// The row with `field = ''` counts the day's outcomes (for an intervention, the occurrences done);
/// each numeric field of an assessment has a row with the count, sum, min, max and last (highest
/// occurrence) of its values. What was *due* is not stored: it follows from the schedules, is defined
/// for days nobody touched, and changes when a plan version does, so it is computed, never cached.
///
/// Every write path of the store refreshes the days it touched inside its own transaction, so a
/// summary can never disagree with the outcomes it summarises; `rebuild` recomputes them all
/// (migration, `careplan doctor --rebuild-summaries`).
enum DaySummaries {
    static func create(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE daySummary (
                activityId TEXT NOT NULL REFERENCES activity(id) ON DELETE RESTRICT,
                field TEXT NOT NULL,
                day INTEGER NOT NULL,   -- days since 1970-01-01 of the outcome's local date
                count INTEGER NOT NULL,
                sum REAL, min REAL, max REAL, last REAL,
                PRIMARY KEY (activityId, field, day)
            ) WITHOUT ROWID
            """)
    }

    /// The day number of a `YYYY-MM-DD` column, exact (julianday of a date is N.5).
    static func dayNumber(_ column: String) -> String { "CAST(julianday(\(column)) - 2440587.5 AS INTEGER)" }

    /// Recomputes the summaries of `activityId` on `dates` from its outcomes.
    static func refresh(_ db: Database, activityId: String, dates: [LocalDate]) throws {
        // The key is (activity, field, day): "activity and day" alone would scan every day of the
        // activity's history. So its fields are found first, one seek each (a loose index scan),
        // and each of the day's rows is deleted by its whole key.
        let delete = try db.cachedStatement(sql: """
            WITH RECURSIVE fields(name) AS (
                SELECT MIN(field) FROM daySummary WHERE personId = person() AND activityId = ?1
                UNION ALL
                SELECT (SELECT MIN(field) FROM daySummary WHERE personId = person() AND activityId = ?1 AND field > fields.name)
                FROM fields WHERE name IS NOT NULL
            )
            DELETE FROM daySummary WHERE personId = person() AND activityId = ?1 AND day = ?2 AND field IN (SELECT name FROM fields WHERE name IS NOT NULL)
            """)
        let outcomes = try db.cachedStatement(sql: """
            INSERT INTO daySummary (personId, activityId, field, day, count)
            SELECT person(), ?1, '', ?2, COUNT(*) FROM outcome WHERE personId = person() AND activityId = ?1 AND date = ?3 HAVING COUNT(*) > 0
            """)
        // Rows come in occurrence order, so the last one of each field is the day's last reading.
        let values = try db.cachedStatement(sql: """
            SELECT v.name, v.value FROM outcome o JOIN outcomeValue v ON v.outcomeId = o.id
            WHERE o.personId = person() AND o.activityId = ? AND o.date = ? AND v.value IS NOT NULL ORDER BY o.occurrence
            """)
        let insert = try db.cachedStatement(sql: """
            INSERT INTO daySummary (personId, activityId, field, day, count, sum, min, max, last) VALUES (person(), ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        for date in Set(dates) {
            try delete.execute(arguments: [activityId, date.dayNumber])
            try outcomes.execute(arguments: [activityId, date.dayNumber, date.iso])
            var fields: [(name: String, statistics: ReadingStatistics)] = []
            let rows = try Row.fetchCursor(values, arguments: [activityId, date.iso])
            while let row = try rows.next() {
                let name: String = row[0], value: Double = row[1]
                if let index = fields.firstIndex(where: { $0.name == name }) {
                    fields[index].statistics.add(value)
                } else {
                    fields.append((name, ReadingStatistics(count: 1, min: value, max: value, sum: value, average: value, last: value)))
                }
            }
            for (name, s) in fields {
                try insert.execute(arguments: [activityId, name, date.dayNumber, s.count, s.sum, s.min, s.max, s.last])
            }
        }
    }

    /// Recomputes every summary from `from` through `through` (all days when nil) in two statements,
    /// for the person the store is open for (`person` "1" in the migration that made people).
    static func rebuild(_ db: Database, from: LocalDate? = nil, through: LocalDate? = nil, person: String = "person()") throws {
        var conditions: [String] = ["o.personId = \(person)"]
        var arguments: [any DatabaseValueConvertible] = []
        if let from { conditions.append("o.date >= ?"); arguments.append(from.iso) }
        if let through { conditions.append("o.date <= ?"); arguments.append(through.iso) }
        let filter = "WHERE " + conditions.joined(separator: " AND ")
        var dayFilter: [String] = ["personId = \(person)"]
        if let from { dayFilter.append("day >= \(from.dayNumber)") }
        if let through { dayFilter.append("day <= \(through.dayNumber)") }
        try db.execute(sql: "DELETE FROM daySummary WHERE " + dayFilter.joined(separator: " AND "))
        try db.execute(sql: """
            INSERT INTO daySummary (personId, activityId, field, day, count)
            SELECT \(person), o.activityId, '', \(dayNumber("o.date")), COUNT(*) FROM outcome o \(filter) GROUP BY o.activityId, o.date
            """, arguments: StatementArguments(arguments))
        try db.execute(sql: """
            INSERT INTO daySummary (personId, activityId, field, day, count, sum, min, max, last)
            SELECT \(person), activityId, name, \(dayNumber("date")), COUNT(*), SUM(value), MIN(value), MAX(value), MAX(CASE WHEN isLast THEN value END)
            FROM (
                SELECT o.activityId, o.date, v.name, v.value,
                       ROW_NUMBER() OVER (PARTITION BY o.activityId, o.date, v.name ORDER BY o.occurrence DESC) = 1 AS isLast
                FROM outcome o JOIN outcomeValue v ON v.outcomeId = o.id \(filter) AND v.value IS NOT NULL
            )
            GROUP BY activityId, name, date
            """, arguments: StatementArguments(arguments))
    }
}

extension ReadingStatistics {
    /// Adds one later reading.
    mutating func add(_ value: Double) {
        count += 1
        sum += value
        min = Swift.min(min, value)
        max = Swift.max(max, value)
        last = value
        average = sum / Double(count)
    }
}

extension CareStore {
    /// Recomputes everyone's day summaries from the outcomes, in one transaction
    /// (`careplan doctor --rebuild-summaries`, a repair of the file). Returns the number of summary rows.
    @discardableResult
    public func rebuildSummaries() throws -> Int {
        try writeForStore { db in
            for person in try Self.people(db) { try DaySummaries.rebuild(db, person: "\(person.id)") }
            return try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM daySummary") ?? 0
        }
    }
}
