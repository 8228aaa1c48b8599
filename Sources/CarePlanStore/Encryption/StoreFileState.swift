import Foundation

/// What is at a store's path, told from its first bytes without opening it through SQLite: so a
/// command knows whether it needs a key before it asks anyone for one, and a plain store pays
/// nothing for encryption being possible.
public enum StoreFileState: Equatable {
    case missing
    /// No bytes yet: a store about to be made.
    case empty
    /// An ordinary SQLite file (`SQLite format 3`).
    case plain
    /// An SQLCipher file: its first 16 bytes are the salt its key was derived with.
    case encrypted(salt: [UInt8])
    /// Neither: not a database, or damaged.
    case other

    /// SQLCipher's page size (its default, which careplan keeps): an encrypted file is whole pages.
    static let pageSize = 4096

    public static func inspect(_ path: String) -> StoreFileState {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return errno == ENOENT ? .missing : .other }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return .other }
        var header = [UInt8](repeating: 0, count: 16)
        let count = read(descriptor, &header, header.count)
        if count == 0 { return .empty }
        guard count == header.count else { return .other }
        if header == Array("SQLite format 3\u{0}".utf8) { return .plain }
        // Random bytes and whole pages: what SQLCipher writes. A text file or a truncated copy is
        // not a multiple of 4096 bytes, and is reported as not a database rather than as locked.
        return Int(info.st_size) % pageSize == 0 ? .encrypted(salt: header) : .other
    }
}
