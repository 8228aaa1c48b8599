// FHIR R4's model information (Sources/FHIRPath/Model): what the engine relies on when it walks
// a resource, checks a type or reads a choice element, and that the generated tables are those
// the script makes from r4/*.json today.

import FHIRPath
import Foundation
import Testing

@Test func choiceElementsListTheirTypesInTheFilesOrder() {
    let value = FHIRModel.choiceTypes(of: "Observation.value")
    #expect(value?.contains("Quantity") == true)
    #expect(value?.contains("String") == true)
    #expect(value?.first == "Quantity")
    #expect(FHIRModel.choiceTypes(of: "Patient.deceased") == ["Boolean", "DateTime"])
    // Not choices: an ordinary element, one expanded choice, an unknown path.
    #expect(FHIRModel.choiceTypes(of: "Patient.name") == nil)
    #expect(FHIRModel.choiceTypes(of: "Observation.valueQuantity") == nil)
    #expect(FHIRModel.choiceTypes(of: "Observation.nothing") == nil)
}

@Test func elementPathsHaveTheirDeclaredTypes() {
    #expect(FHIRModel.type(ofPath: "Patient.name") == "HumanName")
    #expect(FHIRModel.type(ofPath: "Patient.active") == "boolean")
    #expect(FHIRModel.type(ofPath: "Patient.birthDate") == "date")
    #expect(FHIRModel.type(ofPath: "Observation.valueQuantity") == "Quantity")
    #expect(FHIRModel.type(ofPath: "Observation.status") == "code")
    #expect(FHIRModel.type(ofPath: "Bundle.entry.resource") == "Resource")
    // The file names the System type of ids and of Extension.url.
    #expect(FHIRModel.type(ofPath: "Patient.id") == "System.String")
    #expect(FHIRModel.type(ofPath: "Extension.url") == "System.String")
    // Backbone elements, which the file leaves out, and elements nested in data types.
    #expect(FHIRModel.type(ofPath: "Questionnaire.item") == "BackboneElement")
    #expect(FHIRModel.type(ofPath: "Patient.contact") == "BackboneElement")
    #expect(FHIRModel.type(ofPath: "Timing.repeat") == "Element")
    // A choice element has no single type.
    #expect(FHIRModel.type(ofPath: "Observation.value") == nil)
    // A resource's root.
    #expect(FHIRModel.type(ofPath: "Patient") == "Patient")
}

@Test func unknownPathsHaveNoType() {
    #expect(FHIRModel.type(ofPath: "Patient.nothing") == nil)
    #expect(FHIRModel.type(ofPath: "Nothing.name") == nil)
    #expect(FHIRModel.type(ofPath: "Patient.contact.nothing") == nil)
    #expect(FHIRModel.type(ofPath: "Nothing") == nil)
    #expect(FHIRModel.type(ofPath: "") == nil)
    #expect(FHIRModel.type(ofPath: "patient.name") == nil)
}

@Test func contentReferencesResolveAtAnyDepth() {
    #expect(FHIRModel.definitionPath(of: "Questionnaire.item.item") == "Questionnaire.item")
    #expect(FHIRModel.definitionPath(of: "Questionnaire.item.item.item.linkId") == "Questionnaire.item.linkId")
    #expect(FHIRModel.definitionPath(of: "QuestionnaireResponse.item.answer.item.item") == "QuestionnaireResponse.item")
    #expect(FHIRModel.definitionPath(of: "Patient.name") == "Patient.name")
    #expect(FHIRModel.type(ofPath: "Questionnaire.item.item") == "BackboneElement")
    #expect(FHIRModel.type(ofPath: "Questionnaire.item.item.linkId") == "string")
    #expect(FHIRModel.type(ofPath: "Questionnaire.item.item.item.enableWhen.answerCoding") == "Coding")
    #expect(FHIRModel.type(ofPath: "QuestionnaireResponse.item.answer.item.answer.valueCoding") == "Coding")
    let answerOption = FHIRModel.choiceTypes(of: "Questionnaire.item.item.answerOption.value")
    #expect(answerOption == FHIRModel.choiceTypes(of: "Questionnaire.item.answerOption.value"))
    #expect(answerOption?.contains("Coding") == true)
    #expect(FHIRModel.choiceTypes(of: "QuestionnaireResponse.item.item.answer.value")?.contains("Quantity") == true)
}

