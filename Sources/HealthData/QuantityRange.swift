import GRDB

/// One quantity type's samples over a range of local days, read through the table's key
/// `(typeId, sourceId, start, …)`: for each source that recorded those days (`quantityDay` knows),
/// the samples whose start lies within the days in any offset, then exactly those days.
///
/// `quantitySample` has no `(typeId, day)` index: every sample of an import updated it, an eighth
/// of the import's time, and the per-day figures answer what it was for.
struct QuantityRange {
    let typeId: Int64
    let days: ClosedRange<Int>

    /// The WHERE clause on `quantitySample` (columns qualified with `alias`), and its arguments.
    func clause(alias: String = "quantitySample") -> (sql: String, arguments: StatementArguments) {
        // Offsets lie within ±24 h (`HealthInstant.parse`), so a local day's instants lie within a
        // day either side of its UTC day.
        let low = days.lowerBound, high = days.upperBound
        let first = low <= Int.min / 86400 + 1 ? Int.min : (low - 1) * 86400
        let last = high >= Int.max / 86400 - 2 ? Int.max : (high + 2) * 86400
        let sql = """
            \(alias).personId = person() AND \(alias).typeId = ?
            AND \(alias).sourceId IN (SELECT sourceId FROM quantityDay WHERE personId = person() AND typeId = ? AND day BETWEEN ? AND ? GROUP BY sourceId)
            AND \(alias).start >= ? AND \(alias).start < ? AND \(alias).day BETWEEN ? AND ?
            """
        return (sql, [typeId, typeId, low, high, first, last, low, high])
    }
}
