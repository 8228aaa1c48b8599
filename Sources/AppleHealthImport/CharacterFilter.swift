/// Neutralises the characters XML 1.0 does not allow, as an export's bytes stream by, so that one
/// stray control character (a vertical tab an app left in a `sourceName`, a form feed in a note)
/// no longer refuses a whole export.
///
/// XML 1.0 allows tab, line feed, carriage return, U+0020–U+D7FF, U+E000–U+FFFD and beyond
/// U+FFFF; libxml2 stops at anything else, written as itself or as a character reference. Each is
/// replaced byte for byte, so every line and column libxml2 reports later is still the file's:
///
/// - a C0 control other than tab, LF and CR (one byte) becomes a space;
/// - U+FFFE and U+FFFF (EF BF BE, EF BF BF) become U+FFFD (EF BF BD), one character for one;
/// - a reference to a character XML does not allow (`&#11;`, `&#x0B;`, `&#xFFFE;`) becomes a
///   reference to a space of the same length (`&#32;`, `&#x20;`), or, with room for one digit
///   only (`&#1;`), spaces.
///
/// Line feeds are never touched, so line numbers hold; libxml2 counts columns in characters, and
/// each replacement is as many characters as what it replaces.
///
/// The scan is the cost every byte of an export pays: it looks at sixteen bytes at once, stops only
/// at a byte below 0x20 (a line feed, mostly), `&` or 0xEF, going straight to it, and a chunk with
/// nothing to change is passed on as it is, not copied.
struct CharacterFilter {
    /// Characters replaced so far.
    private(set) var replaced = 0
    /// The end of the last chunk, when it may be the start of something to replace (`&#1`, EF BF).
    private var carry: [UInt8] = []
    /// A chunk being changed: reused, chunks are all the same size.
    private var buffer: [UInt8] = []

    /// The longest character reference looked at whole; a longer one (leading zeros) is left to
    /// libxml2, which then says where it is.
    static let longestReference = 24

    /// Hands `pass` the bytes to parse for `chunk`: the chunk itself when nothing in it needs
    /// changing, else a changed copy (without any end kept back for the next chunk).
    mutating func filter(_ chunk: UnsafeRawBufferPointer, _ pass: (UnsafeRawBufferPointer) throws -> Void) rethrows {
        if carry.isEmpty {
            guard let first = Self.nextFix(in: chunk, from: 0) else { return try pass(chunk) }
            buffer.removeAll(keepingCapacity: true)
            buffer.append(contentsOf: chunk)
            try fix(from: first, pass)
        } else {
            buffer.removeAll(keepingCapacity: true)
            buffer.append(contentsOf: carry)
            buffer.append(contentsOf: chunk)
            carry.removeAll(keepingCapacity: true)
            let first = buffer.withUnsafeBytes { Self.nextFix(in: $0, from: 0) }
            try fix(from: first, pass)
        }
    }

    /// Hands on what was kept back at the end of the file (a `&#1` never finished is libxml2's to refuse).
    mutating func finish(_ pass: (UnsafeRawBufferPointer) throws -> Void) rethrows {
        guard !carry.isEmpty else { return }
        defer { carry = [] }
        try carry.withUnsafeBytes { try pass($0) }
    }

    private mutating func fix(from first: Fix?, _ pass: (UnsafeRawBufferPointer) throws -> Void) rethrows {
        var next = first
        while let fix = next {
            let resume: Int
            switch fix {
            case .control(let index):
                buffer[index] = 0x20
                resume = index + 1
            case .nonCharacter(let last):
                buffer[last] = 0xBD
                resume = last + 1
            case .reference(let whole, let digits):
                if digits.count >= 2 {
                    // A space, as decimal 32 or hexadecimal 20, with leading zeros for the rest.
                    let hex = buffer[digits.lowerBound - 1] == 0x78 || buffer[digits.lowerBound - 1] == 0x58
                    let space: [UInt8] = hex ? [0x32, 0x30] : [0x33, 0x32]
                    for index in digits { buffer[index] = 0x30 }
                    buffer[digits.upperBound - 2] = space[0]
                    buffer[digits.upperBound - 1] = space[1]
                } else {
                    for index in whole { buffer[index] = 0x20 }
                }
                resume = whole.upperBound
            case .incomplete(let start):
                // Kept back whole, to be looked at again with the next chunk's first bytes.
                carry.append(contentsOf: buffer[start...])
                buffer.removeSubrange(start...)
                return try buffer.withUnsafeBytes { try pass($0) }
            }
            replaced += 1
            next = buffer.withUnsafeBytes { Self.nextFix(in: $0, from: resume) }
        }
        try buffer.withUnsafeBytes { try pass($0) }
    }

