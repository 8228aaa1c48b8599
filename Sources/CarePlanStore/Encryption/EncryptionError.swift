import Localization

/// What can go wrong with an encrypted store's key or its conversion. The messages name the file
/// and the problem; the command line adds where a key can come from.
public enum EncryptionError: UserFacingError, Equatable {
    /// The key given does not open the store.
    case wrongKey(path: String)
    /// Encrypting a store that is encrypted already, or decrypting a plain one.
    case alreadyEncrypted(path: String)
    case notEncrypted(path: String)
    /// Another program has the store open, so it cannot be converted under its feet.
    case inUse(path: String)
    /// The converted copy did not check out; the store was left as it was.
    case verification(path: String, detail: String)
    /// The key could not be derived (Nettle was given a length or a round count it cannot take).
    case derivation

    public var description: String {
        switch self {
        case .wrongKey(let path):
            // TRANSLATORS: follows nothing; {path} is the store's file.
            return tr("{path}: the key does not open this store (a mistyped passphrase, or another store's key); nothing was read or written", ["path": path])
        case .alreadyEncrypted(let path): return tr("{path} is encrypted already; nothing was changed", ["path": path])
        case .notEncrypted(let path): return tr("{path} is not encrypted; nothing was changed", ["path": path])
        case .inUse(let path):
            return tr("{path} is open in another program (the dashboard, careplan remind, a sync?); close it and try again; nothing was changed", ["path": path])
        case .verification(let path, let detail):
            // TRANSLATORS: {detail} says what differed, e.g. "table outcome: 120 rows, the copy 119".
            return tr("{path}: the converted copy did not match the store ({detail}); the store was left as it was", ["path": path, "detail": detail])
        case .derivation: return tr("the passphrase's key could not be derived; nothing was read or written")
        }
    }
}
