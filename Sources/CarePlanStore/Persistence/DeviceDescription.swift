/// A device as HealthKit describes it, kept as its fields alone.
///
/// An export writes a sample's device as `<<HKDevice: 0x283c0d680>, name:Apple Watch,
/// manufacturer:Apple Inc., model:Watch, hardware:Watch6,2, software:9.1>`. The head is the
/// address of the object in the phone's memory when the export was made, different from record
/// to record: kept, it made one watch thousands of devices. A device is what its fields say
/// (name, manufacturer, model, hardware, software, and any identifier the maker gives), so the
/// store keeps `name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,2,
/// software:9.1` and two records of the same watch share one row (`healthDevice`).
public enum DeviceDescription {
    static let head = Array("<<HKDevice:".utf8)

    /// The part of `bytes` to keep: after the head's `>, ` and before the closing `>`; all of it
    /// when it does not start as HealthKit's description does. Bytes, not a String: the importer
    /// asks once per record, before any text is made.
    public static func fields(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        guard bytes.count > head.count, bytes.starts(with: head), let close = bytes.firstIndex(of: 0x3E) else { return bytes }
        var start = close + 1, end = bytes.endIndex
        // The description closes its own `<` with the last `>`; the fields come after ", ".
        if end > start, bytes[end - 1] == 0x3E { end -= 1 }
        while start < end, bytes[start] == 0x2C || bytes[start] == 0x20 { start += 1 }
        return UnsafeBufferPointer(rebasing: bytes[start..<end])
    }

    /// As `fields(_:)`, for a stored description (an older careplan kept the address).
    public static func fields(_ description: String) -> String {
        var text = description
        return text.withUTF8 { String(decoding: fields($0), as: UTF8.self) }
    }
}
