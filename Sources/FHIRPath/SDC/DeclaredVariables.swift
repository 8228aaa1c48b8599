/// SDC's `variable` extensions (http://hl7.org/fhir/StructureDefinition/variable) of a
/// Questionnaire or one of its items: named FHIRPath expressions, parsed once, evaluated in the
/// order written, each available to the ones after it (and to the item's other expressions) as
/// `%name`. A form filler keeps one per item and evaluates it again as answers change.
public struct DeclaredVariables: Sendable {
    public static let extensionURL = "http://hl7.org/fhir/StructureDefinition/variable"

    public let variables: [(name: String, expression: FHIRPathExpression)]

    /// The variables declared on `element` (a Questionnaire or an item, as JSON), parsed; those
    /// in another language (CQL, an x-fhir-query) are left out. A variable that does not parse
    /// names itself in the error.
    public init(declaredOn element: JSON) throws(FHIRPathError) {
        var variables: [(name: String, expression: FHIRPathExpression)] = []
        for item in element["extension"]?.items ?? [] {
            guard item["url"]?.stringValue == DeclaredVariables.extensionURL, let expression = item["valueExpression"],
                  expression["language"]?.stringValue == nil || expression["language"]?.stringValue == "text/fhirpath",
                  let name = expression["name"]?.stringValue, let text = expression["expression"]?.stringValue else { continue }
            do { variables.append((name, try FHIRPathExpression(text))) } catch {
                throw FHIRPathError(error.kind, "variable %\(name): \(error.message)", line: error.line, column: error.column)
            }
        }
        self.variables = variables
    }

    /// Evaluates each variable in order on `context` (for an item, the QuestionnaireResponse items
    /// with its linkId; for the Questionnaire, the response), with `%context` set to it, and sets
    /// each as `%name` in `environment`. A variable that fails names itself in the error.
    public func evaluate(into environment: inout Environment, context: [Value]) throws(FHIRPathError) {
        let saved = environment.variables["context"]
        environment.variables["context"] = context
        defer { environment.variables["context"] = saved }
        for (name, expression) in variables {
            do { environment.variables[name] = try expression.evaluate(on: context, environment: environment) } catch {
                throw FHIRPathError(error.kind, "variable %\(name): \(error.message)", line: error.line, column: error.column)
            }
        }
    }
}
