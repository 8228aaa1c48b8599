/// One activity's versions as they were read, and the plan's revision at that read: a write
/// validated against them runs only if the plan is still at that revision (`CareStore.validated`).
public struct ActivityAsRead: Sendable {
    public let history: ActivityHistory
    let revision: Int
}
