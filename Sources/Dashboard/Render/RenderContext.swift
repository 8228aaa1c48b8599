import CarePlanStore
import Foundation
import TerminalUI

/// What every pane needs besides state and data: the theme, the chart style and the time of day.
public struct RenderContext: Sendable {
    public var theme: Theme
    public var chartStyle: ChartStyle
    /// Minutes after local midnight now, to mark occurrences whose time has passed as overdue.
    public var minutesIntoDay: Int
    /// Where the data lives, for the welcome screen.
    public var databasePath: String
    /// The clocks times are shown on (a night's bedtime, the sleep timer).
    public var timeZone: TimeZone

    public init(theme: Theme, chartStyle: ChartStyle = .braille, minutesIntoDay: Int, databasePath: String,
                timeZone: TimeZone = CareClock.environmentZone) {
        self.theme = theme
        self.chartStyle = chartStyle
        self.minutesIntoDay = minutesIntoDay
        self.databasePath = databasePath
        self.timeZone = timeZone
    }
}

