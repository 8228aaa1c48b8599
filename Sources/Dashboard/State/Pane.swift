/// The four panes of the dashboard, CareKit's modules.
public enum Pane: Int, CaseIterable, Sendable {
    case care, symptoms, insights, connect

    public var title: String {
        switch self {
        case .care: return "Care Card"
        case .symptoms: return "Symptom Tracker"
        case .insights: return "Insights"
        case .connect: return "Connect"
        }
    }

    var next: Pane { Pane(rawValue: (rawValue + 1) % Self.allCases.count)! }
    var previous: Pane { Pane(rawValue: (rawValue + Self.allCases.count - 1) % Self.allCases.count)! }
}
