import Foundation
import GRDB
import Testing

/// SQLCipher's own build (Tests/SQLCipherPeer: the sqlcipher3-binary wheel, SQLCipher 4.12) as a
/// second opinion on careplan's encrypted files: a store careplan encrypts is a SQLCipher 4 file
/// that SQLCipher opens with the passphrase and HMAC-SHA256, every page checked; and a store
/// encrypted with SQLCipher's defaults (HMAC-SHA512), as its own tool makes one, opens in careplan
/// with the passphrase alone, and `rekey` moves it to careplan's settings.
@Suite struct SQLCipherInteropTests {
    static let python: Result<String, Error> = Result { try PythonTool.setup("Tests/SQLCipherPeer/setup.sh") }
    static let script = CLI.repository.appendingPathComponent("Tests/SQLCipherPeer/sqlcipher_peer.py").path

    /// The rows of `sql` as SQLCipher reads them from `database`, after its integrity check.
    static func read(_ database: String, passphrase: String, hmac: String, _ sql: String) throws -> [[Any]] {
        let result = try Tool.run(try python.get(), [script, "read", database, passphrase, hmac, sql], withErrors: true)
        try #require(result.status == 0, "\(result.stdout)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[Any]])
    }

    @Test func sqlcipherItselfReadsEveryPageOfAStoreCareplanEncrypted() throws {
        let cli = try EncryptionCommandTests.imported()
        let marker = "MARKER-\(UUID().uuidString)"
        #expect(try cli.run(["log", "bp", "128/84", "--note", marker]).status == 0)
        let key = EncryptionCommandTests.keyFile(cli)
        #expect(try cli.run(["encrypt", "--key-file", key]).status == 0)
        // Written after encrypting too: pages careplan signed, in the file and its log.
        #expect(try cli.run(["done", "amlodipine", "--key-file", key]).status == 0)

        let notes = try Self.read(cli.db, passphrase: key, hmac: "HMAC_SHA256", "SELECT note FROM outcome WHERE note IS NOT NULL")
        #expect(notes.contains { ($0.first as? String) == marker })
        let done = try Self.read(cli.db, passphrase: key, hmac: "HMAC_SHA256", "SELECT COUNT(*) FROM outcome")
        #expect((done.first?.first as? Int) == 2)
        // Under SQLCipher's default HMAC the same file is refused: the setting is not a guess.
        let refused = try Tool.run(try Self.python.get(), [Self.script, "read", cli.db, key, "HMAC_SHA512", "SELECT 1"], withErrors: true)
        #expect(refused.status != 0 && refused.stdout.contains("file is not a database"), "\(refused)")
    }

    @Test func aStoreEncryptedWithSQLCiphersDefaultsOpensWithItsPassphrase() throws {
        let cli = try EncryptionCommandTests.imported()
        #expect(try cli.run(["done", "amlodipine"]).status == 0)
        let before = try cli.run(["today"]).stdout
        let key = EncryptionCommandTests.keyFile(cli)
        let stock = cli.folder.appendingPathComponent("stock.sqlite").path
        let made = try Tool.run(try Self.python.get(), [Self.script, "encrypt", cli.db, stock, key], withErrors: true)
        try #require(made.status == 0, "\(made.stdout)")

        let opened = try cli.run(["today", "--db", stock, "--key-file", key], useDB: false)
        #expect(opened.status == 0 && opened.stdout == before, "\(opened.stdout)\(opened.stderr)")
        #expect(try cli.run(["doctor", "--db", stock, "--key-file", key], useDB: false).stdout.contains("HMAC_SHA512"))
        let wrong = EncryptionCommandTests.keyFile(cli, "wrong", "not the passphrase at all")
        #expect(try cli.run(["today", "--db", stock, "--key-file", wrong], useDB: false).stderr.contains("the key does not open this store"))

        // rekey writes careplan's settings, which SQLCipher reads with HMAC-SHA256.
        let newKey = EncryptionCommandTests.keyFile(cli, "new-passphrase", "a new and longer passphrase")
        let rekeyed = try cli.run(["rekey", "--db", stock, "--key-file", key, "--new-key-file", newKey], useDB: false)
        #expect(rekeyed.status == 0, "\(rekeyed.stdout)\(rekeyed.stderr)")
        #expect(try cli.run(["doctor", "--db", stock, "--key-file", newKey], useDB: false).stdout.contains("HMAC_SHA256"))
        #expect(try cli.run(["today", "--db", stock, "--key-file", newKey], useDB: false).stdout == before)
        let rows = try Self.read(stock, passphrase: newKey, hmac: "HMAC_SHA256", "SELECT COUNT(*) FROM outcome")
        #expect((rows.first?.first as? Int) == 1)
    }

