import Foundation

/// FHIRPath's `=` and `~`. Equality is exact and may be unknown (dates of different precision,
/// an empty side); equivalence is looser (strings ignoring case and spacing, decimals to the
/// lesser precision) and always true or false.
enum Equality {
    /// `=` over collections: nil (empty) when either is empty or an item comparison is unknown.
    static func equal(_ left: [Value], _ right: [Value]) -> Bool? {
        guard !left.isEmpty, !right.isEmpty else { return nil }
        guard left.count == right.count else { return false }
        var unknown = false
        for (a, b) in zip(left, right) {
            switch equal(a, b) {
            case false?: return false
            case nil: unknown = true
            case true?: continue
            }
        }
        return unknown ? nil : true
    }

    static func equal(_ a: Value, _ b: Value) -> Bool? {
        guard let a = a.system, let b = b.system else {
            // Complex elements compare member by member.
            guard case .element(let x) = a, case .element(let y) = b, let left = x.json, let right = y.json else { return false }
            return jsonEqual(left, right, equivalent: false)
        }
        switch (a, b) {
        case (.boolean(let x), .boolean(let y)): return x == y
        case (.string(let x), .string(let y)): return x == y
        case (.integer(let x), .integer(let y)): return x == y
        case (.integer, .decimal), (.decimal, .integer), (.decimal, .decimal):
            return Arithmetic.decimal(a)! == Arithmetic.decimal(b)!
        case (.temporal(let x), .temporal(let y)):
            return Comparison.compare(x, y).map { $0 == 0 }
        case (.quantity(let x), .quantity(let y)):
            guard let order = QuantityMath.compare(x, y) else { return nil }
            return order == 0
        case (.string(let text), .temporal(let time)), (.temporal(let time), .string(let text)):
            // A date written as a string (data without a model) compares as the date it spells.
            guard let parsed = time.kind == .time ? Temporal.parseTime(Substring(text)) : Temporal.parseDateTime(Substring(text)) else { return false }
            return Comparison.compare(parsed, time).map { $0 == 0 }
        default:
            return false
        }
    }

    /// `~` over collections: both empty is true; otherwise every item of each has an
    /// equivalent in the other, in any order.
    static func equivalent(_ left: [Value], _ right: [Value]) -> Bool {
        if left.isEmpty && right.isEmpty { return true }
        guard left.count == right.count else { return false }
        var unmatched = Array(right.indices)
        for a in left {
            guard let found = unmatched.firstIndex(where: { equivalent(a, right[$0]) }) else { return false }
            unmatched.remove(at: found)
        }
        return true
    }

    static func equivalent(_ a: Value, _ b: Value) -> Bool {
        guard let a = a.system, let b = b.system else {
            guard case .element(let x) = a, case .element(let y) = b, let left = x.json, let right = y.json else { return false }
            return jsonEqual(left, right, equivalent: true)
        }
        switch (a, b) {
        case (.string(let x), .string(let y)):
            return normalized(x) == normalized(y)
        case (.integer, .decimal), (.decimal, .integer), (.decimal, .decimal), (.integer, .integer):
            let x = Arithmetic.decimal(a)!, y = Arithmetic.decimal(b)!
            let places = Swift.min(x.scale, y.scale)
            return x.rounded(places, .plain) == y.rounded(places, .plain)
        case (.temporal(let x), .temporal(let y)):
            return x.precision.merged == y.precision.merged && Comparison.compare(x, y) == 0
        case (.quantity(let x), .quantity(let y)):
            return QuantityMath.equivalent(x, y)
        default:
            return equal(a, b) == true
        }
    }

    /// Strings compared for `~`: case ignored, runs of white space as one space, ends trimmed.
    static func normalized(_ text: String) -> String {
        text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// JSON trees compared: objects by their members in any order (a primitive and its `_name`
    /// extras included), numbers by value, strings exactly (or as `~` compares them).
    static func jsonEqual(_ a: JSON, _ b: JSON, equivalent: Bool) -> Bool {
        switch (a, b) {
        case (.object(let x), .object(let y)):
            let xMembers = x.members.filter { !equivalent || $0.key != "id" }
            let yMembers = y.members.filter { !equivalent || $0.key != "id" }
            guard xMembers.count == yMembers.count else { return false }
            return xMembers.allSatisfy { member in y[member.key].map { jsonEqual(member.value, $0, equivalent: equivalent) } ?? false }
        case (.array(let x), .array(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { jsonEqual($0, $1, equivalent: equivalent) }
        case (.number(let x), .number(let y)):
            return DecimalNumber(text: x) == DecimalNumber(text: y)
        case (.string(let x), .string(let y)):
            return equivalent ? normalized(x) == normalized(y) : x == y
        default:
            return a == b
        }
    }
}

extension Temporal.Precision {
    /// Seconds and milliseconds are one precision when dates are compared.
    var merged: Temporal.Precision { self == .millisecond ? .second : self }
}
