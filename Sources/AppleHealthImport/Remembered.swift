/// What was made of an attribute's bytes on the record before, handed out again while the bytes
/// repeat: a large export writes the same type, source, version, device and unit on thousands of
/// records in a row, and making a new String (or looking one up) for each was much of the
/// reading cost.
struct Remembered<Value> {
    private var bytes: [UInt8] = []
    private var value: Value?

    /// The value for `new`: the last one when the bytes are the same, else `make`'s.
    mutating func value(_ new: UnsafeBufferPointer<UInt8>, make: (UnsafeBufferPointer<UInt8>) -> Value) -> Value {
        if let value, Self.same(bytes, new) { return value }
        bytes = Array(new)
        let made = make(new)
        value = made
        return made
    }

    static func same(_ bytes: [UInt8], _ new: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.count == new.count && bytes.withUnsafeBufferPointer { old in
            new.isEmpty || equal(UnsafeRawPointer(old.baseAddress!), UnsafeRawPointer(new.baseAddress!), count: new.count)
        }
    }

    /// Eight bytes at a time, inline: most of what is compared (a type, a unit, a version) is a
    /// few dozen bytes, for which a call to `memcmp` cost more than the comparing.
    private static func equal(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int) -> Bool {
        var offset = 0
        while offset + 8 <= count {
            if a.loadUnaligned(fromByteOffset: offset, as: UInt64.self) != b.loadUnaligned(fromByteOffset: offset, as: UInt64.self) { return false }
            offset += 8
        }
        while offset < count {
            if a.load(fromByteOffset: offset, as: UInt8.self) != b.load(fromByteOffset: offset, as: UInt8.self) { return false }
            offset += 1
        }
        return true
    }
}

/// The text of an attribute, made once while it repeats.
struct RememberedText {
    private var last = Remembered<String>()

    mutating func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        last.value(bytes) { String(decoding: $0, as: UTF8.self) }
    }
}
