/// A short name that changes with a text: FNV-1a, 64 bits, as 16 hex digits. Not a secret and not
/// a checksum against tampering; a form without a version is named by it, and the benchmark names
/// its cached histories by it.
public enum ContentHash {
    public static func fnv1a(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
