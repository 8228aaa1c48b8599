/// The values met so far, by FHIRPath's `=`: for `distinct()`, `|`, `union()` and `repeat()`.
///
/// Equality is not hashable as such (1 = 1.0, 4 'g' = 4000 'mg', a resource's elements compare
/// member by member), so each value goes into a bucket by a coarse key that equal values always
/// share, and is compared with `=` only against the values in its bucket. Without the buckets a
/// union of a questionnaire's items compared every item's whole JSON with every other's.
struct DistinctValues {
    private var buckets: [Int: [Value]] = [:]

    /// Adds `value` unless an equal one is there; true when it was added.
    mutating func insert(_ value: Value) -> Bool {
        let key = DistinctValues.key(value)
        if let bucket = buckets[key], bucket.contains(where: { Equality.equal($0, value) == true }) { return false }
        buckets[key, default: []].append(value)
        return true
    }

    /// Equal values have equal keys: numbers by their decimal value, dates by their year only
    /// (precision and time zones decide equality), quantities all alike (units convert), and a
    /// complex element by its members' names and the strings among them, in any order.
    static func key(_ value: Value) -> Int {
        var hasher = Hasher()
        switch value.system {
        case .boolean(let flag)?: hasher.combine(0); hasher.combine(flag)
        case .integer(let number)?: hasher.combine(1); hasher.combine(DecimalNumber(number))
        case .decimal(let number)?: hasher.combine(1); hasher.combine(number)
        case .string(let text)?: hasher.combine(2); hasher.combine(text)
        case .temporal(let time)?: hasher.combine(3); hasher.combine(time.kind == .time ? -1 : time.year)
        case .quantity?: hasher.combine(4)
        case .element?, nil:
            hasher.combine(5)
            if case .element(let element) = value, case .object(let object)? = element.json {
                var members = 0
                for member in object.members {
                    var inner = Hasher()
                    inner.combine(member.key)
                    if case .string(let text) = member.value { inner.combine(text) }
                    members = members &+ inner.finalize()
                }
                hasher.combine(members)
            }
        }
        return hasher.finalize()
    }
}