@Test func inheritedElementsComeFromTheAncestors() {
    // Listed under each resource in the data...
    #expect(FHIRModel.type(ofPath: "Patient.meta") == "Meta")
    #expect(FHIRModel.type(ofPath: "Patient.text") == "Narrative")
    #expect(FHIRModel.type(ofPath: "Patient.contact.extension") == "Extension")
    // ...and found through the hierarchy where it has none of its own.
    #expect(FHIRModel.type(ofPath: "SimpleQuantity.value") == "decimal")
    #expect(FHIRModel.type(ofPath: "MoneyQuantity.code") == "code")
    #expect(FHIRModel.type(ofPath: "Patient.active.extension") == "Extension")
    #expect(FHIRModel.type(ofPath: "Timing.repeat.id") == "System.String")
    #expect(FHIRModel.type(ofPath: "Bundle.entry.resource.meta") == "Meta")
    // Through an element's type, and a choice inherited by an extension.
    #expect(FHIRModel.type(ofPath: "Patient.name.given") == "string")
    #expect(FHIRModel.type(ofPath: "Observation.valueQuantity.value") == "decimal")
    #expect(FHIRModel.choiceTypes(of: "Patient.extension.value")?.contains("Coding") == true)
}

@Test func typeHierarchy() {
    #expect(FHIRModel.parent(of: "Age") == "Quantity")
    #expect(FHIRModel.parent(of: "Patient") == "DomainResource")
    #expect(FHIRModel.parent(of: "DomainResource") == "Resource")
    #expect(FHIRModel.parent(of: "Resource") == nil)
    #expect(FHIRModel.parent(of: "Element") == nil)
    #expect(FHIRModel.parent(of: "code") == "string")
    #expect(FHIRModel.parent(of: "positiveInt") == "integer")
    #expect(FHIRModel.parent(of: "boolean") == "Element")
    #expect(FHIRModel.isType("Age", subtypeOf: "Quantity"))
    #expect(FHIRModel.isType("Age", subtypeOf: "Element"))
    #expect(FHIRModel.isType("Quantity", subtypeOf: "Quantity"))
    #expect(!FHIRModel.isType("Quantity", subtypeOf: "Age"))
    #expect(FHIRModel.isType("canonical", subtypeOf: "uri"))
    #expect(FHIRModel.isType("Patient", subtypeOf: "Resource"))
    #expect(!FHIRModel.isType("Patient", subtypeOf: "Element"))
}

@Test func resourcesAndKnownTypes() {
    for name in ["Patient", "Bundle", "Parameters", "Binary", "Questionnaire", "Resource", "DomainResource"] {
        #expect(FHIRModel.isResource(name), "\(name)")
    }
    for name in ["HumanName", "Quantity", "BackboneElement", "boolean", "string", "Nothing", "patient"] {
        #expect(!FHIRModel.isResource(name), "\(name)")
    }
    for name in ["Patient", "HumanName", "Age", "SimpleQuantity", "BackboneElement", "Element", "Resource",
                 "boolean", "code", "string", "xhtml"] {
        #expect(FHIRModel.isKnownType(name), "\(name)")
    }
    for name in ["Nothing", "patient", "System.String", "String", ""] {
        #expect(!FHIRModel.isKnownType(name), "\(name)")
    }
}

/// Tests/FHIRPathTests/ModelInfoTests.swift -> the repository (through a symlink, if any).
private let repositoryRoot = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

private func sourceTable(_ name: String) throws -> [String: Any] {
    let url = repositoryRoot.appendingPathComponent("Sources/FHIRPath/Model/r4/\(name).json")
    return try #require(JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
}

/// Every entry of the four source files is answered as the file says: nothing lost between the
/// JSON, the generated text and the dictionaries.
@Test func everyEntryOfTheSourceFilesIsAnswered() throws {
    let path2Type = try sourceTable("path2Type")
    #expect(path2Type.count == 7705)
    for (path, type) in path2Type {
        #expect(FHIRModel.type(ofPath: path) == type as? String, "\(path)")
    }
    let choices = try sourceTable("choiceTypePaths")
    #expect(choices.count == 187)
    for (path, types) in choices {
        #expect(FHIRModel.choiceTypes(of: path) == types as? [String], "\(path)")
        #expect(FHIRModel.type(ofPath: path) == nil, "\(path)")
    }
    let elsewhere = try sourceTable("pathsDefinedElsewhere")
    #expect(elsewhere.count == 55)
    for (path, target) in elsewhere {
        #expect(FHIRModel.definitionPath(of: path) == target as? String, "\(path)")
        #expect(FHIRModel.type(ofPath: path) != nil, "\(path)")
    }
    let parents = try sourceTable("type2Parent")
    #expect(parents.count == 209)
    for (type, parent) in parents {
        #expect(FHIRModel.parent(of: type) == parent as? String, "\(type)")
        #expect(FHIRModel.isKnownType(type), "\(type)")
    }
}

/// The generated Swift is what generate-model.py makes from r4/*.json now.
@Test func generatedModelIsUpToDate() throws {
    try GeneratorCheck.expectUpToDate("Sources/FHIRPath/Model/generate-model.py")
}
