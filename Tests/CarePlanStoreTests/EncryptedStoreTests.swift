import CSQLCipher
import Foundation
import GRDB
import Testing
@testable import CarePlanStore

/// An encrypted store through the store's own API: what reaches the disk (the file and its
/// write-ahead log), the copies made of it, and the key's derivation against SQLCipher's own.
@Suite struct EncryptedStoreTests {
    static let passphrase = Array("correct horse battery staple".utf8)

    /// A plain store with the sample plan, converted to an encrypted one; its key.
    static func encrypted(_ test: TestStore) throws -> StoreKey {
        try test.store.close()
        let key = try StoreKey.derive(passphrase: passphrase, salt: StoreKey.newSalt())
        _ = try StoreConversion.convert(path: test.store.path, from: nil, to: key)
        return key
    }

    static func bytes(_ path: String) -> Data { FileManager.default.contents(atPath: path) ?? Data() }

    /// A reading with a marker, written while the store stays open: it sits in the write-ahead
    /// log, which for an encrypted store holds encrypted pages only. The same on a plain store
    /// finds the marker, so the check can fail.
    @Test(arguments: [true, false])
    func theLogHoldsOnlyEncryptedPages(encrypt: Bool) throws {
        let test = try TestStore.withSamplePlan()
        let key = encrypt ? try Self.encrypted(test) : nil
        try test.store.close()
        let store = try CareStore(path: test.store.path, key: key)
        let marker = "MARKER-glucose-7.8-\(UUID().uuidString)"
        try store.log("temperature", inputs: ["37.2"], date: date("2026-11-20"), note: marker, clock: clock("2026-11-20T08:00"))
        let log = Self.bytes(store.path + "-wal")
        #expect(log.count > 0, "the reading is in the log until the store closes")
        #expect(log.range(of: Data(marker.utf8)) == nil || !encrypt, "the log holds the marker in plain text")
        #expect(log.range(of: Data(marker.utf8)) != nil || encrypt, "a plain store's log holds it: the check can fail")
        try store.close()
        let file = Self.bytes(store.path)
        #expect(file.starts(with: Data("SQLite format 3".utf8)) == !encrypt)
        #expect((file.range(of: Data(marker.utf8)) == nil) == encrypt)
        // Read back with the key, as written.
        let again = try CareStore(path: store.path, key: key)
        #expect(try again.read { try String.fetchOne($0, sql: "SELECT note FROM outcome WHERE note = ?", arguments: [marker]) } == marker)
    }

