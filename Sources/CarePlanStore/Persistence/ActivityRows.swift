import GRDB
import Localization

/// How the store keeps an activity version: typed columns in `activityVersion`, with its times, its
/// measure's fields and their options in child tables, each list in its own order.
///
/// Reading a plan is then column reads and nothing else: no YAML (Yams' resolver was 40 % of a
/// command), no JSON (SQLite's JSON functions re-read each definition once per key, a quarter of
/// `careplan today` at 120 activities). `sqlite3` shows the plan as people read it, one column per
/// key of the plan file. A row that no careplan could have written is reported as damage, never
/// guessed at.
enum ActivityRows {
    /// The tables (migration v4). The pattern is spelled out, with the columns each one uses:
    /// `daily` perDay; `weekly` the seven weekday columns (NULL where there is no event);
    /// `every` everyDays and perDay; `asNeeded` none.
    static func create(_ db: Database, table: String = "activityVersion") throws {
        try db.create(table: table) { t in
            t.column("activityId", .text).notNull().references("activity", onDelete: .restrict)
            t.column("version", .integer).notNull().check { $0 >= 1 }
            // The first calendar date this version governs; days before it keep the previous version.
            t.column("effectiveFrom", .text).notNull()
            t.column("importedAt", .text).notNull()
            t.column("kind", .text).notNull().check { ["intervention", "assessment"].contains($0) }
            t.column("title", .text).notNull()
            t.column("text", .text)
            t.column("instructions", .text)
            t.column("groupName", .text)
            t.column("color", .text)
            t.column("optional", .boolean).notNull()
            t.column("resettable", .boolean).notNull()
            t.column("startDate", .text).notNull()
            t.column("endDate", .text)
            t.column("pattern", .text).notNull().check { ["daily", "weekly", "every", "asNeeded"].contains($0) }
            t.column("perDay", .integer)
            t.column("everyDays", .integer)
            for day in Weekday.allCases { t.column(day.key, .integer) }
            t.column("measureType", .text)
            t.column("aggregate", .text)
            t.primaryKey(["activityId", "version"])
        }
        try db.create(table: "activityTime") { t in
            t.column("activityId", .text).notNull()
            t.column("version", .integer).notNull()
            t.column("position", .integer).notNull()
            t.column("time", .text).notNull()
            t.primaryKey(["activityId", "version", "position"])
        }
        try db.create(table: "measureField") { t in
            t.column("activityId", .text).notNull()
            t.column("version", .integer).notNull()
            // Fields keep the measure's order (systolic before diastolic).
            t.column("position", .integer).notNull()
            t.column("name", .text).notNull()
            t.column("unit", .text)
            t.column("rangeLow", .double)
            t.column("rangeHigh", .double)
            t.column("normalLow", .double)
            t.column("normalHigh", .double)
            t.column("decimals", .integer)
            t.primaryKey(["activityId", "version", "position"])
        }
        try db.create(table: "fieldOption") { t in
            t.column("activityId", .text).notNull()
            t.column("version", .integer).notNull()
            t.column("field", .integer).notNull()
            t.column("position", .integer).notNull()
            t.column("option", .text).notNull()
            t.primaryKey(["activityId", "version", "field", "position"])
        }
    }

    /// A version's link to health data (migration v6): the type and goal as columns, the sources
    /// in their own list.
    static func addHealthLinks(_ db: Database) throws {
        try db.execute(sql: """
            ALTER TABLE activityVersion ADD COLUMN healthType TEXT;   -- HKQuantityTypeIdentifierBodyMass...
            ALTER TABLE activityVersion ADD COLUMN healthGoal REAL;   -- interventions, in the catalogue's goal unit
            CREATE TABLE activityHealthSource (
                activityId TEXT NOT NULL,
                version INTEGER NOT NULL,
                position INTEGER NOT NULL,
                name TEXT NOT NULL,
                PRIMARY KEY (activityId, version, position)
            );
            """)
    }

    /// A sleep measure's settings (migration v7), NULL for every other measure and for defaults
    /// written before v7.
    static func addSleepSettings(_ db: Database) throws {
        try db.execute(sql: """
            ALTER TABLE activityVersion ADD COLUMN sleepWindow TEXT;        -- '18:00-18:00'
            ALTER TABLE activityVersion ADD COLUMN sleepAwakening INTEGER;  -- minutes
            ALTER TABLE activityVersion ADD COLUMN sleepHeadline TEXT;      -- 'device' or 'diary'
            """)
    }

    /// LOINC codes (migration v9): a measure's, and each field's in a multi-value measure.
    static func addLOINC(_ db: Database) throws {
        try db.execute(sql: """
            ALTER TABLE activityVersion ADD COLUMN loinc TEXT;   -- '8867-4'; a panel's code for multi-value measures
            ALTER TABLE measureField ADD COLUMN loinc TEXT;      -- '8480-6'
            """)
    }

