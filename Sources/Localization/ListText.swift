/// Lists in the reader's language: "07:00, 21:00" in English and Polish, "07:00、21:00" in Chinese
/// and Japanese; clauses "…; …", "…；…". For words and phrases a person reads: lists of ids, keys
/// and units typed as they are keep ", ".
public enum ListText {
    public static func joined<S: Sequence>(_ items: S) -> String where S.Element: StringProtocol {
        // TRANSLATORS: between the items of a list of words or phrases: "07:00, 21:00", "Mon, Wed, Fri".
        items.joined(separator: localeData("list separator", ", "))
    }

    public static func clauses<S: Sequence>(_ items: S) -> String where S.Element: StringProtocol {
        // TRANSLATORS: between clauses that each say something: "daily at 08:00; optional".
        items.joined(separator: localeData("clause separator", "; "))
    }
}
