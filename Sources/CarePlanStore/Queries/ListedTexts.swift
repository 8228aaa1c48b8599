import GRDB

/// A list of texts (activity ids, field names) for a statement to join or match against, written
/// into the statement's text when none holds a quote, and bound otherwise. A frame asks the same
/// lists (the plan's 52 interventions, its 80 fields) on every week it shows: written in, they are
/// part of the cached statement and only its dates are bound. Bound, each text went through
/// `StatementArguments` and a copy into SQLite, about a twentieth of a week switch at 10 years.
struct ListedTexts {
    /// `VALUES` rows or `IN` items, with a `?` wherever a text is bound.
    var sql: String { String(decoding: bytes, as: UTF8.self) }
    /// The bound texts, in order; empty when all are written in.
    private(set) var arguments: [DatabaseValue] = []
    /// The SQL as it is put together: appending to a String, piece by piece, cost more than the
    /// binding it saves.
    private var bytes: [UInt8] = []

    /// One `VALUES` row per entry of `first`: its text, the same entry of `second` if given, then
    /// its position (`('walk', 0), ...`, `('bp', 'systolic', 0), ...`, or `(?, ?, 0), ...`).
    /// `bound` binds them whatever they hold: for a list that differs from one period to the next,
    /// whose every version written in would be a statement of its own, kept in the cache.
    init(values first: [String], _ second: [String]? = nil, bound: Bool = false) {
        let written = !bound && first.allSatisfy(Self.isLiteral) && (second?.allSatisfy(Self.isLiteral) ?? true)
        bytes.reserveCapacity(first.count * 32)
        for index in first.indices {
            if index > 0 { bytes.append(UInt8(ascii: ",")); bytes.append(UInt8(ascii: " ")) }
            bytes.append(UInt8(ascii: "("))
            append(first[index], written: written)
            if let second { append(second[index], written: written) }
            appendDigits(index)
            bytes.append(UInt8(ascii: ")"))
        }
    }

    /// The items of an `IN` list (`'walk', 'stretch'` or `?, ?`).
    init(items texts: [String]) {
        let written = texts.allSatisfy(Self.isLiteral)
        bytes.reserveCapacity(texts.count * 24)
        for text in texts { append(text, written: written) }
        if !bytes.isEmpty { bytes.removeLast(2) }
    }

    /// A text and the ", " after it.
    private mutating func append(_ text: String, written: Bool) {
        if written {
            bytes.append(UInt8(ascii: "'"))
            var text = text
            text.withUTF8 { bytes.append(contentsOf: $0) }
            bytes.append(UInt8(ascii: "'"))
        } else {
            bytes.append(UInt8(ascii: "?"))
            arguments.append(text.databaseValue)
        }
        bytes.append(UInt8(ascii: ","))
        bytes.append(UInt8(ascii: " "))
    }

    private mutating func appendDigits(_ number: Int) {
        var divisor = 1
        while divisor <= number / 10 { divisor *= 10 }
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(number / divisor % 10))
            divisor /= 10
        }
    }

    /// Text with no quote in it (nor a NUL, which would end the statement) is an SQL string
    /// literal as it stands between single quotes: nothing in it needs escaping.
    static func isLiteral(_ text: String) -> Bool {
        !text.utf8.contains { $0 == UInt8(ascii: "'") || $0 == 0 }
    }
}
