import Foundation
import GRDB
import Localization

/// Someone whose care plan the store holds: a parent, a child, oneself.
public struct Person: Sendable, Hashable {
    public let id: Int64
    /// What `--person` matches and the dashboard's header shows: "Mum".
    public let name: String

    public init(id: Int64, name: String) {
        self.id = id
        self.name = name
    }
}

/// Whose rows the store's connections read and write: what SQL's `person()` answers with.
///
/// Every per-person table is keyed by `personId` first, and every query of one says
/// `personId = person()` (PeopleSchema): the store is opened for one person at a time, and
/// switching person (the dashboard's key, `careplan status` going through everyone) is changing
/// this, not rewriting queries. With nobody chosen, `person()` is NULL: queries find nothing and
/// inserts fail, rather than filing a reading under someone.
final class PersonChoice: @unchecked Sendable {
    private let lock = NSLock()
    private var chosen: Person?
    /// A person to add with the first write: `import PLAN --person Dad` for a name not in the store.
    private var toAdd: String?

    var person: Person? { lock.withLock { chosen } }
    var pendingName: String? { lock.withLock { toAdd } }

    func choose(_ person: Person?, adding name: String? = nil) {
        lock.withLock { (chosen, toAdd) = (person, name) }
    }

    var state: (Person?, String?) { lock.withLock { (chosen, toAdd) } }
    func restore(_ state: (Person?, String?)) { lock.withLock { (chosen, toAdd) = state } }

    /// `person()`, on every connection the store opens.
    var function: DatabaseFunction {
        DatabaseFunction("person", argumentCount: 0, pure: true) { [unowned self] _ in self.person?.id }
    }
}

extension CareStore {
    /// Whose plan the store's reads and writes are for; nil before anyone's plan is in the store.
    public var person: Person? { personChoice.person }

    /// Everyone whose plan the store holds, in the order they were added.
    public func people() throws -> [Person] {
        try readForStore { db in try Self.people(db) }
    }

    static func people(_ db: Database) throws -> [Person] {
        // A cursor rather than Row.fetchAll (see StoreReader.plan): every command opening the store reads this.
        var people: [Person] = []
        let rows = try Row.fetchCursor(db.cachedStatement(sql: "SELECT id, name FROM person ORDER BY id"))
        while let row = try rows.next() { people.append(Person(id: row[0], name: row[1])) }
        return people
    }

    /// Opens the store for `name`: the person of that name (ignoring case), else the one whose
    /// name it starts. Without a name, the only person in the store (or nobody yet, in a new
    /// store); a store holding several people needs the name. With `adding`, a name nobody has is
    /// a new person, added by the first write (an import of their plan), so that nothing is
    /// added when the import is refused. `known`: the people as just read (`peopleWhenOpened`,
    /// right after opening), else they are read now.
    public func choosePerson(_ name: String?, adding: Bool = false, among known: [Person]? = nil) throws {
        let everyone = try known ?? people()
        guard let name else {
            if everyone.count > 1 { throw CarePlanError.personNeeded(known: everyone.map(\.name)) }
            personChoice.choose(everyone.first)
            return
        }
        let wanted = String(name.trimmingSpaces)
        if wanted.isEmpty { throw CarePlanError.invalidPersonName(name, reason: tr("it is empty")) }
        if let exact = everyone.first(where: { $0.name.caseInsensitiveCompare(wanted) == .orderedSame }) {
            personChoice.choose(exact)
            return
        }
        let starting = everyone.filter { $0.name.lowercased().hasPrefix(wanted.lowercased()) }
        if adding {
            // "Mu" when Mum is in the store: a new person named Mu is rarely what was meant.
            if !starting.isEmpty { throw CarePlanError.startsSomeonesName(name, matches: starting.map(\.name)) }
            try Self.checkName(wanted)
            personChoice.choose(nil, adding: wanted)
            return
        }
        guard let found = starting.first else { throw CarePlanError.unknownPerson(name, known: everyone.map(\.name)) }
        if starting.count > 1 { throw CarePlanError.ambiguousPerson(name, matches: starting.map(\.name)) }
        personChoice.choose(found)
    }

    /// Opens the store for `person` (one of `people()`).
    public func choose(_ person: Person) {
        personChoice.choose(person)
    }

    /// Runs `body` for each person in turn (everyone in the store now, or `people`), the store
    /// opened for them; then for whoever it was before.
    public func forEachPerson<T>(among people: [Person]? = nil, _ body: (Person) throws -> T) throws -> [T] {
        let before = personChoice.state
        defer { personChoice.restore(before) }
        return try (people ?? self.people()).map { person in
            personChoice.choose(person)
            return try body(person)
        }
    }

    /// A person's name: what can be typed after `--person` and shown in a header.
    static func checkName(_ name: String) throws {
        if name.isEmpty { throw CarePlanError.invalidPersonName(name, reason: tr("it is empty")) }
        if let problem = InputLimits.check(name, 60, .name) { throw CarePlanError.invalidPersonName(name, reason: problem) }
        if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw CarePlanError.invalidPersonName(name, reason: tr("it holds a control character"))
        }
        if name.hasPrefix("-") { throw CarePlanError.invalidPersonName(name, reason: tr("it starts with '-', which reads as an option")) }
    }

    /// In a store with nobody in it yet, the name the first write gives its person (an import's
    /// patient); "me" without one.
    func suggestFirstPerson(_ name: String?) {
        guard let name, personChoice.person == nil, personChoice.pendingName == nil, (try? Self.checkName(name)) != nil else { return }
        personChoice.choose(nil, adding: name)
    }

    /// At the start of every write: the person it is for exists. A new name chosen with `adding`
    /// is added now; in a store with nobody yet, the first write adds "me" or the name suggested.
    /// Undone with the transaction when the write fails (`write`).
    func ensurePerson(_ db: Database) throws {
        guard personChoice.person == nil else { return }
        if personChoice.pendingName == nil {
            // A store with people in it never guesses whose a write is.
            let everyone = try Self.people(db)
            if !everyone.isEmpty { throw CarePlanError.personNeeded(known: everyone.map(\.name)) }
        }
        let name = personChoice.pendingName ?? PlanSnapshot.unnamedPerson
        try db.execute(sql: "INSERT INTO person (name, createdAt) VALUES (?, ?) ON CONFLICT (name) DO NOTHING",
                       arguments: [name, Timestamp.string(Date())])
        guard let row = try Row.fetchOne(db, sql: "SELECT id, name FROM person WHERE name = ?", arguments: [name]) else { return }
        personChoice.choose(Person(id: row[0], name: row[1]))
    }
}

extension CareStore {
    /// Gives the person the store is open for a new name (another person's name is refused).
    public func renamePerson(to name: String) throws {
        let wanted = String(name.trimmingSpaces)
        try Self.checkName(wanted)
        guard let person = personChoice.person else { throw CarePlanError.unknownPerson(name, known: try people().map(\.name)) }
        try writeForStore { db in
            if let other = try Self.people(db).first(where: { $0.id != person.id && $0.name.caseInsensitiveCompare(wanted) == .orderedSame }) {
                throw CarePlanError.invalidPersonName(wanted, reason: tr("{name} is someone else in this store", ["name": other.name]))
            }
            try db.execute(sql: "UPDATE person SET name = ? WHERE id = ?", arguments: [wanted, person.id])
        }
        personChoice.choose(Person(id: person.id, name: wanted))
    }
}
