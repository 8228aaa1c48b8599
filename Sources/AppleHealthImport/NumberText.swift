import Foundation

/// Numbers as an export writes them, read from the attribute's bytes: a million values, so no
/// String is made for any of them.
enum NumberText {
    /// A number, with a decimal point or (as some locales' exports write) a decimal comma.
    static func double(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        plainDecimal(bytes) ?? parsed(bytes)
    }

    /// Powers of ten a Double holds exactly.
    private static let exactPowers: [Double] = (0...22).map { pow(10, Double($0)) }

    /// The common case, `69`, `-3.25`, `0.97`: at most 15 digits with at most one point. Its
    /// digits as an integer and a power of ten are both exact as Doubles, so their quotient is
    /// rounded once, correctly, the same Double `strtod` gives (Clinger's fast path). Anything
    /// else is nil here and left to `parsed`.
    static func plainDecimal(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        guard let base = bytes.baseAddress, !bytes.isEmpty, bytes.count <= 17 else { return nil }
        let negative = base[0] == 0x2D
        var index = negative ? 1 : 0
        var mantissa: UInt64 = 0, digits = 0, decimals = 0, point = false
        while index < bytes.count {
            let byte = base[index]
            if byte &- 0x30 < 10 {
                mantissa = mantissa &* 10 &+ UInt64(byte &- 0x30)
                digits += 1
                if point { decimals += 1 }
            } else if byte == 0x2E, !point {
                point = true
            } else {
                return nil
            }
            index += 1
        }
        guard digits > 0, digits <= 15 else { return nil }
        let value = Double(mantissa) / exactPowers[decimals]
        return negative ? -value : value
    }

    /// Any other number `strtod` reads whole: trailing spaces dropped, a comma taken for the point
    /// when there is no point.
    static func parsed(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        var end = bytes.count
        while end > 0, bytes[end - 1] == 0x20 { end -= 1 }
        guard end > 0, end < 64 else { return nil }
        let comma = !UnsafeBufferPointer(rebasing: bytes[0..<end]).contains(0x2E)
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: end + 1) { text -> Double? in
            for index in 0..<end { text[index] = CChar(bitPattern: comma && bytes[index] == 0x2C ? 0x2E : bytes[index]) }
            text[end] = 0
            var stop: UnsafeMutablePointer<CChar>?
            let value = strtod(text.baseAddress!, &stop)
            guard let stop, stop == text.baseAddress! + end, value.isFinite else { return nil }
            return value
        }
    }

    /// A whole number as Swift's `Int(_:)` reads one: an optional sign, then digits only; nil past
    /// `Int`'s range.
    static func integer(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return nil }
        let negative = base[0] == 0x2D
        let start = negative || base[0] == 0x2B ? 1 : 0
        guard start < bytes.count else { return nil }
        var value = 0
        for index in start..<bytes.count {
            let digit = base[index] &- 0x30
            guard digit < 10 else { return nil }
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowAgain) = negative ? times.subtractingReportingOverflow(Int(digit)) : times.addingReportingOverflow(Int(digit))
            guard !overflow, !overflowAgain else { return nil }
            value = sum
        }
        return value
    }
}
