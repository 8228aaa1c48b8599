import Localization

/// The kinds of item FHIR R4 gives a Questionnaire (`Questionnaire.item.type`), spelt as FHIR
/// spells them.
public enum ItemKind: String, Sendable, CaseIterable {
    case group, display, boolean, decimal, integer, date, dateTime, time, string, text, url, choice
    case openChoice = "open-choice"
    case attachment, reference, quantity

    /// Whether a person answers it: a group holds items and a display item is text to read.
    public var isQuestion: Bool { self != .group && self != .display }

    /// Why a terminal cannot ask for it (nil: it can). Such an item is refused when the form is
    /// read, never left out without a word.
    var whyNotAnswerable: String? {
        switch self {
        case .attachment: tr("it asks for a file to attach (a photo, a document), which careplan cannot take in a terminal")
        case .reference: tr("it asks for a reference to another FHIR resource, which careplan cannot look up")
        default: nil
        }
    }
}
