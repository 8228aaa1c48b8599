/// One event of a questionnaire: which activity, which day, which occurrence of it.
public struct FormEvent: Sendable, Hashable {
    public var activityId: String
    public var date: LocalDate
    public var occurrence: Int

    public init(activityId: String, date: LocalDate, occurrence: Int) {
        self.activityId = activityId
        self.date = date
        self.occurrence = occurrence
    }
}
