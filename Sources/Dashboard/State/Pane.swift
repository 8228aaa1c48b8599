/// The three panes of the dashboard.
public enum Pane: Int, CaseIterable, Sendable {
    case care, symptoms, insights

    public var title: String {
        switch self {
        case .care: return "Care Card"
        case .symptoms: return "Symptom Tracker"
        case .insights: return "Insights"
        }
    }

    var next: Pane { Pane(rawValue: (rawValue + 1) % 3)! }
    var previous: Pane { Pane(rawValue: (rawValue + 2) % 3)! }
}