    /// Something to change, found by `nextFix`.
    enum Fix: Equatable {
        /// A C0 control other than tab, LF and CR.
        case control(Int)
        /// The last byte of U+FFFE or U+FFFF.
        case nonCharacter(Int)
        /// A reference to a character XML does not allow: all of it, and its digits.
        case reference(Range<Int>, digits: Range<Int>)
        /// Where the bytes end in what may become one of the above: kept for the next chunk.
        case incomplete(Int)
    }

    /// The first thing to change at or after `from`, or nil.
    static func nextFix(in bytes: UnsafeRawBufferPointer, from: Int) -> Fix? {
        let count = bytes.count
        var index = from
        while index < count {
            // Sixteen bytes with nothing to look at are passed over at once, as two words; else
            // the scan goes straight to the first byte that may be something. (Swift's SIMD16
            // compares, tried here, compiled to a byte at a time: fifteen times the work.)
            if index + 16 <= count,
               Self.lookAt(bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                | Self.lookAt(bytes.loadUnaligned(fromByteOffset: index + 8, as: UInt64.self)) == 0 {
                index += 16
                continue
            }
            if index + 8 <= count {
                let flagged = Self.lookAt(bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                if flagged == 0 {
                    index += 8
                    continue
                }
                index += flagged.trailingZeroBitCount / 8
            }
            let byte = bytes[index]
            if byte < 0x20 {
                if byte != 0x09, byte != 0x0A, byte != 0x0D { return .control(index) }
            } else if byte == 0x26 {
                switch reference(in: bytes, at: index) {
                case .allowed(let end): index = end - 1
                case .notAllowed(let whole, let digits): return .reference(whole, digits: digits)
                case .unfinished: return .incomplete(index)
                case .none: break
                }
            } else if byte == 0xEF {
                if index + 1 == count || (index + 2 == count && bytes[index + 1] == 0xBF) { return .incomplete(index) }
                if bytes[index + 1] == 0xBF, bytes[index + 2] == 0xBE || bytes[index + 2] == 0xBF { return .nonCharacter(index + 2) }
            }
            index += 1
        }
        return nil
    }

    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    /// The high bit of each of the eight bytes (little-endian) that is below 0x20, `&` or 0xEF,
    /// exact up to the first such byte (the bit tricks of "Bit Twiddling Hacks": a byte below n,
    /// a byte equal to zero after XOR with the one looked for; a borrow can only flag bytes after
    /// a true one), so the lowest bit set is the first byte to look at. (Flagging only the `&` of
    /// `&#` spares the stops at every device description's `&lt;`, but costs more per word than
    /// the stops cost.)
    static func lookAt(_ word: UInt64) -> UInt64 {
        func zeros(_ x: UInt64) -> UInt64 { (x &- ones) & ~x & highs }
        let below = (word &- ones &* 0x20) & ~word & highs
        return below | zeros(word ^ (ones &* 0x26)) | zeros(word ^ (ones &* 0xEF))
    }

    enum Reference: Equatable {
        /// A reference to an allowed character, ending before `end`.
        case allowed(end: Int)
        case notAllowed(Range<Int>, digits: Range<Int>)
        /// The bytes end inside what may still be a reference.
        case unfinished
    }

    /// The character reference at `start` (an `&`), if it is one: `&#DDD;` or `&#xHHH;`.
    static func reference(in bytes: UnsafeRawBufferPointer, at start: Int) -> Reference? {
        let count = bytes.count
        guard start + 1 < count else { return .unfinished }
        guard bytes[start + 1] == 0x23 else { return nil }
        var index = start + 2
        guard index < count else { return .unfinished }
        let hex = bytes[index] == 0x78
        if hex { index += 1 }
        let firstDigit = index
        var value: UInt32 = 0
        while index < count, index - start < longestReference {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case 0x30...0x39: digit = UInt32(byte - 0x30)
            case 0x61...0x66 where hex: digit = UInt32(byte - 0x61 + 10)
            case 0x41...0x46 where hex: digit = UInt32(byte - 0x41 + 10)
            case 0x3B:
                guard index > firstDigit else { return nil }
                let whole = start..<(index + 1), digits = firstDigit..<index
                return isAllowed(value) ? .allowed(end: index + 1) : .notAllowed(whole, digits: digits)
            default: return nil
            }
            // Past U+10FFFF it is not allowed however many more digits follow.
            value = min(value &* (hex ? 16 : 10) &+ digit, 0x11_0000)
            index += 1
        }
        return index == count ? .unfinished : nil
    }

    /// XML 1.0's Char production.
    static func isAllowed(_ value: UInt32) -> Bool {
        switch value {
        case 0x09, 0x0A, 0x0D, 0x20...0xD7FF, 0xE000...0xFFFD, 0x1_0000...0x10_FFFF: return true
        default: return false
        }
    }
}