    /// careplan's crypto provider (Nettle) under SQLCipher 3's settings (PBKDF2 and page HMACs in
    /// SHA-1, 1 KiB pages) and SQLCipher 4's (SHA-512; careplan's SHA-256 is checked above): a file
    /// careplan's SQLite writes, SQLCipher's own build (OpenSSL) reads with every page checked, and
    /// the other way round; a wrong passphrase does not open it.
    @Test(arguments: [3, 4])
    func careplansCipherAndSQLCiphersOwnReadEachOthersFiles(version: Int) throws {
        let settings = "compatibility=\(version)"
        let cli = CLI()
        let key = EncryptionCommandTests.keyFile(cli)
        let words = (1...300).map { "row \($0) of careplan's cipher test, long enough to fill several pages" }
        func fill(_ db: Database) throws {
            try db.execute(sql: "CREATE TABLE line(text TEXT)")
            for text in words { try db.execute(sql: "INSERT INTO line VALUES (?)", arguments: [text]) }
        }
        func configuration(_ passphrase: String) -> Configuration {
            var configuration = Configuration()
            configuration.prepareDatabase { db in
                try db.execute(sql: "PRAGMA key = '\(passphrase)'")
                try db.execute(sql: "PRAGMA cipher_compatibility = \(version)")
            }
            return configuration
        }

        // careplan's SQLite writes; SQLCipher's build reads.
        let ours = cli.folder.appendingPathComponent("careplan-\(version).sqlite").path
        try DatabaseQueue(path: ours, configuration: configuration(EncryptionCommandTests.passphrase)).write { db in
            try fill(db)
        }
        let bytes = try Data(contentsOf: URL(fileURLWithPath: ours))
        #expect(bytes.range(of: Data("long enough".utf8)) == nil && bytes.prefix(6) != Data("SQLite".utf8))
        let read = try Self.read(ours, passphrase: key, hmac: settings, "SELECT text FROM line ORDER BY rowid")
        #expect(read.compactMap { $0.first as? String } == words)

        // SQLCipher's build writes; careplan's SQLite reads, and refuses a wrong passphrase.
        let plain = cli.folder.appendingPathComponent("plain.sqlite").path
        try DatabaseQueue(path: plain).write { db in
            try fill(db)
        }
        let theirs = cli.folder.appendingPathComponent("sqlcipher-\(version).sqlite").path
        let made = try Tool.run(try Self.python.get(), [Self.script, "encrypt", plain, theirs, key, String(version)], withErrors: true)
        try #require(made.status == 0, "\(made.stdout)")
        let back = try DatabaseQueue(path: theirs, configuration: configuration(EncryptionCommandTests.passphrase)).read { db in
            (try String.fetchOne(db, sql: "PRAGMA integrity_check"), try String.fetchAll(db, sql: "SELECT text FROM line ORDER BY rowid"))
        }
        #expect(back.0 == "ok" && back.1 == words)
        #expect(throws: (any Error).self) {
            try DatabaseQueue(path: theirs, configuration: configuration("not the passphrase")).read { db in
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM line")
            }
        }
    }
}
