import CarePlanStore
import TerminalUI

/// What every pane needs besides state and data: the theme, the chart style and the time of day.
public struct RenderContext: Sendable {
    public var theme: Theme
    public var chartStyle: ChartStyle
    /// Minutes after local midnight now, to mark occurrences whose time has passed as overdue.
    public var minutesIntoDay: Int
    /// Where the data lives, for the welcome screen.
    public var databasePath: String

    public init(theme: Theme, chartStyle: ChartStyle = .braille, minutesIntoDay: Int, databasePath: String) {
        self.theme = theme
        self.chartStyle = chartStyle
        self.minutesIntoDay = minutesIntoDay
        self.databasePath = databasePath
    }
}

/// Dates as the dashboard writes them.
enum DateText {
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// "Saturday 21 Nov 2026".
    static func long(_ date: LocalDate) -> String {
        "\(date.weekday.name) \(date.day) \(months[date.month - 1]) \(date.year)"
    }

    /// "21 Nov".
    static func short(_ date: LocalDate) -> String { "\(date.day) \(months[date.month - 1])" }
}
