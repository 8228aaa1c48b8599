import Localization

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

    /// What a message about a limit names: a text of the command line or the dashboard, or a
    /// key of a hand-written file (`title`, `patient: name`), which is written as it is.
    public enum Subject: Sendable {
        case text, note, name
        case key(String)
    }

    /// Whether `text` is at most `limit` characters; the message names `subject`.
    public static func check(_ text: String, _ limit: Int, _ subject: Subject) -> String? {
        let count = text.count
        guard count > limit else { return nil }
        switch subject {
        case .text:
            return trn("the text is {count} character long; at most {limit} are accepted",
                       "the text is {count} characters long; at most {limit} are accepted", count, ["limit": limit])
        case .note:
            return trn("the note is {count} character long; at most {limit} are accepted",
                       "the note is {count} characters long; at most {limit} are accepted", count, ["limit": limit])
        case .name:
            return trn("the name is {count} character long; at most {limit} are accepted",
                       "the name is {count} characters long; at most {limit} are accepted", count, ["limit": limit])
        case .key(let key):
            // TRANSLATORS: {key} is a plan file's key as written there (title, patient: name).
            return trn("{key} is {count} character long; at most {limit} are accepted",
                       "{key} is {count} characters long; at most {limit} are accepted", count, ["key": key, "limit": limit])
        }
    }

    /// Whether `date` lies within the dates careplan accepts; the message names the file's `key`
    /// that gave it, else it speaks of the date typed.
    public static func check(_ date: LocalDate, key: String? = nil) -> String? {
        guard !(firstDate...lastDate).contains(date) else { return nil }
        guard let key else {
            return tr("the date {date} is outside the dates careplan accepts ({first} to {last})",
                      ["date": date.iso, "first": firstDate.iso, "last": lastDate.iso])
        }
        // TRANSLATORS: {key} is a plan file's key as written there (schedule: start).
        return tr("{key} {date} is outside the dates careplan accepts ({first} to {last})",
                  ["key": key, "date": date.iso, "first": firstDate.iso, "last": lastDate.iso])
    }
}
