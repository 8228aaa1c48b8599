import Localization

// Dates as people read them, in the reader's language: the one home of weekday and month names
// and of date formats that every view (the dashboard, the command line, reports) uses. The names
// and patterns are CLDR's, given by each catalogue (`localeData`) and checked against Foundation's
// formatters by the tests; they are not asked of ICU at run time, whose first use costs more than
// the status line's whole margin (docs/translating.md, docs/performance.md).

extension Weekday {
    /// "Tuesday"; "wtorek", "星期二", "火曜日".
    public var name: String {
        switch self {
        case .mon: return localeData("weekday", "Monday")
        case .tue: return localeData("weekday", "Tuesday")
        case .wed: return localeData("weekday", "Wednesday")
        case .thu: return localeData("weekday", "Thursday")
        case .fri: return localeData("weekday", "Friday")
        case .sat: return localeData("weekday", "Saturday")
        case .sun: return localeData("weekday", "Sunday")
        }
    }

    /// "Tue"; "wt.", "周二", "火": a week strip's column, a chart's axis.
    public var shortName: String {
        switch self {
        case .mon: return localeData("weekday, abbreviated", "Mon")
        case .tue: return localeData("weekday, abbreviated", "Tue")
        case .wed: return localeData("weekday, abbreviated", "Wed")
        case .thu: return localeData("weekday, abbreviated", "Thu")
        case .fri: return localeData("weekday, abbreviated", "Fri")
        case .sat: return localeData("weekday, abbreviated", "Sat")
        case .sun: return localeData("weekday, abbreviated", "Sun")
        }
    }

    /// "Tu"; "W", "二", "火": where a column has room for one or two cells.
    public var narrowName: String {
        switch self {
        case .mon: return localeData("weekday, narrow: Monday", "Mo")
        case .tue: return localeData("weekday, narrow: Tuesday", "Tu")
        case .wed: return localeData("weekday, narrow: Wednesday", "We")
        case .thu: return localeData("weekday, narrow: Thursday", "Th")
        case .fri: return localeData("weekday, narrow: Friday", "Fr")
        case .sat: return localeData("weekday, narrow: Saturday", "Sa")
        case .sun: return localeData("weekday, narrow: Sunday", "Su")
        }
    }
}

extension LocalDate {
    /// "November"; "listopad", "十一月", "11月": a month on its own, as a heading names it.
    public var monthName: String {
        switch month {
        case 1: return localeData("month", "January")
        case 2: return localeData("month", "February")
        case 3: return localeData("month", "March")
        case 4: return localeData("month", "April")
        case 5: return localeData("month", "May")
        case 6: return localeData("month", "June")
        case 7: return localeData("month", "July")
        case 8: return localeData("month", "August")
        case 9: return localeData("month", "September")
        case 10: return localeData("month", "October")
        case 11: return localeData("month", "November")
        default: return localeData("month", "December")
        }
    }

    /// "Nov"; "lis", "11月": in a date and on a chart's axis.
    public var shortMonthName: String {
        switch month {
        case 1: return localeData("month, abbreviated", "Jan")
        case 2: return localeData("month, abbreviated", "Feb")
        case 3: return localeData("month, abbreviated", "Mar")
        case 4: return localeData("month, abbreviated", "Apr")
        case 5: return localeData("month, abbreviated", "May")
        case 6: return localeData("month, abbreviated", "Jun")
        case 7: return localeData("month, abbreviated", "Jul")
        case 8: return localeData("month, abbreviated", "Aug")
        case 9: return localeData("month, abbreviated", "Sep")
        case 10: return localeData("month, abbreviated", "Oct")
        case 11: return localeData("month, abbreviated", "Nov")
        default: return localeData("month, abbreviated", "Dec")
        }
    }

    /// "N"; "l", "11": a year's chart with no room for more.
    public var narrowMonthName: String {
        switch month {
        case 1: return localeData("month, narrow: January", "J")
        case 2: return localeData("month, narrow: February", "F")
        case 3: return localeData("month, narrow: March", "M")
        case 4: return localeData("month, narrow: April", "A")
        case 5: return localeData("month, narrow: May", "M")
        case 6: return localeData("month, narrow: June", "J")
        case 7: return localeData("month, narrow: July", "J")
        case 8: return localeData("month, narrow: August", "A")
        case 9: return localeData("month, narrow: September", "S")
        case 10: return localeData("month, narrow: October", "O")
        case 11: return localeData("month, narrow: November", "N")
        default: return localeData("month, narrow: December", "D")
        }
    }

    /// "Tuesday 24 Nov 2026"; "wtorek, 24 lis 2026", "2026年11月24日 星期二".
    public var longText: String {
        // TRANSLATORS: a date with its weekday, CLDR's skeleton yMMMEEEEd. Placeholders: {weekday}
        // (Tuesday), {day} (24), {month} (Nov), {monthNumber} (11), {year} (2026).
        fill(localeData("date format", "{weekday} {day} {month} {year}"))
    }

    /// "24 Nov"; "24 lis", "11月24日".
    public var shortText: String {
        // TRANSLATORS: a day of a month, CLDR's skeleton MMMd. Placeholders as in "{weekday} {day} {month} {year}".
        fill(localeData("date format", "{day} {month}"))
    }

    /// "17 Apr 1958": a date that is not about its weekday (a date of birth); "17 kwi 1958", "1958年4月17日".
    public var dateText: String {
        // TRANSLATORS: a date without its weekday, CLDR's skeleton yMMMd. Placeholders as in "{weekday} {day} {month} {year}".
        fill(localeData("date format", "{day} {month} {year}"))
    }

    /// "November 2026"; "listopad 2026", "2026年11月".
    public var monthYearText: String {
        // TRANSLATORS: a month of a year, CLDR's skeleton yMMMM. Placeholders: {fullMonth} (November),
        // {monthNumber} (11), {year} (2026).
        fill(localeData("date format", "{fullMonth} {year}"))
    }

    /// "24/11"; "24.11", "11/24": a day on a crowded axis.
    public var numericDayMonth: String {
        // TRANSLATORS: a day and month in digits, CLDR's skeleton Md. Placeholders: {day} (5), {monthNumber} (1),
        // and the same with two digits: {twoDigitDay} (05), {twoDigitMonth} (01).
        fill(localeData("date format", "{day}/{monthNumber}"))
    }

    private func fill(_ pattern: String) -> String {
        // Years and days as digits, never grouped (2026, not 2,026).
        Placeholders.fill(pattern, ["weekday": weekday.name, "day": String(day), "month": shortMonthName,
                                    "monthNumber": String(month), "fullMonth": monthName, "year": String(year),
                                    "twoDigitDay": pad(day, 2), "twoDigitMonth": pad(month, 2)])
    }
}
