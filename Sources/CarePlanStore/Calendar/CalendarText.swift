/// Dates as people read them, in English: the one home of month names and date formats that
/// every view (the dashboard, the command line, reports) uses.
extension LocalDate {
    public static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August",
                                    "September", "October", "November", "December"]

    /// "November".
    public var monthName: String { Self.monthNames[month - 1] }
    /// "Nov".
    public var shortMonthName: String { String(monthName.prefix(3)) }
    /// "Saturday 21 Nov 2026".
    public var longText: String { "\(weekday.name) \(day) \(shortMonthName) \(year)" }
    /// "21 Nov".
    public var shortText: String { "\(day) \(shortMonthName)" }
    /// "17 Apr 1958": a date that is not about its weekday (a date of birth).
    public var dateText: String { "\(day) \(shortMonthName) \(year)" }
}
