import Localization

/// The four panes of the dashboard, CareKit's modules.
public enum Pane: Int, CaseIterable, Sendable {
    case care, symptoms, insights, connect

    public var title: String {
        switch self {
        // TRANSLATORS: the dashboard's four panes, named after CareKit's modules.
        case .care: return tr("Care Card")
        case .symptoms: return tr("Symptom Tracker")
        case .insights: return tr("Insights")
        case .connect: return trc("pane", "Connect")
        }
    }

    var next: Pane { Pane(rawValue: (rawValue + 1) % Self.allCases.count)! }
    var previous: Pane { Pane(rawValue: (rawValue + Self.allCases.count - 1) % Self.allCases.count)! }
}
