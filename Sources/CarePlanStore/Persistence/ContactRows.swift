import GRDB
import Localization

/// How the store keeps contacts (schema v8): one row per contact for its place in the list, one per
/// version with the details as columns (`removed` from the day the plan stopped listing them), and
/// the activities each version is responsible for in their own list, like an activity's times.
enum ContactRows {
    static func create(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE contact (
                name TEXT PRIMARY KEY,
                position INTEGER NOT NULL          -- the order of the plan file that last listed it
            );
            CREATE TABLE contactVersion (
                name TEXT NOT NULL REFERENCES contact(name),
                version INTEGER NOT NULL CHECK (version >= 1),
                effectiveFrom TEXT NOT NULL,       -- the first day this version governs
                importedAt TEXT NOT NULL,
                removed INTEGER NOT NULL DEFAULT 0,   -- 1: not in the plan from effectiveFrom on
                role TEXT,
                groupName TEXT CHECK (groupName IN ('care-team', 'personal')),
                phone TEXT,
                email TEXT,
                address TEXT,
                notes TEXT,
                PRIMARY KEY (name, version)
            );
            CREATE TABLE contactActivity (
                name TEXT NOT NULL,
                version INTEGER NOT NULL,
                position INTEGER NOT NULL,
                activityId TEXT NOT NULL,
                PRIMARY KEY (name, version, position)
            );
            """)
    }

    /// Writes one version; `contact` nil records that the plan no longer lists `name`.
    static func insert(_ contact: Contact?, name: String, version: Int, effectiveFrom: LocalDate, importedAt: String, into db: Database) throws {
        try db.execute(sql: """
            INSERT INTO contactVersion (personId, name, version, effectiveFrom, importedAt, removed, role, groupName, phone, email, address, notes, crisisLine)
            VALUES (person(), ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, arguments: [name, version, effectiveFrom.iso, importedAt, contact == nil, contact?.role, contact?.group.rawValue,
                             contact?.phone, contact?.email, contact?.address, contact?.notes, contact?.crisisLine ?? false])
        for (position, id) in (contact?.activities ?? []).enumerated() {
            try db.execute(sql: "INSERT INTO contactActivity (personId, name, version, position, activityId) VALUES (person(), ?, ?, ?, ?)",
                           arguments: [name, version, position, id])
        }
    }

    /// Every contact's versions, in list order, oldest version first.
    static func read(_ db: Database, path: String) throws -> [ContactHistory] {
        var activities: [String: [Int: [String]]] = [:]
        for row in try Row.fetchAll(db.cachedStatement(sql: "SELECT name, version, activityId FROM contactActivity WHERE personId = person() ORDER BY name, version, position")) {
            activities[row[0], default: [:]][row[1] as Int, default: []].append(row[2])
        }
        var versions: [String: [ContactHistory.Version]] = [:]
        for row in try Row.fetchAll(db.cachedStatement(sql: """
            SELECT name, version, effectiveFrom, removed, role, groupName, phone, email, address, notes, crisisLine
            FROM contactVersion WHERE personId = person() ORDER BY effectiveFrom, version
            """)) {
            let name: String = row[0], version: Int = row[1], effective: String = row[2]
            func damaged(_ what: String) -> StoreError {
                // TRANSLATORS: {what} names what is wrong: a column of the database and its value (effectiveFrom '2026-13-01'), or a sentence.
                .damaged(path: path, detail: tr("version {version} of contact '{name}' cannot be read: {what}", ["version": String(version), "name": name, "what": what]))
            }
            guard let from = LocalDate(iso: effective) else { throw damaged("effectiveFrom '\(effective)'") }
            var contact: Contact?
            if !(row[3] as Bool) {
                let groupText: String? = row[5]
                guard let role: String = row[4], let group = groupText.flatMap(Contact.Group.init(rawValue:)) else {
                    throw damaged(tr("role or group missing"))
                }
                contact = Contact(name: name, role: role, group: group, phone: row[6], email: row[7], address: row[8], notes: row[9],
                                  activities: activities[name]?[version] ?? [])
                contact?.crisisLine = row[10]
            }
            versions[name, default: []].append(ContactHistory.Version(version: version, effectiveFrom: from, contact: contact))
        }
        return try String.fetchAll(db.cachedStatement(sql: "SELECT name FROM contact WHERE personId = person() ORDER BY position, name")).compactMap { name in
            versions[name].map { ContactHistory(name: name, versions: $0) }
        }
    }

    /// Brings the store's contacts in line with `contacts` from `effective` on: new ones added,
    /// changed ones given a new version, ones the file no longer lists marked removed from then.
    /// What it did, by name.
    /// Moves a contact to `position`, writing nothing when it is there already.
    static func setPosition(_ position: Int, of name: String, in db: Database) throws {
        try db.execute(sql: "UPDATE contact SET position = ?1 WHERE personId = person() AND name = ?2 AND position IS NOT ?1", arguments: [position, name])
    }

    static func importContacts(_ contacts: [Contact], existing: [ContactHistory], effective: LocalDate, importedAt: String,
                               into db: Database) throws -> [(name: String, change: ImportReport.Change)] {
        var changes: [(name: String, change: ImportReport.Change)] = []
        let known = Dictionary(uniqueKeysWithValues: existing.map { ($0.name, $0) })
        for (position, contact) in contacts.enumerated() {
            guard let history = known[contact.name] else {
                try db.execute(sql: "INSERT INTO contact (personId, name, position) VALUES (person(), ?, ?)", arguments: [contact.name, position])
                try insert(contact, name: contact.name, version: 1, effectiveFrom: effective, importedAt: importedAt, into: db)
                changes.append((contact.name, .added))
                continue
            }
            try setPosition(position, of: contact.name, in: db)
            if history.contact(on: effective) == contact {
                changes.append((contact.name, .unchanged))
                continue
            }
            let version = (history.versions.map(\.version).max() ?? 0) + 1
            try insert(contact, name: contact.name, version: version, effectiveFrom: effective, importedAt: importedAt, into: db)
            changes.append((contact.name, .changed(version: version, effective: effective)))
        }
        let listed = Set(contacts.map(\.name))
        for (offset, history) in existing.filter({ !listed.contains($0.name) }).enumerated() {
            try setPosition(contacts.count + offset, of: history.name, in: db)
            guard history.contact(on: effective) != nil else { continue }
            let version = (history.versions.map(\.version).max() ?? 0) + 1
            try insert(nil, name: history.name, version: version, effectiveFrom: effective, importedAt: importedAt, into: db)
            changes.append((history.name, .removed(effective: effective)))
        }
        return changes
    }
}
