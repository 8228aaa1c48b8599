/// How a language writes numbers: `37.2` or `37,2`, `12,345` or `12 345` (CLDR's data, given by
/// each catalogue and checked against Foundation's formatters by the tests). Read from the
/// catalogue rather than from ICU, whose first use costs about a millisecond and a half, more than
/// the status line's whole margin (docs/performance.md).
public struct NumberConventions: Sendable, Equatable {
    /// Between the whole part and the decimals: "." or ",".
    public let decimalSeparator: String
    /// Between groups of three digits: ",", or a no-break space in Polish.
    public let groupSeparator: String
    /// The smallest number written in groups: 1,000 in English; Polish writes 1000 and 10 000.
    public let groupingFrom: Int

    public static let english = NumberConventions(decimalSeparator: ".", groupSeparator: ",", groupingFrom: 1000)

    /// A whole number in groups of three: 1,048,576; 1 048 576 in Polish.
    public func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        guard value.magnitude >= groupingFrom.magnitude else { return (value < 0 ? "-" : "") + digits }
        var result = value < 0 ? "-" : ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result += groupSeparator }
            result.append(digit)
        }
        return result
    }

    /// Decimal text written with "." (what Swift and C print) in this language's way: `37,2`.
    public func localized(decimal text: String) -> String {
        decimalSeparator == "." ? text : String(text.map { $0 == "." ? Character(decimalSeparator) : $0 })
    }

    /// The conventions of the catalogue in use; English where it does not translate them.
    static func fromCatalogue() -> NumberConventions {
        // TRANSLATORS: the decimal separator, as in 37.2: CLDR's "decimal" symbol for your language.
        let decimal = localeData("decimal separator", ".")
        // TRANSLATORS: the digit group separator, as in 12,345: CLDR's "group" symbol for your
        // language (for a no-break space, write U+00A0 itself).
        let group = localeData("digit group separator", ",")
        // TRANSLATORS: the smallest number your language writes with a group separator: 1000 where
        // 1000 is written 1,000; 10000 where 1000 stays whole and 10000 is 10 000 (CLDR's
        // minimumGroupingDigits 2, as in Polish).
        let from = localeData("smallest number written in digit groups", "1000")
        return NumberConventions(decimalSeparator: decimal.isEmpty ? "." : decimal,
                                 groupSeparator: group.isEmpty ? "," : group,
                                 groupingFrom: Int(from) ?? 1000)
    }
}
