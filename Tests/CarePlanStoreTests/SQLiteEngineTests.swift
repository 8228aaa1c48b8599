import Foundation
import GRDB
import Testing
@testable import CarePlanStore

/// careplan runs on the SQLCipher it compiles in (Vendor/sqlcipher-4.9.0), not the system's SQLite,
/// and a store made without a key is an ordinary SQLite file that any SQLite reads.
@Suite struct SQLiteEngineTests {
    @Test func storesRunOnTheVendoredSQLCipherAndStayPlainWithoutAKey() throws {
        let folder = TemporaryFolder()
        let path = folder.path("care.sqlite")
        let store = try CareStore(path: path)
        let (version, cipher) = try store.read { db in
            (try String.fetchOne(db, sql: "SELECT sqlite_version()"), try String.fetchOne(db, sql: "PRAGMA cipher_version"))
        }
        #expect(version == "3.49.2")
        #expect(cipher?.hasPrefix("4.9.0") == true, "\(cipher ?? "no SQLCipher")")
        // No key: the file is plain SQLite, as before.
        let header = try FileHandle(forReadingFrom: URL(fileURLWithPath: path)).read(upToCount: 16)
        #expect(header == Data("SQLite format 3\u{0}".utf8))
    }
}
