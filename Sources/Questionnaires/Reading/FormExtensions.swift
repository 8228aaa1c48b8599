/// The extensions of FHIR's core and of SDC (Structured Data Capture) that careplan reads from a
/// Questionnaire's items. Those not listed (rendering styles, choice orientation, observation
/// links) change nothing a terminal can show and are left in the form as written.
enum FormExtensions {
    static let core = "http://hl7.org/fhir/StructureDefinition/"
    static let optionPrefix = core + "questionnaire-optionPrefix"
    static let hidden = core + "questionnaire-hidden"
    static let itemControl = core + "questionnaire-itemControl"
    static let unitOption = core + "questionnaire-unitOption"
    static let unit = core + "questionnaire-unit"
    static let minValue = core + "minValue"
    static let maxValue = core + "maxValue"

    static let sdc = "http://hl7.org/fhir/uv/sdc/StructureDefinition/sdc-questionnaire-"
    static let enableWhenExpression = sdc + "enableWhenExpression"
    static let calculatedExpression = sdc + "calculatedExpression"
    static let initialExpression = sdc + "initialExpression"

    /// careplan's own: what a score means, and answers that need the care team (docs/questionnaires.md).
    static let scoreBand = "urn:careplan:extension:score-band"
    static let alert = "urn:careplan:extension:alert"

    /// The FHIRPath media type SDC's expressions name in `language`.
    static let fhirPathLanguage = "text/fhirpath"
}
