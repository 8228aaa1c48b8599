import Foundation

/// UCUM's syntax (the specification's §7–§12 and its BNF): a term of components joined by `.` and
/// `/`, left to right; a leading `/` inverts the component after it (§7.3); a component is a simple
/// unit (an atom, or a prefix and a metric atom) with an optional signed exponent (`cm2`, `s-1`,
/// `10*3`), an integer factor (`2+10` is 2¹⁰, §9), an annotation (`{count}`, which is 1), or a
/// term in parentheses (which takes no exponent since UCUM 1.9, §10, but may take an annotation, as
/// in UCUM's table of common units: `g/(8.h){shift}`, and may open with `/` like a whole code, so
/// that any code parenthesized composes: `(/min).(s)`). Case-sensitive codes only.
///
/// The term is flattened into factors, each with its effective exponent, then multiplied out.
struct UCUMParser {
    private struct Factor {
        var atom: UCUMAtom?
        /// The prefix's value for an atom; the integer for a number.
        var multiplier: UCUMNumber
        var exponent: Int
        var position: Int
        var symbol: String
    }

    private let code: String
    private let bytes: [UInt8]
    private var index = 0
    private var factors: [Factor] = []
    private var depth = 0

    /// Exponents are written with at most this many digits (`m9999`).
    static let maximumExponentDigits = 4
    /// Parentheses nest at most this deep.
    static let maximumNesting = 100

    private init(_ code: String) {
        self.code = code
        bytes = Array(code.utf8)
    }

    static func parse(_ code: String) throws(UCUMError) -> UCUMUnit {
        var parser = UCUMParser(code)
        return try parser.unit()
    }

    // MARK: Syntax

    private mutating func unit() throws(UCUMError) -> UCUMUnit {
        // §3: 7-bit ASCII 33–126 only. Checked first, so positions below count bytes and characters
        // alike (every byte before the first wrong one is a character).
        if let wrong = bytes.firstIndex(where: { !(33...126).contains($0) }) {
            let character = String(decoding: bytes[wrong...], as: UTF8.self).first!
            throw fail(wrong, character == " " ? "UCUM units contain no spaces" : "'\(character)' is not a character of UCUM (7-bit ASCII only)")
        }
        guard !bytes.isEmpty else { throw fail(0, "the unit is empty") }
        if bytes[0] == UInt8(ascii: "/") {
            index = 1
            try component(sign: -1)
        } else {
            try component(sign: 1)
        }
        try termRest(sign: 1)
        if index < bytes.count {
            throw fail(index, bytes[index] == UInt8(ascii: ")") ? "')' closes no parenthesis" : "'\(character(index))' was not expected here")
        }
        return try evaluate()
    }

