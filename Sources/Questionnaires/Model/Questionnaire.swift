import FHIRPath

/// A form to fill in: a FHIR R4 Questionnaire (a bundled instrument such as PHQ-9, a clinic's
/// file, or items written in a plan), read and checked (`QuestionnaireReader`).
public struct Questionnaire: Sendable {
    /// Its canonical URL and version, which a response names (`questionnaire`: url|version).
    public let url: String?
    public let version: String?
    public let name: String?
    public let title: String?
    /// Who may copy it and on what terms, shown with the form (PHQ-9's Pfizer statement).
    public let copyright: String?
    public let codes: [AnswerCoding]
    public let items: [QuestionnaireItem]
    /// The language its texts are written in (`language`, BCP 47); careplan's instruments are in English.
    public let language: String?
        /// SDC `variable`s declared on the form itself.
    public let variables: DeclaredVariables
    /// The form as read: `%questionnaire` for its expressions, and what careplan stores and exports.
    public let json: JSON
    /// Every item, depth first, in the form's order.
    public let allItems: [QuestionnaireItem]
    /// Where each linkId is in `allItems`. Items are looked up by linkId at every key, every
    /// settling and every frame (a PHQ-9's table asks for each of its rows); flattening the tree
    /// at each lookup copied every item, a tenth of the frame that opens the form.
    private let positions: [String: Int]
    /// The pages it is asked in (`FormPage`), worked out once: each opening of the form asks for them.
    public let pages: [FormPage]

    init(url: String?, version: String?, name: String?, title: String?, copyright: String?, codes: [AnswerCoding],
         items: [QuestionnaireItem], language: String?, variables: DeclaredVariables, json: JSON) {
        self.url = url
        self.version = version
        self.name = name
        self.title = title
        self.copyright = copyright
        self.codes = codes
        self.items = items
        self.language = language
        self.variables = variables
        self.json = json
        allItems = items.flatMap(\.flattened)
        // The first of a linkId wins, as a search in order found it; the reader refuses duplicates.
        positions = Dictionary(allItems.enumerated().map { ($1.linkId, $0) }, uniquingKeysWith: { first, _ in first })
        pages = FormPage.pages(of: items)
    }

    /// `url|version`, or the url alone; nil for a form without a url.
    public var canonical: String? {
        guard let url else { return nil }
        return version.map { "\(url)|\($0)" } ?? url
    }

    /// The language a reader whose language is `tag` (`pl`, `zh-CN`) should be told the form is
    /// worded in, because it is not theirs; nil when it is theirs, or when the form does not say.
    /// careplan ships no translation of an instrument of its own making (docs/questionnaires.md):
    /// a reader in another language is shown the original words, and told so.
    public func otherWording(forReader tag: String) -> String? {
        guard let wording = language ?? (url?.hasPrefix(Instruments.canonicalPrefix) == true ? "en" : nil) else { return nil }
        func primary(_ tag: String) -> Substring { tag.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).first ?? "" }
        return primary(wording) == primary(tag) ? nil : wording
    }

    /// The item with this linkId.
    public func item(_ linkId: String) -> QuestionnaireItem? { positions[linkId].map { allItems[$0] } }

    /// The group an item sits in, when it sits in one.
    public func group(of linkId: String) -> QuestionnaireItem? {
        allItems.first { $0.kind == .group && $0.items.contains { $0.linkId == linkId } }
    }
}
