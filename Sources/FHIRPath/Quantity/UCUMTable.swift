import Foundation

/// A decimal that knows whether it is a power of ten, as prefixes and most metric factors are:
/// multiplying or dividing by one then moves the exponent, which is exact and far cheaper than
/// Foundation's Decimal arithmetic (on Linux a Decimal multiplication costs ~0.5 µs, a division ~7 µs).
struct UCUMNumber: Sendable, Equatable {
    let value: Decimal
    /// n when `value` is exactly 10ⁿ.
    let powerOfTen: Int?

    static let one = UCUMNumber(powerOfTen: 0)

    init(_ value: Decimal, powerOfTen: Int? = nil) {
        self.value = value
        self.powerOfTen = powerOfTen
    }

    init(powerOfTen n: Int) {
        value = Decimal(sign: .plus, exponent: n, significand: 1)
        powerOfTen = value.isNaN ? nil : n
    }

    static func * (a: UCUMNumber, b: UCUMNumber) -> UCUMNumber {
        switch (a.powerOfTen, b.powerOfTen) {
        case let (p?, q?): UCUMNumber(powerOfTen: p + q)
        case let (p?, nil): UCUMNumber(shift(b.value, by: p))
        case let (nil, q?): UCUMNumber(shift(a.value, by: q))
        case (nil, nil): UCUMNumber(a.value * b.value)
        }
    }

    /// `x × self`.
    func multiply(_ x: Decimal) -> Decimal {
        if let powerOfTen { return UCUMNumber.shift(x, by: powerOfTen) }
        return x * value
    }

    /// `x / self` (rounded to 38 digits when it does not end).
    func divide(_ x: Decimal) -> Decimal {
        if let powerOfTen { return UCUMNumber.shift(x, by: -powerOfTen) }
        return x / value
    }

    /// `x × 10ⁿ`, exactly (NaN past Decimal's exponents).
    static func shift(_ x: Decimal, by n: Int) -> Decimal {
        if n == 0 || x.isNaN || x.isZero { return x }
        return Decimal(sign: x.sign, exponent: x.exponent + n, significand: x.significand)
    }
}

/// An exact quotient of two decimals. UCUM's factors are decimals except where a definition divides
/// by 3, 9, 3937... (`[degF]` is 5/9 K, `[ft_us]` 1200/3937 m), so units keep the quotient and
/// conversions divide once, at the end: `9 '[degR]'` is exactly 5 K.
struct UCUMRatio: Sendable, Equatable {
    var numerator: UCUMNumber
    var denominator: UCUMNumber

    static let one = UCUMRatio(.one)

    init(_ numerator: UCUMNumber, _ denominator: UCUMNumber = .one) {
        self.numerator = numerator
        self.denominator = denominator
    }

    static func * (a: UCUMRatio, b: UCUMRatio) -> UCUMRatio {
        UCUMRatio(a.numerator * b.numerator, a.denominator * b.denominator)
    }

    var inverse: UCUMRatio { UCUMRatio(denominator, numerator) }

    /// Raised to a whole power (negative: the inverse's), by squaring.
    func power(_ exponent: Int) -> UCUMRatio {
        if exponent == 1 { return self }
        var base = exponent < 0 ? inverse : self
        var n = exponent.magnitude
        var result = UCUMRatio.one
        while n > 0 {
            if n & 1 == 1 { result = result * base }
            n >>= 1
            if n > 0 { base = base * base }
        }
        return result
    }

    /// `x × numerator / denominator`: one division at most, at the end.
    func apply(to x: Decimal) -> Decimal { denominator.divide(numerator.multiply(x)) }

    /// The quotient as one decimal (rounded to Decimal's 38 digits when it does not end).
    var value: Decimal { apply(to: 1) }

    /// The same number, compared without dividing.
    func hasSameValue(as other: UCUMRatio) -> Bool {
        (numerator * other.denominator).value == (other.numerator * denominator).value
    }

    /// Finite and not zero: a factor a conversion can divide by.
    var isUsable: Bool {
        !numerator.value.isNaN && !denominator.value.isNaN && !numerator.value.isZero && !denominator.value.isZero
    }
}

/// One unit atom of UCUM (`m`, `[lb_av]`, `Cel`), resolved to the base units.
struct UCUMAtom: Sendable, Equatable {
    enum Special: Sendable, Equatable {
        /// On an interval scale: base = (value + offset) × ratio (Cel, [degF], [degRe]).
        case interval(offset: Decimal)
        /// On another non-ratio scale (B, Np, [pH]...): named by UCUM's function.
        case function(String)
    }

    let code: String
    let isMetric: Bool
    let isArbitrary: Bool
    /// The atom in base units; for a special unit, the proper unit its definition names (1 K for Cel).
    let ratio: UCUMRatio
    let dimension: [Int]
    let special: Special?
}

/// UCUMAtomTable's text, read on first use.
enum UCUMTable {
    struct Table: Sendable {
        var prefixes: [String: UCUMNumber] = [:]
        /// Longest first, so `da` is tried before `d`.
        var prefixCodes: [String] = []
        var atoms: [String: UCUMAtom] = [:]
    }

