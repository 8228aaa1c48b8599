import Localization

/// The answers to a yes-or-no question, in the reader's language and in English: a yes/no reading
/// (stored as `yes` or `no` whatever the language, since files and FHIR read it), and careplan's
/// own questions (`Go ahead? [y/N]`). English is understood in every language.
public enum Answer {
    /// "yes" as the reader writes it: "tak", "是", "はい".
    public static var yes: String {
        // TRANSLATORS: the answer yes, as shown for a yes-or-no reading and accepted when typed (with English yes).
        trc("answer", "yes")
    }

    /// "no" as the reader writes it: "nie", "否", "いいえ".
    public static var no: String {
        // TRANSLATORS: the answer no, as shown for a yes-or-no reading and accepted when typed (with English no).
        trc("answer", "no")
    }

    /// true for yes, false for no, nil for anything else: English `yes`, `y`, `true`, `1` and
    /// `no`, `n`, `false`, `0`, and the reader's words and their first letter ("t" for "tak").
    public static func read(_ typed: String) -> Bool? {
        let text = typed.trimmingSpaces.lowercased()
        if ["yes", "y", "true", "1", yes.lowercased(), yes.lowercased().prefix(1).description].contains(text) { return true }
        if ["no", "n", "false", "0", no.lowercased(), no.lowercased().prefix(1).description].contains(text) { return false }
        return nil
    }

    /// The reader's word for a stored answer.
    public static func shown(_ value: Bool) -> String { value ? yes : no }
}