    /// No key, a wrong key: refused before anything is read or written, the file as it was.
    @Test func withoutItsKeyTheStoreIsRefusedAndUnchanged() throws {
        let test = try TestStore.withSamplePlan()
        _ = try Self.encrypted(test)
        let before = Self.bytes(test.store.path)
        #expect(throws: StoreError.encrypted(path: test.store.path)) { try CareStore(path: test.store.path) }
        let wrong = try StoreKey.derive(passphrase: Array("Tr0ub4dor&3".utf8), salt: Array(before.prefix(16)))
        #expect(throws: EncryptionError.wrongKey(path: test.store.path)) { try CareStore(path: test.store.path, key: wrong) }
        #expect(throws: EncryptionError.wrongKey(path: test.store.path)) {
            try StoreConversion.convert(path: test.store.path, from: wrong, to: nil)
        }
        #expect(Self.bytes(test.store.path) == before)
        #expect(!FileManager.default.fileExists(atPath: StoreConversion.workingPath(for: test.store.path)))
    }

    /// The key careplan derives once is the one SQLCipher derives from the passphrase itself
    /// (`PRAGMA key`), so SQLCipher's own tool opens a careplan store with the passphrase, and
    /// careplan opens a file SQLCipher made.
    @Test func theDerivedKeyIsSQLCiphersOwn() throws {
        let folder = TemporaryFolder()
        let path = folder.path("sqlcipher.db")
        var config = Configuration()
        config.prepareDatabase { db in
            let status = Self.passphrase.withUnsafeBytes { sqlite3_key(db.sqliteConnection, $0.baseAddress, Int32($0.count)) }
            #expect(status == 0)
        }
        let made = try DatabaseQueue(path: path, configuration: config)
        try made.write { db in try db.execute(sql: "CREATE TABLE t(x); INSERT INTO t VALUES ('made by SQLCipher')") }
        try made.close()
        guard case .encrypted(let salt) = StoreFileState.inspect(path) else {
            Issue.record("not an SQLCipher file: \(StoreFileState.inspect(path))")
            return
        }
        let key = try StoreKey.derive(passphrase: Self.passphrase, salt: salt)
        var keyed = Configuration()
        keyed.prepareDatabase { db in try key.apply(to: db) }
        // Opened as careplan opens a store (StoreKey.opening): whether SQLCipher made the file with
        // its own default page HMAC or with careplan's depends on whether another test in this
        // process has set careplan's default yet.
        let opened = try key.opening { try DatabaseQueue(path: path, configuration: keyed) }
        #expect(try opened.read { try String.fetchOne($0, sql: "SELECT x FROM t") } == "made by SQLCipher")
    }

    /// The copy made before a migration and `doctor --backup`'s are encrypted under the store's
    /// key, and open with it as the store does.
    @Test func backupsAreEncryptedUnderTheStoresKey() throws {
        let folder = TemporaryFolder()
        let path = folder.path("care.sqlite")
        _ = try SchemaMigrationTests().writeV3Store(at: path)
        let key = try StoreKey.derive(passphrase: Self.passphrase, salt: StoreKey.newSalt())
        _ = try StoreConversion.convert(path: path, from: nil, to: key)
        let store = try CareStore(path: path, key: key)
        let copy = try #require(store.migrationBackup)
        let backup = folder.path("backup.sqlite")
        try store.backup(to: backup)
        for file in [copy, backup] {
            #expect(!Self.bytes(file).starts(with: Data("SQLite format 3".utf8)), "\(file) is plain")
            #expect(throws: StoreError.encrypted(path: file)) { try CareStore(path: file, createIfMissing: false) }
        }
        #expect(try CareStore(path: backup, key: key).plan().title == "Knee recovery")
        // The migration's copy keeps the old schema, and migrates when opened with the key.
        let old = try CareStore(path: copy, key: key)
        #expect(old.migrationBackup != nil)
        #expect(try old.plan().title == "Knee recovery")
    }

    /// Plain, encrypted, a new key, plain again: every row as it was, and each step refused when
    /// the store is not in the state it converts from.
    @Test func everyRowSurvivesEncryptingRekeyingAndDecrypting() throws {
        let test = try TestStore.withSamplePlan()
        for day in 1...20 {
            try test.store.log("temperature", inputs: [String(format: "%.1f", 36.0 + Double(day) / 20)], date: date("2026-11-\(String(format: "%02d", day))"),
                               note: "day \(day)", clock: clock("2026-11-21T09:00"))
        }
        try test.store.close()
        let path = test.store.path
        func rows(_ key: StoreKey?) throws -> [[String]] {
            let store = try CareStore(path: path, key: key)
            defer { try? store.close() }
            return try store.read { db in
                try Row.fetchAll(db, sql: "SELECT activityId, date, occurrence, note FROM outcome ORDER BY id").map { row in
                    (0..<4).map { (row[$0] as DatabaseValue).description }
                }
            }
        }
        let before = try rows(nil)
        let first = try StoreKey.derive(passphrase: Self.passphrase, salt: StoreKey.newSalt())
        let second = try StoreKey.derive(passphrase: Array("another good passphrase".utf8), salt: StoreKey.newSalt())
        let encrypted = try StoreConversion.convert(path: path, from: nil, to: first)
        #expect(encrypted.rows > 20 && encrypted.tables > 10)
        #expect(try rows(first) == before)
        _ = try StoreConversion.convert(path: path, from: first, to: second)
        #expect(throws: EncryptionError.wrongKey(path: path)) { try CareStore(path: path, key: first) }
        #expect(try rows(second) == before)
        _ = try StoreConversion.convert(path: path, from: second, to: nil)
        #expect(StoreFileState.inspect(path) == .plain)
        #expect(try rows(nil) == before)
        // The store is a WAL database again, as careplan keeps it.
        #expect(try DatabaseQueue(path: path).read { try String.fetchOne($0, sql: "PRAGMA journal_mode") } == "wal")
    }
}
