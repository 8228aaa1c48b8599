import Localization

/// Why a form was refused: where (the file, and a line and column or the item's place and
/// linkId) and what is wrong or what careplan accepts instead. Nothing of a refused form is kept.
public struct QuestionnaireError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file, or the bundled instrument's name.
    public let source: String
    /// Where in it: `line 4, column 7` for JSON that does not read, else the item's place
    /// (`item[2].item[0]`, `contained[1]`), or empty for the form as a whole.
    public let location: String
    /// The item's linkId, when the problem is an item's.
    public let linkId: String?
    public let message: String

    public init(source: String, location: String = "", linkId: String? = nil, message: String) {
        self.source = source
        self.location = location
        self.linkId = linkId
        self.message = message
    }

    public var description: String {
        var place = source
        if let linkId {
            place += ": " + tr("item '{linkId}' ({place})", ["linkId": linkId, "place": location])
        } else if !location.isEmpty {
            place += ": " + location
        }
        return place + ": " + message
    }
}
