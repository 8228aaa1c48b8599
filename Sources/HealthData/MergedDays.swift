import CarePlanStore
import GRDB

/// The `mergedDay` rows: a cumulative type's total on days when several sources recorded it,
/// each stretch of time counted once (`CareStore.mergedTotals`). Refreshed by whatever changes
/// such a day's samples or the source priority, in that write's transaction.
enum MergedDays {
    /// Recomputes the rows of `typeId` from `days.lowerBound` through `days.upperBound`: days with
    /// several sources get their total, the others none.
    static func refresh(_ db: Database, typeId: Int64, days: ClosedRange<Int>, priority: SourcePriority) throws {
        try db.execute(sql: "DELETE FROM mergedDay WHERE personId = person() AND typeId = ? AND day BETWEEN ? AND ?",
                       arguments: [typeId, days.lowerBound, days.upperBound])
        let shared = try Int.fetchAll(db, sql: """
            SELECT day FROM quantityDay WHERE personId = person() AND typeId = ? AND day BETWEEN ? AND ? GROUP BY day HAVING COUNT(*) > 1
            """, arguments: [typeId, days.lowerBound, days.upperBound])
        let insert = try db.makeStatement(sql: "INSERT INTO mergedDay (personId, typeId, day, total) VALUES (person(), ?, ?, ?)")
        for run in runs(of: shared) {
            for (day, total) in try CareStore.mergedTotals(db, typeId: typeId, days: run, priority: priority) where total.sources > 1 {
                try insert.execute(arguments: [typeId, day, total.sum])
            }
        }
    }

    /// Every cumulative type's rows over all its days (after the priority changed, or samples
    /// were forgotten).
    static func refreshAll(_ db: Database) throws {
        let priority = try SourcePriority.load(db)
        for row in try Row.fetchAll(db, sql: "SELECT id, identifier FROM healthType") {
            let id: Int64 = row[0]
            guard HealthType(row[1]).aggregation == .cumulative,
                  let first = try Int.fetchOne(db, sql: "SELECT MIN(day) FROM quantityDay WHERE personId = person() AND typeId = ?", arguments: [id]),
                  let last = try Int.fetchOne(db, sql: "SELECT MAX(day) FROM quantityDay WHERE personId = person() AND typeId = ?", arguments: [id])
            else {
                try db.execute(sql: "DELETE FROM mergedDay WHERE personId = person() AND typeId = ?", arguments: [id])
                continue
            }
            try refresh(db, typeId: id, days: first...last, priority: priority)
        }
    }

    /// Sorted days as runs of consecutive days, each read from the samples with one range query.
    static func runs(of days: [Int]) -> [ClosedRange<Int>] {
        var result: [ClosedRange<Int>] = []
        for day in days {
            if let last = result.last, last.upperBound + 1 == day { result[result.count - 1] = last.lowerBound...day }
            else { result.append(day...day) }
        }
        return result
    }
}
