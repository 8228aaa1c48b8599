import CarePlanStore
import GRDB
import Localization

/// Which source counts when two recorded the same thing: an iPhone and a Watch both count the
/// steps of the same walk, and HealthKit's statistics take each stretch of time from the
/// highest-priority source that covers it. careplan does the same.
///
/// The order is the user's (`careplan health sources --priority`), else the default: sources
/// whose name or device is a Watch first (worn, so they see the most), then iPhones, then other
/// apps and devices, by name.
public struct SourcePriority: Sendable {
    /// Source ids, highest priority first.
    public let order: [Int64]
    public let names: [Int64: String]

    /// The rank of a source (0 first).
    public func rank(_ id: Int64) -> Int { order.firstIndex(of: id) ?? order.count }

    /// The stored source name a person means by `typed`: real exports name devices with a
    /// no-break space and a curly apostrophe ("Sam’s Apple Watch"), which nobody types.
    public static func resolve(_ typed: String, among names: [String]) -> String? {
        func plain(_ text: String) -> String {
            var result = ""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\u{00A0}", "\u{2007}", "\u{2009}", "\u{202F}": result.append(" ")
                case "\u{2018}", "\u{2019}", "\u{02BC}": result.append("'")
                default: result.unicodeScalars.append(scalar)
                }
            }
            return result.lowercased()
        }
        let wanted = plain(typed)
        return names.first { $0 == typed } ?? names.first { plain($0) == wanted }
    }

    static func defaultRank(name: String, device: String?) -> Int {
        let text = (name + " " + (device ?? "")).lowercased()
        if text.contains("watch") { return 0 }
        if text.contains("iphone") { return 1 }
        return 2
    }
}

extension CareStore {
    /// The sources in the order statistics prefer them.
    public func sourcePriority() throws -> SourcePriority {
        try read { db in try SourcePriority.load(db) }
    }

    /// Puts `names` first, in that order (the others keep the default order after them). Every
    /// name must be a source the store knows (typed with plain spaces and apostrophes will do).
    /// Interventions done by a day's merged total are looked at again (through `today`).
    public func setSourcePriority(_ names: [String], today: LocalDate) throws {
        try write { db in
            let known = try String.fetchAll(db, sql: "SELECT name FROM healthSource WHERE personId = person()")
            let stored = try names.map { typed in
                guard let name = SourcePriority.resolve(typed, among: known) else { throw HealthDataError.unknownSource(typed, known: known.sorted()) }
                return name
            }
            try db.execute(sql: "UPDATE healthSource SET priority = NULL WHERE personId = person()")
            for (index, name) in stored.enumerated() {
                try db.execute(sql: "UPDATE healthSource SET priority = ? WHERE personId = person() AND name = ?", arguments: [index + 1, name])
            }
            // Overlapping days now count a different source first.
            try MergedDays.refreshAll(db)
            try PlanLinkage.sync(db, through: today)
        }
    }
}

extension SourcePriority {
    static func load(_ db: Database) throws -> SourcePriority {
        let rows = try Row.fetchAll(db, sql: "SELECT id, name, priority, defaultRank FROM healthSource WHERE personId = person()")
        let ranked = rows.map { row -> (id: Int64, name: String, key: (Int, Int, String)) in
            let id: Int64 = row["id"], name: String = row["name"], priority: Int? = row["priority"]
            let key = priority.map { (0, $0, name) } ?? (1, row["defaultRank"] as Int, name)
            return (id, name, key)
        }.sorted { $0.key < $1.key }
        return SourcePriority(order: ranked.map(\.id), names: Dictionary(uniqueKeysWithValues: ranked.map { ($0.id, $0.name) }))
    }
}

/// What the health data commands refuse.
public enum HealthDataError: UserFacingError, Equatable {
    case unknownSource(String, known: [String])

    public var description: String {
        switch self {
        case .unknownSource(let name, let known):
            if known.isEmpty { return tr("no source called '{name}'; the store has no health data yet", ["name": name]) }
            return tr("no source called '{name}'; sources: {sources}", ["name": name, "sources": known.joined(separator: ", ")])
        }
    }
}
