/// UUIDs that are the same every time the same thing is exported, so a re-export updates a
/// clinic's copy instead of duplicating it: RFC 9562's version 8 (a UUID whose 122 free bits the
/// application chooses), filled with the FNV-1a 128-bit hash of the store's own UUID and the
/// thing's key.
///
/// Name-based version 5 would need SHA-1, and with it a cryptographic library, for what is no
/// secret: two keys of one store colliding in 122 bits is not a practical concern.
enum StableUUID {
    static func make(store: String, key: String) -> String {
        var hash: UInt128 = 0x6c62272e_07bb0142_62b82175_6295c58d
        let prime: UInt128 = 0x00000000_01000000_00000000_0000013b
        for byte in (store + "\u{0}" + key).utf8 {
            hash ^= UInt128(byte)
            hash = hash &* prime
        }
        var bytes = (0..<16).map { UInt8(truncatingIfNeeded: hash >> (8 * (15 - $0))) }
        bytes[6] = (bytes[6] & 0x0f) | 0x80   // version 8
        bytes[8] = (bytes[8] & 0x3f) | 0x80   // the RFC's variant
        let hex = bytes.map { byte in String(byte, radix: 16).leftPadded(to: 2) }
        return [hex[0..<4], hex[4..<6], hex[6..<8], hex[8..<10], hex[10..<16]].map { $0.joined() }.joined(separator: "-")
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