    /// Writes one version of `activity`, with its lists.
    static func insert(_ activity: Activity, version: Int, effectiveFrom: LocalDate, importedAt: String, into db: Database) throws {
        let schedule = activity.schedule
        var perDay: Int?, everyDays: Int?, weekly = WeekdayCounts()
        let pattern: String
        switch schedule.pattern {
        case .daily(let n): (pattern, perDay) = ("daily", n)
        case .weekly(let days): (pattern, weekly) = ("weekly", days)
        case .every(let days, let times): (pattern, everyDays, perDay) = ("every", days, times)
        case .asNeeded: pattern = "asNeeded"
        }
        let weekdays = Weekday.allCases
        var values: [(any DatabaseValueConvertible)?] = [
            activity.id, version, effectiveFrom.iso, importedAt, activity.kind.rawValue, activity.title, activity.text,
            activity.instructions, activity.group, activity.color, activity.optional, activity.resettable,
            schedule.start.iso, schedule.end?.iso, pattern, perDay, everyDays,
        ]
        values += weekdays.map { weekly[$0] }
        values += [activity.measure?.type.rawValue, activity.measure?.aggregate.rawValue, activity.health?.type, activity.health?.goal]
        let sleep = activity.measure?.sleep
        values += [sleep?.windowText, sleep?.awakeningMinutes, sleep?.headline.rawValue, activity.measure?.loinc, activity.graceMinutes, activity.medication,
                   activity.questionnaire?.url, activity.questionnaire?.version]
        try db.execute(sql: """
            INSERT INTO activityVersion (personId, activityId, version, effectiveFrom, importedAt, kind, title, text, instructions, groupName, color,
                optional, resettable, startDate, endDate, pattern, perDay, everyDays, \(weekdays.map(\.key).joined(separator: ", ")),
                measureType, aggregate, healthType, healthGoal, sleepWindow, sleepAwakening, sleepHeadline, loinc, graceMinutes, medication,
                questionnaireUrl, questionnaireVersion)
            VALUES (person(), \(Array(repeating: "?", count: values.count).joined(separator: ", ")))
            """, arguments: StatementArguments(values))
        for (position, time) in schedule.times.enumerated() {
            try db.execute(sql: "INSERT INTO activityTime (personId, activityId, version, position, time) VALUES (person(), ?, ?, ?, ?)",
                           arguments: [activity.id, version, position, time.description])
        }
        for (position, name) in (activity.health?.sources ?? []).enumerated() {
            try db.execute(sql: "INSERT INTO activityHealthSource (personId, activityId, version, position, name) VALUES (person(), ?, ?, ?, ?)",
                           arguments: [activity.id, version, position, name])
        }
        for (position, field) in (activity.measure?.fields ?? []).enumerated() {
            try db.execute(sql: """
                INSERT INTO measureField (personId, activityId, version, position, name, unit, rangeLow, rangeHigh, normalLow, normalHigh, decimals, loinc)
                VALUES (person(), ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [activity.id, version, position, field.name, field.unit, field.range?.lowerBound, field.range?.upperBound,
                                 field.normal?.lowerBound, field.normal?.upperBound, field.decimals, field.loinc])
            for (index, option) in field.options.enumerated() {
                try db.execute(sql: "INSERT INTO fieldOption (personId, activityId, version, field, position, option) VALUES (person(), ?, ?, ?, ?, ?)",
                               arguments: [activity.id, version, position, index, option])
            }
        }
    }

    /// Moves an activity to `position` in the plan's order, writing nothing when it is there already.
    static func setPosition(_ position: Int, of activityId: String, in db: Database) throws {
        try db.execute(sql: "UPDATE activity SET position = ?1 WHERE personId = person() AND id = ?2 AND position IS NOT ?1",
                       arguments: [position, activityId])
    }

    /// Sets the last day of one version (`careplan end`): one column, no lists touched.
    static func setEnd(_ end: LocalDate, activityId: String, version: Int, in db: Database) throws {
        try db.execute(sql: "UPDATE activityVersion SET endDate = ? WHERE personId = person() AND activityId = ? AND version = ?",
                       arguments: [end.iso, activityId, version])
    }

    /// One version of one activity. The dictionaries below are keyed by its `text`, not by the
    /// struct: the first dictionary of a new key type makes Swift's runtime search every
    /// conformance in the program for its Hashable (0.1 ms of `careplan status`, which reads once
    /// and exits); String's is found already.
    private struct Key {
        var activityId: String
        var version: Int
        var text: String { "\(version) \(activityId)" }
    }

    /// Every version of every activity (or of `activityId` alone), oldest first, by activity.
    /// `.dueList` reads the versions and their times only: a due list (`careplan status`, every few
    /// seconds) has no use for measures, health links and texts, whose lists were half the reads.
    static func read(_ db: Database, activityId: String?, path: String, detail: PlanDetail = .full) throws -> [String: [ActivityVersion]] {
        let filter = activityId == nil ? "WHERE personId = person()" : "WHERE personId = person() AND activityId = ?"
        let arguments: StatementArguments = activityId.map { [$0] } ?? []
        func damaged(_ id: String, _ version: Int, _ what: String) -> StoreError {
            // TRANSLATORS: {what} names what is wrong: a column of the database and its value (startDate '2026-13-01'), or a sentence.
            .damaged(path: path, detail: tr("version {version} of activity '{id}' cannot be read: {what}", ["version": String(version), "id": id, "what": what]))
        }

        var times: [String: [TimeOfDay]] = [:]
        let timeRows = try Row.fetchCursor(db.cachedStatement(sql: """
            SELECT activityId, version, time FROM activityTime \(filter) ORDER BY activityId, version, position
            """), arguments: arguments)
        while let row = try timeRows.next() {
            let key = Key(activityId: row[0], version: row[1])
            guard let time = TimeOfDay(text: row[2] as String) else { throw damaged(key.activityId, key.version, "time '\(row[2] as String)'") }
            times[key.text, default: []].append(time)
        }

        let lists = detail == .full ? try measureAndHealthLists(db, filter: filter, arguments: arguments, damaged: damaged) : MeasureAndHealthLists()
        var byActivity: [String: [ActivityVersion]] = [:]
        let weekdays = Weekday.allCases
        // The columns a due list reads come first (0...18), so both kinds of read decode them alike.
        let dueListColumns = """
            activityId, version, effectiveFrom, kind, title, optional, startDate, endDate, pattern, perDay, everyDays,
            \(weekdays.map(\.key).joined(separator: ", ")), graceMinutes
            """
        let moreColumns = detail == .full ? """
            , text, instructions, groupName, color, resettable, measureType, aggregate,
            healthType, healthGoal, sleepWindow, sleepAwakening, sleepHeadline, loinc, medication,
            questionnaireUrl, questionnaireVersion
            """ : ""
        let rows = try Row.fetchCursor(db.cachedStatement(sql: """
            SELECT \(dueListColumns)\(moreColumns)
            FROM activityVersion \(filter)
            """), arguments: arguments)
        while let row = try rows.next() {
            let key = Key(activityId: row[0], version: row[1])
            let id = key.activityId, number = key.version
            guard let effective = LocalDate(iso: row[2] as String) else { throw damaged(id, number, "effectiveFrom '\(row[2] as String)'") }
            guard let kind = Activity.Kind(rawValue: row[3]) else { throw damaged(id, number, "kind '\(row[3] as String)'") }
            guard let start = LocalDate(iso: row[6] as String) else { throw damaged(id, number, "startDate '\(row[6] as String)'") }
            let endText: String? = row[7]
            let end = endText.flatMap { LocalDate(iso: $0) }
            if let endText, end == nil { throw damaged(id, number, "endDate '\(endText)'") }
            let perDay: Int? = row[9], everyDays: Int? = row[10]
            let pattern: Schedule.Pattern
            switch row[8] as String {
            case "daily":
                guard let perDay else { throw damaged(id, number, tr("a daily pattern without perDay")) }
                pattern = .daily(perDay)
            case "weekly":
                var days = WeekdayCounts()
                for (offset, day) in weekdays.enumerated() {
                    if let count: Int = row[11 + offset] { days[day] = count }
                }
                pattern = .weekly(days)
            case "every":
                guard let everyDays, let perDay else { throw damaged(id, number, tr("an every-N-days pattern without everyDays and perDay")) }
                pattern = .every(days: everyDays, times: perDay)
            case "asNeeded":
                pattern = .asNeeded
            case let other:
                throw damaged(id, number, "pattern '\(other)'")
            }
            var activity = Activity(id: id, kind: kind, title: row[4], optional: row[5],
                                    schedule: Schedule(start: start, end: end, pattern: pattern, times: times[key.text] ?? []), graceMinutes: row[18])
            if detail == .full {
                if let typeText: String = row[24] {
                    guard let type = Measure.ValueType(rawValue: typeText) else { throw damaged(id, number, "measureType '\(typeText)'") }
                    let aggregateText: String? = row[25]
                    guard let aggregate = aggregateText.flatMap(Measure.Aggregate.init(rawValue:)) else {
                        throw damaged(id, number, "aggregate '\(aggregateText ?? "")'")
                    }
                    activity.measure = Measure(type: type, fields: lists.fields[key.text] ?? [], aggregate: aggregate)
                    if type == .sleep { activity.measure = .sleepDiary(try sleepSettings(row, damaged: { damaged(id, number, $0) })) }
                    activity.measure?.loinc = row[31]
                }
                let healthType: String? = row[26]
                activity.health = healthType.map { HealthLink(type: $0, sources: lists.sources[key.text] ?? [], goal: row[27]) }
                (activity.text, activity.instructions, activity.group, activity.color) = (row[19], row[20], row[21], row[22])
                activity.resettable = row[23]
                activity.medication = row[32]
                let formURL: String? = row[33]
                activity.questionnaire = formURL.map { FormReference(url: $0, version: row[34] ?? "") }
            }
            byActivity[id, default: []].append(ActivityVersion(version: number, effectiveFrom: effective, activity: activity))
        }
        // Each activity's versions put in (effectiveFrom, version) order here rather than by an ORDER BY,
        // for which SQLite copied every row into a sorter: a tenth of `careplan status`'s read. In
        // place, by index: iterating the keys would hold the storage and copy it on the first write.
        var index = byActivity.values.startIndex
        while index != byActivity.values.endIndex {
            if byActivity.values[index].count > 1 {
                byActivity.values[index].sort { ($0.effectiveFrom, $0.version) < ($1.effectiveFrom, $1.version) }
            }
            byActivity.values.formIndex(after: &index)
        }
        return byActivity
    }

    /// A full read's lists beside the versions: each measure's fields (with their options) and
    /// each health link's sources.
    private struct MeasureAndHealthLists {
        var fields: [String: [Measure.Field]] = [:]
        var sources: [String: [String]] = [:]
    }

    private static func measureAndHealthLists(_ db: Database, filter: String, arguments: StatementArguments,
                                              damaged: (String, Int, String) -> StoreError) throws -> MeasureAndHealthLists {
        var lists = MeasureAndHealthLists()
        var options: [String: [Int: [String]]] = [:]
        let optionRows = try Row.fetchCursor(db.cachedStatement(sql: """
            SELECT activityId, version, field, option FROM fieldOption \(filter) ORDER BY activityId, version, field, position
            """), arguments: arguments)
        while let row = try optionRows.next() {
            options[Key(activityId: row[0], version: row[1]).text, default: [:]][row[2] as Int, default: []].append(row[3])
        }

        let sourceRows = try Row.fetchCursor(db.cachedStatement(sql: """
            SELECT activityId, version, name FROM activityHealthSource \(filter) ORDER BY activityId, version, position
            """), arguments: arguments)
        while let row = try sourceRows.next() {
            lists.sources[Key(activityId: row[0], version: row[1]).text, default: []].append(row[2])
        }

        let fieldRows = try Row.fetchCursor(db.cachedStatement(sql: """
            SELECT activityId, version, position, name, unit, rangeLow, rangeHigh, normalLow, normalHigh, decimals, loinc
            FROM measureField \(filter) ORDER BY activityId, version, position
            """), arguments: arguments)
        while let row = try fieldRows.next() {
            let key = Key(activityId: row[0], version: row[1])
            func interval(_ low: Int, _ high: Int) throws -> ClosedRange<Double>? {
                let a: Double? = row[low], b: Double? = row[high]
                guard let a, let b else {
                    if a == nil && b == nil { return nil }
                    throw damaged(key.activityId, key.version, tr("a measure field has half a range"))
                }
                guard a <= b else { throw damaged(key.activityId, key.version, tr("a measure field's range runs backwards")) }
                return a...b
            }
            lists.fields[key.text, default: []].append(Measure.Field(name: row[3], unit: row[4], range: try interval(5, 6), normal: try interval(7, 8),
                                                                decimals: row[9], options: options[key.text]?[row[2] as Int] ?? [], loinc: row[10]))
        }
        return lists
    }

    /// Columns 28...30 of a full version row: a sleep measure's settings.
    private static func sleepSettings(_ row: Row, damaged: (String) -> StoreError) throws -> SleepSettings {
        var settings = SleepSettings.standard
        if let text: String = row[28] {
            guard let (start, end) = SleepSettings.window(text) else { throw damaged("sleepWindow '\(text)'") }
            (settings.windowStart, settings.windowEnd) = (start, end)
        }
        if let minutes: Int = row[29] { settings.awakeningMinutes = minutes }
        if let text: String = row[30] {
            guard let headline = SleepSettings.Headline(rawValue: text) else { throw damaged("sleepHeadline '\(text)'") }
            settings.headline = headline
        }
        return settings
    }
}
