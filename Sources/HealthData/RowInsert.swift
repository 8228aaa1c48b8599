import GRDB
import GRDBSQLite

/// One prepared INSERT run through SQLite's C API with values bound in order.
///
/// An import runs it millions of times: GRDB's `StatementArguments` boxes every value in an
/// existential, which was much of the writing cost; here values go straight to `sqlite3_bind_*`.
/// It runs inside the transaction GRDB holds, on GRDB's own statement.
struct RowInsert {
    private let statement: Statement
    private let handle: OpaquePointer

    init(_ db: Database, sql: String) throws {
        statement = try db.makeStatement(sql: sql)
        handle = statement.sqliteStatement
    }

    /// Binds with `bind` and runs; true when a row was inserted (false when `OR IGNORE` ignored it).
    func run(_ db: Database, _ bind: (inout Binder) -> Void) throws -> Bool {
        sqlite3_reset(handle)
        var binder = Binder(handle: handle)
        bind(&binder)
        let code = sqlite3_step(handle)
        guard code == SQLITE_DONE else {
            let message = String(cString: sqlite3_errmsg(db.sqliteConnection))
            sqlite3_reset(handle)
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: message)
        }
        return sqlite3_changes(db.sqliteConnection) > 0
    }

    /// Binds the statement's parameters left to right.
    struct Binder {
        let handle: OpaquePointer
        private var index: Int32 = 1

        init(handle: OpaquePointer) { self.handle = handle }

        private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

        mutating func int(_ value: Int?) {
            if let value { sqlite3_bind_int64(handle, index, Int64(value)) } else { sqlite3_bind_null(handle, index) }
            index += 1
        }

        mutating func int(_ value: Int64?) { int(value.map(Int.init)) }

        mutating func bool(_ value: Bool?) { int(value.map { $0 ? 1 : 0 }) }

        mutating func double(_ value: Double?) {
            if let value { sqlite3_bind_double(handle, index, value) } else { sqlite3_bind_null(handle, index) }
            index += 1
        }

        /// Bytes SQLite reads where they are (`SQLITE_STATIC`): they must outlive the run, as a
        /// `SharedText`'s do the import.
        mutating func text(_ bytes: UnsafeBufferPointer<CChar>?) {
            if let bytes, let start = bytes.baseAddress, !bytes.isEmpty {
                sqlite3_bind_text(handle, index, start, Int32(bytes.count), nil)
            } else if bytes != nil {
                // An empty buffer may have no address, which SQLite would take for NULL.
                sqlite3_bind_text(handle, index, "", 0, nil)
            } else {
                sqlite3_bind_null(handle, index)
            }
            index += 1
        }

        mutating func text(_ value: String?) {
            if var value {
                value.withUTF8 { bytes in
                    // An empty buffer may have no address, which SQLite would take for NULL.
                    if bytes.isEmpty { sqlite3_bind_text(handle, index, "", 0, nil) }
                    else { sqlite3_bind_text(handle, index, UnsafeRawPointer(bytes.baseAddress!).assumingMemoryBound(to: CChar.self), Int32(bytes.count), Self.transient) }
                }
            } else {
                sqlite3_bind_null(handle, index)
            }
            index += 1
        }
    }
}
