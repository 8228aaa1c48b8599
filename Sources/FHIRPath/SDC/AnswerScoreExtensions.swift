/// The extensions that give an answer its score, which `weight()` and `ordinal()` read and a form
/// filler shows: FHIR R5's `itemWeight` and its R4 forerunner `ordinalValue` (both `valueDecimal`).
public enum AnswerScoreExtensions {
    public static let itemWeight = "http://hl7.org/fhir/StructureDefinition/itemWeight"
    public static let ordinalValue = "http://hl7.org/fhir/StructureDefinition/ordinalValue"
    public static let all = [itemWeight, ordinalValue]
}