    /// The `.component` and `/component` after a term's first component.
    private mutating func termRest(sign: Int) throws(UCUMError) {
        while index < bytes.count, bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: "/") {
            let divides = bytes[index] == UInt8(ascii: "/")
            index += 1
            try component(sign: divides ? -sign : sign)
        }
    }

    private mutating func component(sign: Int) throws(UCUMError) {
        guard index < bytes.count else { throw fail(index, "a unit was expected after '\(character(index - 1))'") }
        switch bytes[index] {
        case UInt8(ascii: "("):
            let open = index
            // Codes come from data: nesting is bounded, so none can exhaust the stack.
            guard depth < Self.maximumNesting else { throw fail(open, "parentheses nest deeper than \(Self.maximumNesting)") }
            depth += 1
            defer { depth -= 1 }
            index += 1
            // Not in the BNF either: a leading solidus inside, so that any code can be put in
            // parentheses to compose another (`(/min).(s)`, as FHIRPath's `*` and `/` write them).
            if index < bytes.count, bytes[index] == UInt8(ascii: "/") {
                index += 1
                try component(sign: -sign)
            } else {
                try component(sign: sign)
            }
            try termRest(sign: sign)
            guard index < bytes.count, bytes[index] == UInt8(ascii: ")") else {
                throw fail(index < bytes.count ? index : open, index < bytes.count ? "'\(character(index))' was not expected here" : "'(' is not closed")
            }
            index += 1
            if index < bytes.count, Self.isDigit(bytes[index]) || bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                throw fail(index, "UCUM puts no exponent on a parenthesis (§10)")
            }
            // Not in the BNF, but UCUM's own table of common units writes `g/(8.h){shift}`.
            if index < bytes.count, bytes[index] == UInt8(ascii: "{") { try annotation() }
        case UInt8(ascii: "{"):
            try annotation()
        case UInt8(ascii: "."), UInt8(ascii: "/"), UInt8(ascii: ")"), UInt8(ascii: "}"):
            throw fail(index, "a unit was expected before '\(character(index))'")
        default:
            try simpleUnit(sign: sign)
        }
    }

    /// `{...}`: any printable ASCII but braces; it means 1 (§12).
    private mutating func annotation() throws(UCUMError) {
        let open = index
        index += 1
        while index < bytes.count, bytes[index] != UInt8(ascii: "}") {
            if bytes[index] == UInt8(ascii: "{") { throw fail(index, "an annotation cannot hold '{'") }
            index += 1
        }
        guard index < bytes.count else { throw fail(open, "'{' is not closed") }
        index += 1
    }

    /// An atom, a prefixed atom or an integer, with its exponent and perhaps an annotation.
    private mutating func simpleUnit(sign: Int) throws(UCUMError) {
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "[") {
                // Brackets hold anything but brackets and braces (`[m/s2/Hz^(1/2)]`, `B[10.nV]`).
                let open = index
                index += 1
                while index < bytes.count, bytes[index] != UInt8(ascii: "]") {
                    if bytes[index] == UInt8(ascii: "[") || bytes[index] == UInt8(ascii: "{") || bytes[index] == UInt8(ascii: "}") {
                        throw fail(index, "'\(character(index))' cannot stand inside square brackets")
                    }
                    index += 1
                }
                guard index < bytes.count else { throw fail(open, "'[' is not closed") }
                index += 1
                continue
            }
            if byte == UInt8(ascii: "]") { throw fail(index, "']' closes no bracket") }
            if byte == UInt8(ascii: ".") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "(") || byte == UInt8(ascii: ")")
                || byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}") {
                break
            }
            index += 1
        }
        let end = index
        if index < bytes.count, bytes[index] == UInt8(ascii: "{") { try annotation() }
        if index < bytes.count, bytes[index] == UInt8(ascii: "(") { throw fail(index, "'(' must follow '.' or '/'") }

        // §8: digits alone are a number; §9: trailing digits, perhaps signed, are the exponent.
        if bytes[start..<end].allSatisfy(Self.isDigit) {
            factors.append(try number(start, end, exponent: sign))
            return
        }
        var stemEnd = end
        while stemEnd > start, Self.isDigit(bytes[stemEnd - 1]) { stemEnd -= 1 }
        var exponent = 1
        if stemEnd < end {
            let digitsStart = stemEnd
            var negative = false
            if stemEnd > start, bytes[stemEnd - 1] == UInt8(ascii: "+") || bytes[stemEnd - 1] == UInt8(ascii: "-") {
                negative = bytes[stemEnd - 1] == UInt8(ascii: "-")
                stemEnd -= 1
            }
            guard end - digitsStart <= Self.maximumExponentDigits else {
                throw fail(stemEnd, "the exponent \(text(stemEnd, end)) is too large")
            }
            exponent = Int(text(digitsStart, end))! * (negative ? -1 : 1)
            if stemEnd == start { throw fail(start, "the exponent \(text(start, end)) follows no unit") }
            if bytes[start..<stemEnd].allSatisfy(Self.isDigit) {
                // `2+10`: a number raised to a power, which needs the sign to be told from digits.
                factors.append(try number(start, stemEnd, exponent: exponent * sign))
                return
            }
        }
        let symbol = text(start, stemEnd)
        let table = UCUMTable.shared
        if let atom = table.atoms[symbol] {
            factors.append(Factor(atom: atom, multiplier: .one, exponent: exponent * sign, position: start, symbol: symbol))
            return
        }
        var unprefixable: String?
        for prefix in table.prefixCodes where symbol.hasPrefix(prefix) {
            guard let atom = table.atoms[String(symbol.dropFirst(prefix.count))] else { continue }
            guard atom.isMetric else {
                unprefixable = atom.code
                continue
            }
            factors.append(Factor(atom: atom, multiplier: table.prefixes[prefix]!, exponent: exponent * sign, position: start, symbol: symbol))
            return
        }
        if let unprefixable {
            throw fail(start, "'\(unprefixable)' is not a metric unit and takes no prefix ('\(symbol)')")
        }
        throw fail(start, "'\(symbol)' is not a UCUM unit")
    }

    private func number(_ start: Int, _ end: Int, exponent: Int) throws(UCUMError) -> Factor {
        let digits = text(start, end)
        guard end - start <= 30, let number = UCUMTable.number(bytes[start..<end]) else { throw fail(start, "the number \(digits) is too long") }
        guard !number.value.isZero else { throw fail(start, "0 cannot be a factor of a unit") }
        return Factor(atom: nil, multiplier: number, exponent: exponent, position: start, symbol: digits)
    }

    // MARK: Meaning

    private func evaluate() throws(UCUMError) -> UCUMUnit {
        var ratio = UCUMRatio.one
        var dimension = [Int](repeating: 0, count: 7)
        var arbitrary = false
        var special: Factor?
        for factor in factors {
            if let atom = factor.atom, atom.special != nil {
                // §22: a special unit takes part in no algebra, but may be scaled (a prefix, a number,
                // a dimensionless unit).
                if let first = special {
                    throw fail(factor.position, "'\(first.symbol)' and '\(factor.symbol)' are both special units (non-ratio scales), which cannot be combined")
                }
                guard factor.exponent == 1 else {
                    throw fail(factor.position, "'\(factor.symbol)' is a special unit (a non-ratio scale): it takes no exponent and divides nothing")
                }
                special = factor
                continue
            }
            let base = factor.atom.map { UCUMRatio(factor.multiplier) * $0.ratio } ?? UCUMRatio(factor.multiplier)
            ratio = ratio * base.power(factor.exponent)
            if let atom = factor.atom {
                for d in 0..<7 { dimension[d] += atom.dimension[d] * factor.exponent }
                arbitrary = arbitrary || atom.isArbitrary
            }
        }
        guard ratio.isUsable else { throw fail(0, "the unit's factor is beyond what a decimal holds") }
        if let special, let atom = special.atom, let kind = atom.special {
            if let other = factors.first(where: { f in
                f.atom.map { $0.special == nil && ($0.isArbitrary || $0.dimension.contains { $0 != 0 }) } ?? false
            }) {
                throw fail(max(other.position, special.position),
                           "'\(special.symbol)' is a special unit (a non-ratio scale): it combines with no unit but a number or a dimensionless one ('\(other.symbol)')")
            }
            let scale = ratio * UCUMRatio(special.multiplier)
            switch kind {
            case .interval(let offset):
                // base = (value × scale + offset) × ratio: the factor and offset in kelvin are rounded
                // where 5/9 does not end; conversions use the exact parts.
                return UCUMUnit(code: code, factor: (scale * atom.ratio).value, dimension: atom.dimension,
                                kind: .interval(offset: offset * atom.ratio.value),
                                ratio: atom.ratio, scale: scale, intervalOffset: offset)
            case .function(let name):
                return UCUMUnit(code: code, factor: scale.value, dimension: atom.dimension, kind: .special(function: name),
                                ratio: atom.ratio, scale: scale, intervalOffset: 0)
            }
        }
        return UCUMUnit(code: code, factor: ratio.value, dimension: dimension, kind: arbitrary ? .arbitrary : .proper,
                        ratio: ratio, scale: .one, intervalOffset: 0)
    }

    // MARK: Helpers

    private func fail(_ position: Int, _ message: String) -> UCUMError {
        .unknownUnit(code: code, position: position, message: message)
    }

    private func character(_ position: Int) -> String { text(position, position + 1) }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private func text(_ start: Int, _ end: Int) -> String {
        String(decoding: bytes[max(0, start)..<min(end, bytes.count)], as: UTF8.self)
    }
}
