import CarePlanStore
import Foundation

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
        guard let attributes else { throw FHIRError(file: path, "no such file") }
        if attributes[.type] as? FileAttributeType == .typeDirectory { throw FHIRError(file: path, "is a folder; give a FHIR JSON file") }
        if let size = attributes[.size] as? Int, size > maximumBytes {
            throw FHIRError(file: name, "\(size >> 20) MB is more than careplan reads from one FHIR file (\(maximumBytes >> 20) MB); split it, e.g. careplan export --format fhir --from D --to D a year at a time")
        }
        guard let data = FileManager.default.contents(atPath: path) else { throw FHIRError(file: path, "cannot be read (check permissions)") }
        return try decode(data, file: name)
    }

    public static func decode(_ data: Data, file: String) throws -> AnyResource {
        guard !data.isEmpty else { throw FHIRError(file: file, "the file is empty; expected a FHIR JSON resource") }
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
            return "not valid JSON" + syntaxPosition(data)
        case .keyNotFound(let key, let context):
            if key.stringValue == "resourceType" && context.codingPath.isEmpty {
                return "no resourceType; expected a FHIR resource (CarePlan, Observation, Bundle)"
            }
            return "\(at(context.codingPath + [key])): missing"
        case .typeMismatch(let type, let context):
            return "\(at(context.codingPath)): expected \(describe(type))"
        case .valueNotFound(let type, let context):
            return "\(at(context.codingPath)): expected \(describe(type)), found null"
        case .dataCorrupted(let context):
            return "\(at(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }

    /// Where the JSON breaks, as line and column: JSONDecoder says only that it does, and
    /// JSONSerialization says "around character N", counted from the start of the file.
    static func syntaxPosition(_ data: Data) -> String {
        do { _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) } catch {
            let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? ""
            guard let range = detail.range(of: #"character (\d+)"#, options: .regularExpression),
                  let offset = Int(detail[range].dropFirst("character ".count)) else { return detail.isEmpty ? "" : ": \(detail)" }
            // N counts from 1.
            let prefix = data.prefix(max(offset - 1, 0))
            let line = prefix.filter { $0 == UInt8(ascii: "\n") }.count + 1
            let column = prefix.count - (prefix.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0) + 1
            let what = detail.components(separatedBy: " around").first ?? detail
            return " at line \(line), column \(column): \(what.lowercased())"
        }
        return ""
    }

    static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: return "text"
        case is Int.Type: return "a whole number"
        case is Double.Type: return "a number"
        case is Bool.Type: return "true or false"
        default:
            let name = String(describing: type)
            return name.hasPrefix("Array") ? "a list" : name.hasPrefix("Dictionary") ? "an object" : "an object (\(name))"
        }
    }
}
