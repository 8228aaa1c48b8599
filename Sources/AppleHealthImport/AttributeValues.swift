internal import CLibXML2

/// The attributes the reader looks at, on any of the elements it reads.
enum Attribute: Int, CaseIterable {
    case type, unit, value, sourceName, sourceVersion, device, startDate, endDate, creationDate
    case key
    case workoutActivityType, duration, durationUnit, totalDistance, totalDistanceUnit, totalEnergyBurned, totalEnergyBurnedUnit
    case date, average, minimum, maximum, sum

    var name: StaticString {
        switch self {
        case .type: "type"
        case .unit: "unit"
        case .value: "value"
        case .sourceName: "sourceName"
        case .sourceVersion: "sourceVersion"
        case .device: "device"
        case .startDate: "startDate"
        case .endDate: "endDate"
        case .creationDate: "creationDate"
        case .key: "key"
        case .workoutActivityType: "workoutActivityType"
        case .duration: "duration"
        case .durationUnit: "durationUnit"
        case .totalDistance: "totalDistance"
        case .totalDistanceUnit: "totalDistanceUnit"
        case .totalEnergyBurned: "totalEnergyBurned"
        case .totalEnergyBurnedUnit: "totalEnergyBurnedUnit"
        case .date: "date"
        case .average: "average"
        case .minimum: "minimum"
        case .maximum: "maximum"
        case .sum: "sum"
        }
    }
}

/// The values of one element's attributes, by `Attribute`, valid during the callback that read
/// them. Filled in one pass over libxml2's array: each attribute's name is told by the pointer
/// the parser interned it as (`XMLNames`), looked up in a small hash table, rather than each
/// wanted attribute being searched for by comparing names letter by letter (a million records of
/// nine attributes, a dozen looked for on each).
final class AttributeValues {
    /// Open addressing on the interned pointers; a power of two well above the number of names.
    private static let tableSize = 64
    private let keys: UnsafeMutablePointer<UnsafePointer<xmlChar>?>
    private let slots: UnsafeMutablePointer<Int8>
    private let values: UnsafeMutablePointer<UnsafeBufferPointer<UInt8>?>

    init() {
        keys = .allocate(capacity: Self.tableSize)
        keys.initialize(repeating: nil, count: Self.tableSize)
        slots = .allocate(capacity: Self.tableSize)
        slots.initialize(repeating: -1, count: Self.tableSize)
        values = .allocate(capacity: Attribute.allCases.count)
        values.initialize(repeating: nil, count: Attribute.allCases.count)
    }

    deinit {
        keys.deallocate()
        slots.deallocate()
        values.deallocate()
    }

    /// Learns the parser's pointer for each attribute name.
    func learn(_ names: XMLNames) {
        keys.update(repeating: nil, count: Self.tableSize)
        slots.update(repeating: -1, count: Self.tableSize)
        for attribute in Attribute.allCases {
            guard let key = names.intern(attribute.name) else { continue }
            var index = Self.hash(key)
            while keys[index] != nil, keys[index] != key { index = (index + 1) & (Self.tableSize - 1) }
            keys[index] = key
            slots[index] = Int8(attribute.rawValue)
        }
    }

    private static func hash(_ key: UnsafePointer<xmlChar>) -> Int {
        // Fibonacci hashing: the dictionary packs names next to each other, so the low bits alone vary too little.
        Int(truncatingIfNeeded: (UInt(bitPattern: key) &* 0x9E37_79B9_7F4A_7C15) >> 58)
    }

    private func slot(_ key: UnsafePointer<xmlChar>) -> Int? {
        var index = Self.hash(key)
        while let stored = keys[index] {
            if stored == key { return Int(slots[index]) }
            index = (index + 1) & (Self.tableSize - 1)
        }
        return nil
    }

    /// Takes the values of `attributes`, forgetting the element before's. Where a name appears
    /// twice (possible only under two namespaces), the first is kept.
    func read(_ attributes: XMLAttributes) {
        values.update(repeating: nil, count: Attribute.allCases.count)
        guard let pointer = attributes.pointer else { return }
        for index in 0..<attributes.count {
            guard let name = pointer[5 * index], let slot = slot(name), values[slot] == nil,
                  let start = pointer[5 * index + 3], let end = pointer[5 * index + 4] else { continue }
            values[slot] = UnsafeBufferPointer(start: start, count: end - start)
        }
    }

    subscript(_ attribute: Attribute) -> UnsafeBufferPointer<UInt8>? { values[attribute.rawValue] }

    func string(_ attribute: Attribute) -> String? {
        self[attribute].map { String(decoding: $0, as: UTF8.self) }
    }

    func double(_ attribute: Attribute) -> Double? {
        self[attribute].flatMap(NumberText.double)
    }
}
