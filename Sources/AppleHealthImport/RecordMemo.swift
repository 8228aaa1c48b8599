import CarePlanStore
import HealthData

/// The parts of a record that repeat from one record to the next, each made once while its bytes
/// repeat (`Remembered`) and then kept, one object per distinct value, for as long as the import
/// runs: the samples handed to the writer refer to them unmanaged (`SampleRow`), so they must
/// outlive every batch, and memory grows with the distinct types, units, sources, zones and
/// category values an export names, never with its records.
struct RecordMemo {
    /// A record's type as read, with its identifier.
    struct TypeEntry {
        let identifier: String
        let type: HealthType
    }

    private var types = Remembered<TypeEntry>()
    private var units = Remembered<SharedText>()
    private var categoryValues = Remembered<SharedText>()
    private var timeZones = Remembered<SharedText>()
    private var names = RememberedText(), versions = RememberedText(), devices = RememberedText()
    /// The last source and kind, and the bytes the source was made from (the device with its address).
    private var source: SampleSource?
    private var sourceBytes: (name: [UInt8], version: [UInt8]?, device: [UInt8]?) = ([], nil, nil)
    private var kind: SampleKind?
    /// Every object made, by what it holds.
    private var texts: [String: SharedText] = [:]
    private var kinds: [KindKey: SampleKind] = [:]
    private var sources: [SampleSource: SampleSource] = [:]
    /// The day of the last date read.
    var day = HealthInstant.DayMemo()

    private struct KindKey: Hashable {
        let type: String
        let unit: String?
    }

    mutating func type(_ bytes: UnsafeBufferPointer<UInt8>) -> TypeEntry {
        types.value(bytes) { bytes in
            let identifier = String(decoding: bytes, as: UTF8.self)
            return TypeEntry(identifier: identifier, type: HealthType(identifier))
        }
    }

    mutating func unit(_ bytes: UnsafeBufferPointer<UInt8>) -> SharedText {
        units.value(bytes) { Self.text($0, in: &texts) }
    }

    mutating func categoryValue(_ bytes: UnsafeBufferPointer<UInt8>) -> SharedText {
        categoryValues.value(bytes) { Self.text($0, in: &texts) }
    }

    mutating func timeZone(_ bytes: UnsafeBufferPointer<UInt8>) -> SharedText {
        timeZones.value(bytes) { Self.text($0, in: &texts) }
    }

    private static func text(_ bytes: UnsafeBufferPointer<UInt8>, in texts: inout [String: SharedText]) -> SharedText {
        let string = String(decoding: bytes, as: UTF8.self)
        if let known = texts[string] { return known }
        let made = SharedText(string)
        texts[string] = made
        return made
    }

    /// The kind of a record of `type` in `unit` (none for a category): the last one while they are
    /// the same objects.
    mutating func kind(_ type: TypeEntry, unit: SharedText?) -> SampleKind {
        if let kind, kind.type.identifier == type.identifier, kind.unit === unit { return kind }
        let key = KindKey(type: type.identifier, unit: unit?.string)
        let made = kinds[key] ?? SampleKind(type: type.type, unit: unit)
        kinds[key] = made
        kind = made
        return made
    }

    /// The record's source: the same object as the record before's when its name, version and
    /// device are the same, and one object per distinct source in any case.
    mutating func source(name: UnsafeBufferPointer<UInt8>, version: UnsafeBufferPointer<UInt8>?,
                         device: UnsafeBufferPointer<UInt8>?) -> SampleSource {
        if let source, Remembered<Void>.same(sourceBytes.name, name), Self.same(sourceBytes.version, version),
           Self.same(sourceBytes.device, device) {
            return source
        }
        // The device is its fields, never the memory address its description starts with:
        // records of one watch then repeat the same fields, one string, one source.
        let read = SampleSource(name: names.string(name), version: version.map { versions.string($0) },
                                device: device.map { devices.string(DeviceDescription.fields($0)) })
        let made = sources[read] ?? read
        sources[read] = made
        source = made
        sourceBytes = (Array(name), version.map { Array($0) }, device.map { Array($0) })
        return made
    }

    private static func same(_ bytes: [UInt8]?, _ new: UnsafeBufferPointer<UInt8>?) -> Bool {
        guard let bytes, let new else { return bytes == nil && new == nil }
        return Remembered<Void>.same(bytes, new)
    }
}