    static let shared: Table = read(UCUMAtomTable.text)

    /// Read byte by byte: splitting Strings by Character and Decimal(string:) took ~4 ms for the
    /// table's 336 lines; this takes a fraction of it.
    static func read(_ text: String) -> Table {
        var table = Table()
        let bytes = Array(text.utf8)
        var lineStart = 0
        for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") {
            readLine(bytes[lineStart..<index], into: &table)
            lineStart = index + 1
        }
        readLine(bytes[lineStart...], into: &table)
        table.prefixCodes = table.prefixes.keys.sorted { ($0.count, $0) > ($1.count, $1) }
        return table
    }

    private static func readLine(_ line: ArraySlice<UInt8>, into table: inout Table) {
        let fields = line.drop { $0 == UInt8(ascii: " ") }.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false)
        guard let kind = fields.first, !(fields.count == 1 && kind.isEmpty) else { return }
        func text(_ i: Int) -> String { String(decoding: fields[i], as: UTF8.self) }
        func fail() -> Never { preconditionFailure("UCUM table: \(String(decoding: line, as: UTF8.self))") }
        switch kind.count == 1 ? kind.first! : 0 {
        case UInt8(ascii: "P") where fields.count == 3:
            guard let value = number(fields[2]) else { fail() }
            table.prefixes[text(1)] = value
        case UInt8(ascii: "U") where fields.count == 5 || fields.count == 6:
            var dimension: [Int] = []
            dimension.reserveCapacity(7)
            for exponent in fields[4].split(separator: UInt8(ascii: ",")) {
                let negative = exponent.first == UInt8(ascii: "-")
                let digits = negative ? exponent.dropFirst() : exponent
                guard !digits.isEmpty, digits.count < 4, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { fail() }
                let n = digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
                dimension.append(negative ? -n : n)
            }
            guard dimension.count == 7, let ratio = ratio(fields[3]) else { fail() }
            var special: UCUMAtom.Special?
            if fields.count == 6 {
                let value = fields[5]
                if value.starts(with: "offset=".utf8), let offset = number(value.dropFirst("offset=".count)) {
                    special = .interval(offset: offset.value)
                } else if value.starts(with: "fn=".utf8) {
                    special = .function(String(decoding: value.dropFirst("fn=".count), as: UTF8.self))
                } else {
                    fail()
                }
            }
            let code = text(1)
            table.atoms[code] = UCUMAtom(
                code: code, isMetric: fields[2].contains(UInt8(ascii: "M")), isArbitrary: fields[2].contains(UInt8(ascii: "A")),
                ratio: ratio, dimension: dimension, special: special)
        default:
            fail()
        }
    }

    /// `0.0254`, `5/9`, `~314159265358979323846264338327950288e-35` (rounded).
    static func ratio<Bytes: Collection<UInt8>>(_ text: Bytes) -> UCUMRatio? {
        let exact = text.first == UInt8(ascii: "~") ? text.dropFirst() : text[...]
        let parts = exact.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        guard parts.count == 1 || parts.count == 2, let numerator = number(parts[0]) else { return nil }
        guard parts.count == 2 else { return UCUMRatio(numerator) }
        return number(parts[1]).map { UCUMRatio(numerator, $0) }
    }

    /// An unsigned decimal (`1000`, `0.0254`, `602214076e15`, `1e-24`), marked when it is a power
    /// of ten; nil for anything else or more than 38 digits.
    static func number<Bytes: Collection<UInt8>>(_ text: Bytes) -> UCUMNumber? {
        var digits: [UInt8] = []
        var exponent = 0
        var seenPoint = false
        var rest = text[...]
        while let byte = rest.first, byte != UInt8(ascii: "e") {
            rest = rest.dropFirst()
            if byte == UInt8(ascii: ".") {
                guard !seenPoint else { return nil }
                seenPoint = true
            } else if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                if !(digits.isEmpty && byte == UInt8(ascii: "0")) { digits.append(byte - UInt8(ascii: "0")) }
                if seenPoint { exponent -= 1 }
            } else {
                return nil
            }
        }
        if rest.first == UInt8(ascii: "e") {
            guard let e = Int(String(decoding: rest.dropFirst(), as: UTF8.self)) else { return nil }
            exponent += e
        }
        while digits.last == 0 {
            digits.removeLast()
            exponent += 1
        }
        guard digits.count <= 38 else { return nil }
        if digits.isEmpty { return UCUMNumber(0) }
        if digits == [1] { return UCUMNumber(powerOfTen: exponent) }
        // Up to 19 digits fit a UInt64; beyond, two parts joined by one exact addition.
        func integer(_ digits: ArraySlice<UInt8>) -> Decimal { Decimal(digits.reduce(UInt64(0)) { $0 * 10 + UInt64($1) }) }
        let split = max(0, digits.count - 19)
        var significand = integer(digits[split...])
        if split > 0 { significand += Decimal(sign: .plus, exponent: 19, significand: integer(digits[..<split])) }
        let value = Decimal(sign: .plus, exponent: exponent, significand: significand)
        return value.isNaN ? nil : UCUMNumber(value)
    }
}
