import ArgumentParser
import CarePlanStore
import FHIRPath
import Foundation
import Localization

/// `careplan fhirpath EXPRESSION [FILE.json]`: evaluates a FHIRPath expression, so a person
/// writing a Questionnaire's calculations can try one on a resource (docs/fhirpath.md). Touches
/// no store.
struct FHIRPathCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fhirpath",
        abstract: tr("Evaluate a FHIRPath expression on a FHIR resource (JSON)."),
        discussion: tr("Prints one value a line, or with --json an array of {\"type\", \"value\"}. An empty result prints nothing and exits 0; an expression that does not parse or fails on the data prints one line naming the column and exits 1.\nExamples:\n  careplan fhirpath \"Patient.name.given\" patient.json\n  careplan fhirpath \"(%w / %h.power(2)).round(1)\" --var w=70 --var h=1.75\n  careplan fhirpath \"answers().weight()\" r.json --resource questionnaire=q.json")
    )

    @ParentCommand var careplan: Careplan
    @Argument(help: ArgumentHelp(tr("The expression, e.g. \"Observation.value.value\"."), valueName: "expression"))
    var expression: String
    @Argument(help: ArgumentHelp(tr("The resource it is evaluated on: a FHIR JSON file, or - for standard input (default: none, for expressions on literals and variables)."), valueName: "file.json"))
    var file: String?
    @Option(name: .customLong("var"), help: ArgumentHelp(tr("A variable as a FHIRPath literal: name=42, name='text', name=@2026-11-27, name=\"70 'kg'\" (repeatable); the expression reads it as %name."), valueName: "name=literal"))
    var variables: [String] = []
    @Option(name: .customLong("resource"), help: ArgumentHelp(tr("A variable read from a FHIR JSON file: name=file.json (repeatable), e.g. questionnaire=form.json for %questionnaire."), valueName: "name=file.json"))
    var resources: [String] = []
    @Flag(name: .long, help: ArgumentHelp(tr("Strict mode: a name the FHIR R4 model does not have for an element is an error, not an empty result.")))
    var strict = false

    func run() throws {
        let parsed: FHIRPathExpression
        do { parsed = try FHIRPathExpression(expression) } catch { throw FHIRPathCommandError.expression(error) }
        var environment = Environment(now: try CareClock.fromEnvironment().now, strict: strict)
        for assignment in variables {
            let (name, literal) = try FHIRPathCommand.split(assignment, option: "--var")
            do {
                environment.variables[name] = try FHIRPathExpression(literal).evaluate(on: nil as JSON?, environment: environment)
            } catch {
                throw FHIRPathCommandError.variable(name: name, error)
            }
        }
        for assignment in resources {
            let (name, path) = try FHIRPathCommand.split(assignment, option: "--resource")
            environment.variables[name] = Environment.value(of: try FHIRPathCommand.read(path))
        }
        let resource = try file.map(FHIRPathCommand.read)
        let result: [Value]
        do { result = try parsed.evaluate(on: resource, environment: environment) } catch { throw FHIRPathCommandError.expression(error) }
        if careplan.global.json {
            print(result.isEmpty ? "[]" : "[\n" + result.map { "  " + FHIRPathText.typed($0).text }.joined(separator: ",\n") + "\n]")
        } else {
            for value in result { say(FHIRPathText.display(value)) }
        }
    }

    /// `name=value`, the name as FHIRPath writes a variable's (letters, digits, `_`, `-`).
    static func split(_ assignment: String, option: String) throws -> (String, String) {
        guard let equals = assignment.firstIndex(of: "="), equals != assignment.startIndex else {
            throw ValidationError(tr("{option} {value}: expected name=value", ["option": option, "value": assignment]))
        }
        let name = String(assignment[..<equals])
        guard name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }) else {
            throw ValidationError(tr("{option} {value}: a name has letters, digits, _ and - only", ["option": option, "value": assignment]))
        }
        return (name, String(assignment[assignment.index(after: equals)...]))
    }

    /// A JSON file (or standard input for `-`), with the line and column of what is wrong in it.
    static func read(_ path: String) throws -> JSON {
        let data: Data
        if path == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            guard let contents = FileManager.default.contents(atPath: path) else { throw FHIRPathCommandError.unreadable(path) }
            data = contents
        }
        do { return try JSONReader.read(data) } catch { throw FHIRPathCommandError.json(path: path == "-" ? tr("standard input") : path, error) }
    }
}

/// What `careplan fhirpath` says when the expression or a file is wrong: one line, with where.
enum FHIRPathCommandError: UserFacingError {
    case expression(FHIRPathError)
    case variable(name: String, FHIRPathError)
    case unreadable(String)
    case json(path: String, JSONReadError)

    var description: String {
        switch self {
        case .expression(let error):
            // TRANSLATORS: a FHIRPath expression that is wrong; {where} is "column 12" or "line 2, column 3".
            tr("expression, {where}", ["where": error.description])
        case .variable(let name, let error):
            tr("--var {name}: {message}", ["name": name, "message": error.description])
        case .unreadable(let path):
            tr("{path}: no such file, or it cannot be read", ["path": path])
        case .json(let path, let error):
            // TRANSLATORS: a JSON file that is not valid; {where} is "line 3, column 7: expected ...".
            tr("{path}: not valid JSON at {where}", ["path": path, "where": error.description])
        }
    }
}
