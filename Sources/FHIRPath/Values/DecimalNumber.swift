import Foundation

/// A FHIRPath Decimal: an exact decimal (Foundation's `Decimal`, 38 significant digits) and the
/// number of digits written after the point. `Decimal` drops trailing zeros (`1.50` is kept as
/// 15 × 10⁻¹), but FHIRPath's `precision()`, `lowBoundary()` and `highBoundary()` depend on them,
/// and a value read from a resource is shown as it was written.
public struct DecimalNumber: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var value: Decimal
    /// Digits after the decimal point as written (`1.50` → 2); for a computed value, its own.
    public var scale: Int

    public init(_ value: Decimal, scale: Int? = nil) {
        self.value = value
        self.scale = scale ?? DecimalNumber.naturalScale(of: value)
    }

    public init(_ integer: Int) { self.init(Decimal(integer), scale: 0) }

    /// Reads a decimal as FHIRPath and JSON write it: an optional sign, digits, an optional point
    /// followed by digits and, from JSON only, an exponent. Nil for anything else (`Decimal(string:)`
    /// alone would read `12abc` as 12).
    public init?(text: String, allowExponent: Bool = true) {
        var digitsBefore = 0, digitsAfter = 0, exponent = 0
        var sawPoint = false
        // The digits as a whole number, while they fit: what the value is built from (below).
        var significand: UInt64 = 0
        var iterator = text.utf8.makeIterator()
        var byte = iterator.next()
        let negative = byte == UInt8(ascii: "-")
        if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") { byte = iterator.next() }
        while let current = byte, current >= UInt8(ascii: "0"), current <= UInt8(ascii: "9") {
            if sawPoint { digitsAfter += 1 } else { digitsBefore += 1 }
            if digitsBefore + digitsAfter <= Self.digitsBuiltExactly { significand = significand * 10 + UInt64(current - UInt8(ascii: "0")) }
            byte = iterator.next()
            if byte == UInt8(ascii: "."), !sawPoint { sawPoint = true; byte = iterator.next() }
        }
        guard digitsBefore > 0, !(sawPoint && digitsAfter == 0) else { return nil }
        if let current = byte {
            guard allowExponent, current == UInt8(ascii: "e") || current == UInt8(ascii: "E") else { return nil }
            var sign = 1
            byte = iterator.next()
            if byte == UInt8(ascii: "-") { sign = -1; byte = iterator.next() } else if byte == UInt8(ascii: "+") { byte = iterator.next() }
            var digits = 0
            while let current = byte, current >= UInt8(ascii: "0"), current <= UInt8(ascii: "9") {
                exponent = min(exponent * 10 + Int(current - UInt8(ascii: "0")), 10_000)
                digits += 1
                byte = iterator.next()
            }
            guard digits > 0, byte == nil else { return nil }
            exponent *= sign
        }
        if digitsBefore + digitsAfter <= Self.digitsBuiltExactly, exponent == 0 {
            // Zero has no sign in a Decimal: a negative zero would be its NaN.
            self.value = significand == 0 ? Decimal(0)
                : Decimal(sign: negative ? .minus : .plus, exponent: -digitsAfter, significand: Decimal(significand))
        } else {
            guard let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")), !value.isNaN else { return nil }
            self.value = value
        }
        self.scale = max(0, digitsAfter - exponent)
    }

    /// Numbers of up to this many digits (every score, reading and code careplan meets) are built
    /// from their digits; longer ones and exponents are read by Foundation's `Decimal(string:)`,
    /// whose locale costs a process its first use of ICU, about a millisecond of a form read.
    /// The two give the same value (DecimalNumberTests).
    static let digitsBuiltExactly = 18

    public static func naturalScale(of value: Decimal) -> Int { value.isZero ? 0 : max(0, -value.exponent) }

    /// The digits with at least `scale` of them after the point: `1.50`, `-0.3`, `120`.
    public var description: String {
        var text = value.description
        guard scale > 0 else { return text }
        let written: Int
        if let point = text.firstIndex(of: ".") { written = text.distance(from: point, to: text.endIndex) - 1 } else {
            text += "."
            written = 0
        }
        if scale > written { text += String(repeating: "0", count: scale - written) }
        return text
    }

    public static func < (a: DecimalNumber, b: DecimalNumber) -> Bool { a.value < b.value }
    public static func == (a: DecimalNumber, b: DecimalNumber) -> Bool { a.value == b.value }
    public func hash(into hasher: inout Hasher) { hasher.combine(value) }

    public var isInteger: Bool { rounded(0, .plain).value == value }

    /// Rounded to `places` digits after the point.
    public func rounded(_ places: Int, _ mode: NSDecimalNumber.RoundingMode) -> DecimalNumber {
        var input = value
        var output = Decimal()
        NSDecimalRound(&output, &input, places, mode)
        return DecimalNumber(output, scale: max(0, places))
    }

    public var double: Double { NSDecimalNumber(decimal: value).doubleValue }
}
