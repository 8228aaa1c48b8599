import CarePlanStore

/// Per-day figures for the selected week, computed from the week's agendas already loaded
/// (no extra queries): adherence, and one assessment's daily value combined by its `aggregate`.
enum WeekSeries {
    /// Completed / due per day, nil where nothing was due, the plan had not started, or the day is in the future.
    static func adherence(_ week: [DayAgenda], today: LocalDate) -> [Double?] {
        week.map { day in day.date > today ? nil : day.adherence.fraction }
    }

    /// The first field's daily value of `activity`, nil on days without a reading.
    static func values(of activity: Activity, field: Int = 0, in week: [DayAgenda]) -> [Double?] {
        week.map { day in
            let readings = day.items.first { $0.activity.id == activity.id }?.events
                .compactMap { $0.outcome?.values.indices.contains(field) == true ? $0.outcome!.values[field].value : nil } ?? []
            return combine(readings, activity.measure?.aggregate ?? .average)
        }
    }

    /// Every single reading of one field in the week, for the lowest and highest.
    static func readings(of activity: Activity, field: Int = 0, in week: [DayAgenda]) -> [Double] {
        week.flatMap { day in
            day.items.first { $0.activity.id == activity.id }?.events
                .compactMap { $0.outcome?.values.indices.contains(field) == true ? $0.outcome!.values[field].value : nil } ?? []
        }
    }

    static func combine(_ values: [Double], _ aggregate: Measure.Aggregate) -> Double? {
        guard !values.isEmpty else { return nil }
        switch aggregate {
        case .average: return values.reduce(0, +) / Double(values.count)
        case .sum: return values.reduce(0, +)
        case .min: return values.min()
        case .max: return values.max()
        case .last: return values.last
        }
    }
}
