import Foundation
import CareInsights
import CarePlanStore

/// What a frame shows, loaded one way for everyone who draws one: the event loop, `careplan
/// snapshot` and the benchmark call this, so they load (and time) the same thing.
public struct FrameLoader {
    public let store: CareStore
    public var size: (width: Int, height: Int)
    /// The one pane drawn alone (`snapshot --pane`), if any.
    public var only: Pane?
    /// The clocks nights are cut on.
    public var zone = CareClock.environmentZone

    public init(store: CareStore, size: (width: Int, height: Int), only: Pane? = nil) {
        self.store = store
        self.size = size
        self.only = only
    }

    /// The selected day and its week, each assessment's latest reading, and the Insights report when Insights
    /// is on screen at this size. `plan` when it is already loaded; `previous` when only the
    /// selection moved since it was loaded (nothing was written), so what still covers the new
    /// day is kept.
    public func load(_ state: AppState, plan: PlanSnapshot? = nil, reusing previous: DashboardData? = nil) throws -> DashboardData {
        let insights = Screen.showsInsights(state: state, width: size.width, height: size.height, only: only) ? state.insightsRange : nil
        return try DashboardData.load(from: store, date: state.selectedDate, today: state.today, plan: plan, insights: insights, reusing: previous, zone: zone)
    }
}
