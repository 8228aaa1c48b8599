import FHIRPath
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// The official FHIRPath R4 test suite (Tests/Data/fhirpath/tests-fhir-r4.xml), read from its XML
/// as published: each test's expression, whether it must fail, its expected outputs with their
/// types, `predicate` and `mode`. Nothing of it is written into Swift. The tests and
/// `careplan-bench` both read it here.
public struct OfficialSuite: Sendable {
    public struct Output: Sendable {
        /// `boolean`, `integer`, `decimal`, `string`, `code`, `date`, `dateTime`, `time`, `Quantity`…; nil when not given.
        public let type: String?
        public let text: String
    }

    public struct Case: Sendable {
        public let group: String
        public let name: String
        public let expression: String
        /// The resource it runs on (the suite names `patient-example.xml`; the JSON beside it is the same resource).
        public let inputFile: String?
        /// `syntax`, `semantic`, `execution` (or `true`): the expression must raise an error.
        public let invalid: String?
        /// The result is taken as a Boolean (`exists()`).
        public let predicate: Bool
        /// `strict`: names the model does not have are errors.
        public let strict: Bool
        public let outputs: [Output]

        public init(group: String, name: String, expression: String, inputFile: String?, invalid: String?, predicate: Bool, strict: Bool,
                    outputs: [Output]) {
            self.group = group
            self.name = name
            self.expression = expression
            self.inputFile = inputFile
            self.invalid = invalid
            self.predicate = predicate
            self.strict = strict
            self.outputs = outputs
        }
    }

    public let cases: [Case]
    /// The inputs by file name, parsed once.
    public let inputs: [String: JSON]

    public static var folder: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../Data/fhirpath").standardized
    }

    public init(folder: URL = OfficialSuite.folder) throws {
        let data = try Data(contentsOf: folder.appendingPathComponent("tests-fhir-r4.xml"))
        let reader = SuiteXMLReader()
        let parser = XMLParser(data: data)
        parser.delegate = reader
        guard parser.parse() else {
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "tests-fhir-r4.xml: \(parser.parserError.map { "\($0)" } ?? "unreadable")"])
        }
        cases = reader.cases
        var inputs: [String: JSON] = [:]
        for file in Set(reader.cases.compactMap(\.inputFile)) {
            let url = folder.appendingPathComponent(OfficialSuite.jsonName(of: file))
            inputs[file] = try JSONReader.read(try Data(contentsOf: url))
        }
        self.inputs = inputs
    }

    /// `patient-example.xml` → `patient-example.json`.
    public static func jsonName(of file: String) -> String {
        file.hasSuffix(".xml") ? String(file.dropLast(4)) + ".json" : file
    }

    /// The environment a case runs in: `mode="strict"`, and the clock left as it is.
    public func environment(for test: Case) -> Environment {
        Environment(strict: test.strict)
    }
}

/// XMLParser's delegate: collects `<test>` elements in their `<group>`s (comments are skipped
/// by the parser, as the suite's disabled groups are).
private final class SuiteXMLReader: NSObject, XMLParserDelegate {
    var cases: [OfficialSuite.Case] = []
    private var group = ""
    private var test: [String: String]?
    private var expressionAttributes: [String: String] = [:]
    private var expression = ""
    private var outputs: [OfficialSuite.Output] = []
    private var outputType: String?
    private var text = ""
    private var inText = false

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
        switch name {
        case "group": group = attributes["name"] ?? ""
        case "test":
            test = attributes
            expression = ""
            outputs = []
            expressionAttributes = [:]
        case "expression":
            expressionAttributes = attributes
            text = ""
            inText = true
        case "output":
            outputType = attributes["type"]
            text = ""
            inText = true
        default: break
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if inText { text += string }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        switch name {
        case "expression":
            expression = text
            inText = false
        case "output":
            outputs.append(.init(type: outputType, text: text))
            inText = false
        case "test":
            guard let attributes = test else { return }
            let mode = expressionAttributes["mode"] ?? attributes["mode"]
            cases.append(.init(group: group, name: attributes["name"] ?? "(unnamed)", expression: expression, inputFile: attributes["inputfile"],
                               invalid: expressionAttributes["invalid"], predicate: attributes["predicate"] == "true",
                               strict: mode == "strict", outputs: outputs))
            test = nil
        default: break
        }
    }
}
