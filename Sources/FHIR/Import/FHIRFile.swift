import CarePlanStore
import Foundation
import Localization

/// A FHIR file that cannot be taken, with the file and the element at fault.
public struct FHIRError: UserFacingError, Equatable {
    public var file: String
    public var message: String

    public init(file: String, _ message: String) {
        self.file = file
        self.message = message
    }

    public var description: String { "\(file): \(message)" }
}

/// Reads a FHIR R4 JSON file into a resource, with errors that name the file, the place and
/// what was expected.
public enum FHIRFile {
    /// Larger files are refused before reading: a care plan or a year of readings is far smaller.
    public static let maximumBytes = 256 << 20

    public static func load(path: String) throws -> AnyResource {
        let name = (path as NSString).lastPathComponent
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        guard let attributes else { throw FHIRError(file: path, tr("no such file")) }
        if attributes[.type] as? FileAttributeType == .typeDirectory { throw FHIRError(file: path, tr("is a folder; give a FHIR JSON file")) }
        if let size = attributes[.size] as? Int, size > maximumBytes {
            // TRANSLATORS: {size} and {maximum} are megabytes; "--from D --to D" stands for two dates the command takes.
            throw FHIRError(file: name, tr("{size} MB is more than careplan reads from one FHIR file ({maximum} MB); split it, e.g. careplan export --format fhir --from D --to D a year at a time",
                                           ["size": size >> 20, "maximum": maximumBytes >> 20]))
        }
        guard let data = FileManager.default.contents(atPath: path) else { throw FHIRError(file: path, tr("cannot be read (check permissions)")) }
        return try decode(data, file: name)
    }

    public static func decode(_ data: Data, file: String) throws -> AnyResource {
        guard !data.isEmpty else { throw FHIRError(file: file, tr("the file is empty; expected a FHIR JSON resource")) }
        do {
            return try JSONDecoder().decode(AnyResource.self, from: data)
        } catch let error as DecodingError {
            throw FHIRError(file: file, explain(error, data: data))
        }
    }

    /// Decoding errors as the element path FHIR people read (`CarePlan.activity[2].detail.kind`).
    static func explain(_ error: DecodingError, data: Data) -> String {
        func path(_ keys: [CodingKey]) -> String {
            var text = ""
            for key in keys {
                if let index = key.intValue { text += "[\(index)]" } else { text += (text.isEmpty ? "" : ".") + key.stringValue }
            }
            return text
        }
        let root = (try? JSONSerialization.jsonObject(with: data) as? [String: Any])?["resourceType"] as? String
        func at(_ keys: [CodingKey]) -> String { [root, path(keys)].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ".") }
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            return syntaxError(data)
        case .keyNotFound(let key, let context):
            if key.stringValue == "resourceType" && context.codingPath.isEmpty {
                return tr("no resourceType; expected a FHIR resource (CarePlan, Observation, Bundle)")
            }
            // TRANSLATORS: {element} is where in the file, as FHIR names it: CarePlan.activity[2].detail.kind.
            return tr("{element}: missing", ["element": at(context.codingPath + [key])])
        case .typeMismatch(let type, let context):
            // TRANSLATORS: {element} is where in the file (CarePlan.activity[2].detail.kind); {type} what it should
            // hold: "text", "a whole number", "a list"...
            return tr("{element}: expected {type}", ["element": at(context.codingPath), "type": describe(type)])
        case .valueNotFound(let type, let context):
            return tr("{element}: expected {type}, found null", ["element": at(context.codingPath), "type": describe(type)])
        case .dataCorrupted(let context):
            return "\(at(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }

    /// Where the JSON breaks, as line and column: JSONDecoder says only that it does, and
    /// JSONSerialization says "around character N", counted from the start of the file.
    static func syntaxError(_ data: Data) -> String {
        do { _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) } catch {
            let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? ""
            guard let range = detail.range(of: #"character (\d+)"#, options: .regularExpression),
                  let offset = Int(detail[range].dropFirst("character ".count)) else {
                // TRANSLATORS: {problem} is the JSON parser's, in English.
                return detail.isEmpty ? tr("not valid JSON") : tr("not valid JSON: {problem}", ["problem": detail])
            }
            // N counts from 1.
            let prefix = data.prefix(max(offset - 1, 0))
            let line = prefix.filter { $0 == UInt8(ascii: "\n") }.count + 1
            let column = prefix.count - (prefix.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0) + 1
            let what = detail.components(separatedBy: " around").first ?? detail
            // TRANSLATORS: {problem} is the JSON parser's, in English: "invalid value".
            return tr("not valid JSON at line {line}, column {column}: {problem}",
                      ["line": String(line), "column": String(column), "problem": what.lowercased()])
        }
        return tr("not valid JSON")
    }

    static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: return trc("a JSON value", "text")
        case is Int.Type: return trc("a JSON value", "a whole number")
        case is Double.Type: return trc("a JSON value", "a number")
        case is Bool.Type: return trc("a JSON value", "true or false")
        default:
            let name = String(describing: type)
            if name.hasPrefix("Array") { return trc("a JSON value", "a list") }
            if name.hasPrefix("Dictionary") { return trc("a JSON value", "an object") }
            // TRANSLATORS: {type} is careplan's name for the FHIR element's type (Timing, CodeableConcept).
            return trc("a JSON value", "an object ({type})", ["type": name])
        }
    }
}
