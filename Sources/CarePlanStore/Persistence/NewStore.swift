import GRDB

/// A new, empty store's schema, made in one transaction from the schema the migrations lead to
/// (`Schema.snapshot`) rather than by replaying every migration: replaying rebuilt tables and made
/// SQLite parse the whole schema again at each step, 0.1 s of every new store and of every import
/// into one (docs/storage.md). The migrations stay the one definition: the snapshot is generated
/// from them and `SchemaSnapshotTests` checks that a store made either way is the same.
extension Schema {
    /// The schema as SQLite keeps it after every migration, and the migrations that made it.
    struct Snapshot: Equatable {
        /// The identifiers of the migrations, in order, as `grdb_migrations` lists them.
        var migrations: [String]
        /// Each table, index and trigger's `CREATE` statement as `sqlite_master` holds it, in the
        /// order the migrations made them (a table before its indexes and triggers); then the
        /// rows the migrations leave in `sqlite_sequence`.
        var statements: [String]
    }

    /// Gives an empty database the current schema: from the snapshot when it was made from exactly
    /// these migrations, by the migrations themselves otherwise (a migration added since the
    /// snapshot was last generated).
    static func createNew(in writer: some DatabaseWriter, from snapshot: Snapshot = Schema.snapshot) throws {
        let migrator = self.migrator
        guard snapshot.migrations == migrator.migrations else { return try migrator.migrate(writer) }
        try writer.write { db in
            for statement in snapshot.statements { try db.execute(sql: statement) }
            let applied = try db.makeStatement(sql: "INSERT INTO grdb_migrations (identifier) VALUES (?)")
            for migration in snapshot.migrations { try applied.execute(arguments: [migration]) }
            try FHIRRows.makeIdentity(db)
        }
    }
}
