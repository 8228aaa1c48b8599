/// Text a run of samples shares (a unit, a zone, a category's value), with its bytes kept as a C
/// string beside it: SQLite is handed those bytes where they are, rather than copying each
/// sample's unit into a fresh allocation of its own.
/// Immutable once made: unchecked only because its bytes are a pointer.
package final class SharedText: @unchecked Sendable {
    package let string: String
    /// The UTF-8 bytes, without a terminating zero; valid while this object lives. Plain memory,
    /// so reading where it is touches no reference count.
    package let bytes: UnsafeBufferPointer<CChar>

    package init(_ string: String) {
        self.string = string
        let utf8 = Array(string.utf8CString.dropLast())
        let copy = UnsafeMutableBufferPointer<CChar>.allocate(capacity: max(utf8.count, 1))
        _ = copy.initialize(from: utf8)
        bytes = UnsafeBufferPointer(start: copy.baseAddress, count: utf8.count)
    }

    deinit { UnsafeMutableBufferPointer(mutating: bytes).deallocate() }
}

/// What a run of records shares: the type, the unit as exported (none for a category) and what
/// follows from them, worked out once per run by the thread that reads, not once per sample by
/// the one that writes.
package final class SampleKind: Sendable {
    package let type: HealthType
    package let unit: SharedText?
    /// How a value in `unit` is stored (`HealthUnit`).
    package let conversion: StoredConversion
    package let isBloodPressurePart: Bool
    package let isCumulative: Bool

    package init(type: HealthType, unit: SharedText?) {
        self.type = type
        self.unit = unit
        conversion = StoredConversion(unit.flatMap { HealthUnit.unit($0.string) })
        isBloodPressurePart = type == .systolic || type == .diastolic
        isCumulative = type.aggregation == .cumulative
    }
}

/// One quantity or category sample as an import hands it from the thread that reads to the one
/// that writes: plain values, and what it shares with the samples around it by unmanaged
/// reference. A batch of them is copied byte for byte: no reference count is touched per sample.
/// Shared objects touched by both threads, a million times each, made both cores wait on the
/// same cache lines.
///
/// The import keeps every object these refer to alive until the writer is done (`kept` in
/// `AppleHealthImport`'s reader); nothing else may make one.
package struct SampleRow {
    package var kind: Unmanaged<SampleKind>
    package var source: Unmanaged<SampleSource>
    /// A category's value.
    package var text: Unmanaged<SharedText>?
    package var timeZone: Unmanaged<SharedText>?
    package var start: HealthInstant
    package var end: HealthInstant
    package var created: HealthInstant?
    /// A quantity's value, as exported, in the kind's unit.
    package var value: Double
    package var wasUserEntered: Bool?
    package var motionContext: Int?

    package init(kind: Unmanaged<SampleKind>, source: Unmanaged<SampleSource>, text: Unmanaged<SharedText>?, timeZone: Unmanaged<SharedText>?,
                 start: HealthInstant, end: HealthInstant, created: HealthInstant?, value: Double, wasUserEntered: Bool?, motionContext: Int?) {
        self.kind = kind
        self.source = source
        self.text = text
        self.timeZone = timeZone
        self.start = start
        self.end = end
        self.created = created
        self.value = value
        self.wasUserEntered = wasUserEntered
        self.motionContext = motionContext
    }
}
