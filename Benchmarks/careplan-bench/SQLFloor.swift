import CarePlanStore
import GRDBSQLite

/// The insights report's aggregates run straight through SQLite's C API: the same statements with
/// the same arguments, on the same file, in one read transaction, each row's columns read into
/// plain arrays. What is left above this floor is GRDB and the engine's own Swift.
struct SQLFloor {
    let connection: SQLiteConnection

    /// What the floor read, to check it against the engine (and to keep the work observable).
    struct Result {
        /// Per `dailyCounts` query: completions summed over its days.
        var completed: [Int] = []
        /// Per `spanCounts` query.
        var spans: [Int] = []
        /// Per `statistics` query: (day number, reading count) rows.
        var days: [[(Int, Int)]] = []
        var checksum = 0.0
    }

    func run(_ queries: InsightsQueries) throws -> Result {
        var result = Result()
        try connection.execute("BEGIN")
        defer { try? connection.execute("COMMIT") }
        let dailyCounts = try connection.statement(InsightsQueries.dailyCountsSQL)
        for query in queries.dailyCounts {
            // A dense per-day array, as the store builds.
            var perDay = [Int32](repeating: 0, count: query.through.days(since: query.from) + 1)
            let first = query.from.dayNumber
            try connection.query(dailyCounts, [query.activityId, query.from.iso, query.through.iso]) { row in
                perDay[Int(sqlite3_column_int64(row, 0)) - first] = Int32(sqlite3_column_int64(row, 1))
            }
            result.completed.append(perDay.reduce(0) { $0 + Int($1) })
        }
        let spanCount = try connection.statement(InsightsQueries.spanCountSQL)
        for span in queries.spanCounts {
            var count = 0
            try connection.query(spanCount, [span.activityId, span.from.iso, span.through.iso]) { row in
                count = Int(sqlite3_column_int64(row, 0))
            }
            result.spans.append(count)
        }
        let statistics = try connection.statement(InsightsQueries.dailyStatisticsSQL)
        for query in queries.statistics {
            var rows: [(Int, Int)] = []
            try connection.query(statistics, [query.field, query.activityId, query.from.iso, query.through.iso]) { row in
                var sum = 0.0
                for column in 2...6 { sum += sqlite3_column_double(row, Int32(column)) }
                result.checksum += sum
                rows.append((Int(sqlite3_column_int64(row, 0)), Int(sqlite3_column_int64(row, 1))))
            }
            result.days.append(rows)
        }
        return result
    }
}
