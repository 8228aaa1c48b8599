/// The extensions of FHIR's core and of SDC (Structured Data Capture) that careplan reads from a
/// Questionnaire's items. Those not listed (rendering styles, choice orientation, observation
/// links) change nothing a terminal can show and are left in the form as written.
public enum FormExtensions {
    public static let core = "http://hl7.org/fhir/StructureDefinition/"
    public static let optionPrefix = core + "questionnaire-optionPrefix"
    public static let hidden = core + "questionnaire-hidden"
    public static let itemControl = core + "questionnaire-itemControl"
    public static let unitOption = core + "questionnaire-unitOption"
    public static let unit = core + "questionnaire-unit"
    public static let minValue = core + "minValue"
    public static let maxValue = core + "maxValue"

    public static let sdc = "http://hl7.org/fhir/uv/sdc/StructureDefinition/sdc-questionnaire-"
    public static let enableWhenExpression = sdc + "enableWhenExpression"
    public static let calculatedExpression = sdc + "calculatedExpression"
    public static let initialExpression = sdc + "initialExpression"
    /// On an item, a group or the form: the answers go to FHIR as Observations of the item's code.
    public static let observationExtract = sdc + "observationExtract"

    /// careplan's own: what a score means, and answers that need the care team (docs/questionnaires.md).
    public static let scoreBand = "urn:careplan:extension:score-band"
    public static let alert = "urn:careplan:extension:alert"

    /// The FHIRPath media type SDC's expressions name in `language`.
    public static let fhirPathLanguage = "text/fhirpath"
}
