import CarePlanStore
import HealthData

/// The parts of a record that repeat from one record to the next, each made once while its bytes
/// repeat (`Remembered`): the type, with what the reader decides by it, the unit, a category's
/// value, the zone it was recorded in, and the source.
struct RecordMemo {
    /// A record's type, and whether it is half of a blood-pressure reading (decided once per run
    /// of records, not by comparing identifiers on each).
    struct TypeEntry {
        let identifier: String
        let type: HealthType
        let isBloodPressurePart: Bool
    }

    private var types = Remembered<TypeEntry>()
    var units = RememberedText()
    var categoryValues = RememberedText()
    var timeZones = RememberedText()
    /// The day of the last date read.
    var day = HealthInstant.DayMemo()
    private var names = RememberedText(), versions = RememberedText(), devices = RememberedText()
    /// The last source, and the bytes it was made from (the device with its address).
    private var source: SampleSource?
    private var sourceBytes: (name: [UInt8], version: [UInt8]?, device: [UInt8]?) = ([], nil, nil)

    mutating func type(_ bytes: UnsafeBufferPointer<UInt8>) -> TypeEntry {
        types.value(bytes) { bytes in
            let identifier = String(decoding: bytes, as: UTF8.self)
            let type = HealthType(identifier)
            return TypeEntry(identifier: identifier, type: type, isBloodPressurePart: type == .systolic || type == .diastolic)
        }
    }

    /// The record's source: the same object as the record before's when its name, version and
    /// device are the same, so a batch of one watch's samples carries one reference.
    mutating func source(name: UnsafeBufferPointer<UInt8>, version: UnsafeBufferPointer<UInt8>?,
                         device: UnsafeBufferPointer<UInt8>?) -> SampleSource {
        if let source, Remembered<Void>.same(sourceBytes.name, name), Self.same(sourceBytes.version, version),
           Self.same(sourceBytes.device, device) {
            return source
        }
        let nameText = names.string(name), versionText = version.map { versions.string($0) }
        // The device is its fields, never the memory address its description starts with:
        // records of one watch then repeat the same fields, one string, one source.
        let deviceText = device.map { devices.string(DeviceDescription.fields($0)) }
        let made: SampleSource
        if let last = source, last.name == nameText, last.version == versionText, last.device == deviceText {
            made = last
        } else {
            made = SampleSource(name: nameText, version: versionText, device: deviceText)
        }
        source = made
        sourceBytes = (Array(name), version.map { Array($0) }, device.map { Array($0) })
        return made
    }

    private static func same(_ bytes: [UInt8]?, _ new: UnsafeBufferPointer<UInt8>?) -> Bool {
        guard let bytes, let new else { return bytes == nil && new == nil }
        return Remembered<Void>.same(bytes, new)
    }
}
