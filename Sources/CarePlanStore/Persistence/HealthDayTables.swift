import GRDB

/// Each quantity type's figures per day and source, kept beside the samples so that statistics
/// over years read a few thousand rows instead of millions (`careplan health stats` over five
/// years of a watch's heart rate, and a linked assessment's day).
///
/// `quantityDay` holds, per type, local day and source, what adds up exactly across rows: count,
/// sum, minimum, maximum and the latest sample. `mergedDay` holds, for cumulative types on days
/// when more than one source recorded, the day's total with overlaps counted once in the source
/// priority of the time; a day without a row there is computed from its samples. The import keeps
/// both; forgetting samples and changing the priority refresh them.
public enum HealthDayTables {
    static func create(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE quantityDay (
                typeId INTEGER NOT NULL REFERENCES healthType(id),
                day INTEGER NOT NULL,
                sourceId INTEGER NOT NULL REFERENCES healthSource(id),
                count INTEGER NOT NULL,
                sum REAL NOT NULL,
                minimum REAL NOT NULL,
                maximum REAL NOT NULL,
                lastStart INTEGER NOT NULL,       -- the day's latest sample: its start
                lastValue REAL NOT NULL,          -- and its value
                PRIMARY KEY (typeId, day, sourceId)
            ) WITHOUT ROWID;
            CREATE TABLE mergedDay (
                typeId INTEGER NOT NULL REFERENCES healthType(id),
                day INTEGER NOT NULL,
                total REAL NOT NULL,
                PRIMARY KEY (typeId, day)
            ) WITHOUT ROWID;
            """)
        // Filled from the samples by v12, which gave the tables their person.
    }

    /// Recomputes the `quantityDay` rows of the samples `condition` selects (a condition on
    /// `typeId`, `sourceId` and `day` only, so whole rows are replaced) from the samples, for the
    /// person the store is open for (`person` "1" in the migration that made people).
    public static func rebuildQuantityDays(_ db: Database, where condition: String, arguments: StatementArguments = [],
                                           person: String = "person()") throws {
        try db.execute(sql: "DELETE FROM quantityDay WHERE personId = \(person) AND (\(condition))", arguments: arguments)
        try db.execute(sql: """
            INSERT INTO quantityDay (personId, typeId, day, sourceId, count, sum, minimum, maximum, lastStart, lastValue)
            SELECT \(person), typeId, day, sourceId, COUNT(*), SUM(value), MIN(value), MAX(value), MAX(start), 0
            FROM quantitySample WHERE personId = \(person) AND (\(condition)) GROUP BY typeId, day, sourceId
            """, arguments: arguments)
        // The latest sample's value: a seek on the samples' key (type, source, start).
        try db.execute(sql: """
            UPDATE quantityDay SET lastValue = (
                SELECT s.value FROM quantitySample s
                WHERE s.personId = quantityDay.personId AND s.typeId = quantityDay.typeId AND s.sourceId = quantityDay.sourceId
                  AND s.start = quantityDay.lastStart AND s.day = quantityDay.day
                ORDER BY s.end DESC, s.value DESC LIMIT 1)
            WHERE personId = \(person) AND (\(condition))
            """, arguments: arguments)
    }
}
