/// How much colour the dashboard and snapshots draw with: the one place `NO_COLOR` and the
/// terminal's colour count are weighed.
public struct ColorPolicy: Sendable, Equatable {
    /// `NO_COLOR` set and not empty (no-color.org).
    public var noColor: Bool

    public init(noColor: Bool) { self.noColor = noColor }

    public init(environment: [String: String]) {
        noColor = !(environment["NO_COLOR"] ?? "").isEmpty
    }

    /// The colours to draw with on a terminal that has `terminalColors`: 0 (attributes only) when
    /// colour is not wanted or the terminal has fewer than 8, else all of them.
    public func colors(terminalColors: Int) -> Int {
        noColor || terminalColors < 8 ? 0 : terminalColors
    }
}
