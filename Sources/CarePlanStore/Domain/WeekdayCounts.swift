/// How many times a weekly schedule is due on each day of the week; a day it is not due on has
/// no count (`{mon: 1, thu: 2}` in a plan file).
///
/// Seven slots, Monday first, rather than a dictionary keyed by `Weekday`: the first dictionary of
/// a new key type makes Swift's runtime search every conformance in the program for the key's
/// Hashable, and reading a plan with a weekly activity paid that on every `careplan status`
/// (docs/performance.md). Days also come out in week order without sorting.
public struct WeekdayCounts: Hashable, Sendable, ExpressibleByDictionaryLiteral {
    private var counts: [Int?] = Array(repeating: nil, count: 7)

    public init() {}

    /// Each day once; a later count for the same day replaces the earlier.
    public init(_ pairs: some Sequence<(Weekday, Int)>) {
        for (day, count) in pairs { self[day] = count }
    }

    public init(dictionaryLiteral elements: (Weekday, Int)...) {
        self.init(elements)
    }

    /// The day's count; nil when the schedule is not due that day.
    public subscript(day: Weekday) -> Int? {
        get { counts[day.rawValue - 1] }
        set { counts[day.rawValue - 1] = newValue }
    }

    /// The days with a count, Monday first.
    public var days: [Weekday] { Weekday.allCases.filter { self[$0] != nil } }

    /// The days with their counts, Monday first.
    public var pairs: [(day: Weekday, count: Int)] { Weekday.allCases.compactMap { day in self[day].map { (day, $0) } } }

    public var isEmpty: Bool { counts.allSatisfy { $0 == nil } }
}
