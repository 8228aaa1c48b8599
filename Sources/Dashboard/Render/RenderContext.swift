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

