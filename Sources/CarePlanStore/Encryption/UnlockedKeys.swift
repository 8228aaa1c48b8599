import CKeyring
import Foundation

/// Derived keys kept for a while in the kernel's user keyring (keyrings(7)), as `careplan unlock`
/// leaves them: the status line that runs every few seconds, `remind`, a sync timer and the
/// dashboard then open an encrypted store with no prompt and no derivation.
///
/// Why the kernel's keyring: the key stays in kernel memory (never swapped to disk, never in a
/// file), it times out by itself, `careplan lock` removes it for every process at once, and it
/// needs no agent process. The user keyring rather than the session's: a systemd user timer or a
/// tmux server started from another login has a session keyring of its own, and they all run as
/// the same user, who could read the key from any of their own processes anyway (docs/security.md).
/// Each key is named by its store's salt, which is in the store's first 16 bytes: a copy of the
/// store opens with the same key, and a store given a new key (a new salt) does not find the old.
public enum UnlockedKeys {
    static func name(salt: [UInt8]) -> String { "careplan:" + StoreKey.hex(salt) }

    /// Keeps `key` for `seconds`; throws the system's reason when the keyring refuses (a container
    /// whose seccomp filter forbids keyrings, a user over the kernel's quota). Returns when it
    /// times out.
    @discardableResult
    public static func keep(_ key: StoreKey, seconds: UInt32, now: Date = Date()) throws -> Date {
        let until = now.addingTimeInterval(TimeInterval(seconds))
        // The expiry travels with the key, so that `careplan unlock` can say how long is left.
        var expiry = UInt64(until.timeIntervalSince1970).littleEndian
        let stamp = withUnsafeBytes(of: &expiry) { Array($0) }
        let serial = key.withKeyringPayload { payload in
            var kept = payload + stamp
            defer { StoreKey.wipe(&kept) }
            return careplan_keyring_add(name(salt: key.salt), kept, kept.count, seconds)
        }
        guard serial >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EPERM) }
        return until
    }

    static let payloadLength = StoreKey.keyLength + StoreKey.saltLength + 8

    /// The key kept for the store with this salt, and when it times out, if it is there and has not.
    public static func find(salt: [UInt8]) -> (key: StoreKey, until: Date)? {
        let serial = careplan_keyring_find(name(salt: salt))
        guard serial >= 0 else { return nil }
        var payload = [UInt8](repeating: 0, count: payloadLength)
        defer { StoreKey.wipe(&payload) }
        let length = careplan_keyring_read(serial, &payload, payload.count)
        guard length == payload.count, Array(payload[StoreKey.keyLength..<(StoreKey.keyLength + StoreKey.saltLength)]) == salt,
              let key = StoreKey(raw: Array(payload[..<StoreKey.keyLength]), salt: salt) else { return nil }
        let expiry = payload[(StoreKey.keyLength + StoreKey.saltLength)...].reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        return (key, Date(timeIntervalSince1970: TimeInterval(expiry)))
    }

    /// Removes the key kept for the store with this salt; false when there was none.
    @discardableResult
    public static func forget(salt: [UInt8]) -> Bool {
        var forgot = false
        while case let serial = careplan_keyring_find(name(salt: salt)), serial >= 0 {
            guard careplan_keyring_invalidate(serial) == 0 else { break }
            forgot = true
        }
        return forgot
    }
}
