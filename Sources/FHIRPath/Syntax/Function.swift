/// The functions FHIRPath knows, each with how many arguments it takes and which of them are
/// expressions evaluated for each item of the input (`where(criteria)`) rather than once.
/// Found by name when the expression is parsed, so an unknown name or a wrong count is an error
/// before anything is evaluated.
enum Function: String, CaseIterable, Sendable {
    // Existence
    case empty, exists, all, allTrue, anyTrue, allFalse, anyFalse, subsetOf, supersetOf, count, distinct, isDistinct
    // Filtering and projection
    case `where`, select, `repeat`, ofType
    // Subsetting
    case single, first, last, tail, skip, take, intersect, exclude
    // Combining
    case union, combine
    // Conversion
    case iif, toBoolean, convertsToBoolean, toInteger, convertsToInteger, toDate, convertsToDate, toDateTime, convertsToDateTime
    case toDecimal, convertsToDecimal, toQuantity, convertsToQuantity, toString, convertsToString, toTime, convertsToTime
    // Strings
    case indexOf, lastIndexOf, substring, startsWith, endsWith, contains, upper, lower, replace, matches, matchesFull
    case replaceMatches, length, toChars, encode, decode, escape, unescape, trim, split, join
    // Math
    case abs, ceiling, exp, floor, ln, log, power, round, sqrt, truncate
    // Tree navigation
    case children, descendants
    // Utility
    case trace, now, timeOfDay, today, lowBoundary, highBoundary, precision, comparable, sort
    // Aggregates
    case aggregate, sum, min, max, avg
    // Types
    case `is`, `as`, type
    // Boolean
    case not
    // FHIR
    case `extension`, hasValue, getValue, resolve, conformsTo, memberOf, htmlChecks
    // SDC (Structured Data Capture)
    case answers, ordinal, weight

    /// How many arguments the function takes.
    var arity: ClosedRange<Int> {
        switch self {
        case .exists, .toQuantity, .convertsToQuantity, .join, .round, .lowBoundary, .highBoundary: 0...1
        case .all, .subsetOf, .supersetOf, .where, .select, .repeat, .ofType, .skip, .take, .intersect, .exclude, .union, .combine,
             .indexOf, .lastIndexOf, .startsWith, .endsWith, .contains, .matches, .matchesFull, .encode, .decode, .escape, .unescape, .split,
             .log, .power, .comparable, .is, .as, .extension, .conformsTo, .memberOf:
            1...1
        case .substring, .trace, .aggregate: 1...2
        case .iif: 2...3
        case .replace, .replaceMatches: 2...2
        case .sort: 0...8
        default: 0...0
        }
    }

    /// Whether argument `position` is evaluated for each input item, with `$this` (and `$index`,
    /// `$total`) set, rather than once with the focus of the whole expression.
    func isPerItem(_ position: Int) -> Bool {
        switch self {
        case .exists, .all, .where, .select, .repeat, .aggregate, .sort: true
        case .iif: true
        case .trace: position == 1
        default: false
        }
    }

    /// Functions whose argument is a type name, not an expression.
    var takesType: Bool { self == .ofType || self == .is || self == .as }
}
