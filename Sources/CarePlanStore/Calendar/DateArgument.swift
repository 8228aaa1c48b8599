/// Reads the dates users type on the command line: `YYYY-MM-DD`, `today` or `yesterday`.
public enum DateArgument {
    public static func parse(_ text: String, today: LocalDate) throws -> LocalDate {
        switch text.lowercased() {
        case "today": return today
        case "yesterday": return today.adding(days: -1)
        case "tomorrow": return today.adding(days: 1)
        default:
            guard let date = LocalDate(iso: text) else { throw CarePlanError.invalidDate(text) }
            if let problem = InputLimits.check(date) { throw CarePlanError.invalidEnvironment(problem) }
            return date
        }
    }
}
