import CarePlanStore
import GRDBSQLite

/// A bare read-only SQLite connection through the C API: no GRDB, no records, no Swift values
/// beyond what the caller reads. The floor the insights engine is compared with.
final class SQLiteConnection {
    private var handle: OpaquePointer?
    private var statements: [String: OpaquePointer] = [:]
    /// `SQLITE_TRANSIENT`: SQLite copies bound text, as GRDB has it do.
    private let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    init(path: String) throws {
        let code = sqlite3_open_v2(path, &handle, SQLITE_OPEN_READONLY, nil)
        guard code == SQLITE_OK else {
            defer { sqlite3_close_v2(handle) }
            throw BenchmarkError("sqlite3_open_v2 \(path): \(String(cString: sqlite3_errstr(code)))")
        }
        // An encrypted store (issue 37) is read with the key this run unlocked.
        if let key = EncryptedStore.key(for: path), key.apply(toConnection: handle) != SQLITE_OK {
            throw BenchmarkError("sqlite3_key \(path) failed")
        }
    }

    deinit {
        for statement in statements.values { sqlite3_finalize(statement) }
        sqlite3_close_v2(handle)
    }

    static var libraryVersion: String { String(cString: sqlite3_libversion()) }

    /// Prepared once and reused, as GRDB's cached statements are.
    func statement(_ sql: String) throws -> OpaquePointer {
        if let cached = statements[sql] { return cached }
        var statement: OpaquePointer?
        guard sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil) == SQLITE_OK, let statement else {
            throw BenchmarkError("prepare failed: \(String(cString: sqlite3_errmsg(handle)))\n\(sql)")
        }
        statements[sql] = statement
        return statement
    }

    func execute(_ sql: String) throws {
        let statement = try statement(sql)
        defer { sqlite3_reset(statement) }
        guard sqlite3_step(statement) == SQLITE_DONE else { throw BenchmarkError("\(sql): \(String(cString: sqlite3_errmsg(handle)))") }
    }

    /// Binds text arguments, then calls `row` for each result row with the live statement.
    func query(_ statement: OpaquePointer, _ arguments: [String], row: (OpaquePointer) -> Void) throws {
        defer { sqlite3_reset(statement) }
        for (index, argument) in arguments.enumerated() {
            sqlite3_bind_text(statement, Int32(index + 1), argument, -1, transient)
        }
        while true {
            switch sqlite3_step(statement) {
            case SQLITE_ROW: row(statement)
            case SQLITE_DONE: return
            default: throw BenchmarkError("step failed: \(String(cString: sqlite3_errmsg(handle)))")
            }
        }
    }
}
