import CareInsights
import CarePlanStore

/// What a click can land on. Panes mark these on the frame as they draw (`Buffer.mark`), so a
/// click is resolved against the very layout the user sees.
public enum MouseTarget: Hashable, Sendable {
    case pane(Pane)
    /// An intervention's row in the Care Card, by its index in `PaneRows.care`.
    case careRow(Int)
    /// That row's occurrence boxes: a click ticks, as Space does.
    case careBox(Int)
    /// An assessment's row in the Symptom Tracker: a click selects, a second opens the form.
    case symptomRow(Int)
    /// A contact's row in Connect, by its index in `PaneRows.contacts`.
    case contactRow(Int)
    case day(LocalDate)
    case range(InsightRange)
    /// An entry of Insights' list (sleep, an assessment field), by its index in `DashboardData.charts`.
    case chart(Int)
    /// A plan in the first-run picker.
    case sample(Int)
    /// Help or a form: it covers whatever is drawn below it.
    case overlay

    public var tag: String {
        switch self {
        case .pane(let pane): return "pane:\(pane.rawValue)"
        case .careRow(let index): return "care:\(index)"
        case .careBox(let index): return "box:\(index)"
        case .symptomRow(let index): return "symptom:\(index)"
        case .contactRow(let index): return "contact:\(index)"
        case .day(let date): return "day:\(date.dayNumber)"
        case .range(let range): return "range:\(range.rawValue)"
        case .chart(let index): return "chart:\(index)"
        case .sample(let index): return "sample:\(index)"
        case .overlay: return "overlay"
        }
    }

    public init?(tag: String) {
        let parts = tag.split(separator: ":", maxSplits: 1).map(String.init)
        let number = parts.count == 2 ? Int(parts[1]) : nil
        switch (parts[0], number) {
        case ("pane", let n?): guard let pane = Pane(rawValue: n) else { return nil }; self = .pane(pane)
        case ("care", let n?): self = .careRow(n)
        case ("box", let n?): self = .careBox(n)
        case ("symptom", let n?): self = .symptomRow(n)
        case ("contact", let n?): self = .contactRow(n)
        case ("day", let n?): self = .day(LocalDate(dayNumber: n))
        case ("chart", let n?): self = .chart(n)
        case ("sample", let n?): self = .sample(n)
        case ("range", _): guard parts.count == 2, let range = InsightRange(rawValue: parts[1]) else { return nil }; self = .range(range)
        case ("overlay", _): self = .overlay
        default: return nil
        }
    }

    /// The pane a target lies in, which a click or a wheel turn focuses.
    var pane: Pane? {
        switch self {
        case .pane(let pane): return pane
        case .careRow, .careBox, .day: return .care
        case .symptomRow: return .symptoms
        case .contactRow: return .connect
        case .range, .chart: return .insights
        case .sample, .overlay: return nil
        }
    }
}
