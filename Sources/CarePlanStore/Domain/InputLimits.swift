/// How large anything a person writes may be: far above what a real plan, note or reading needs,
/// far below what would make careplan slow or its screens unreadable. Every limit is checked
/// where the text comes in, with a message that gives it, before anything is parsed or written.
public enum InputLimits {
    /// A hand-written file (a plan, a theme): the largest sample plan is 14 KB.
    public static let fileBytes = 2 << 20
    /// Activities in one plan.
    public static let activities = 1000
    /// Occurrences in one day (every half hour), and times in a schedule.
    public static let occurrencesPerDay = 48
    /// Every N days, at most ten years apart.
    public static let everyDays = 3650
    /// A title, a subtitle, a group, a contact's name or role, an option's name.
    public static let shortText = 200
    /// Instructions, a contact's notes, a note on a reading, a text reading.
    public static let longText = 10_000
    /// Dates a plan or a command may name.
    public static let firstDate = LocalDate(iso: "1900-01-01")!
    public static let lastDate = LocalDate(iso: "2199-12-31")!

    /// Whether `text` is at most `limit` characters; the message names `what`.
    public static func check(_ text: String, _ limit: Int, _ what: String) -> String? {
        let count = text.count
        return count > limit ? "\(what) is \(count) characters long; at most \(limit) are accepted" : nil
    }

    public static func check(_ date: LocalDate, _ what: String) -> String? {
        (firstDate...lastDate).contains(date) ? nil : "\(what) \(date) is outside the dates careplan accepts (\(firstDate) to \(lastDate))"
    }
}
