import FHIRPath
import Foundation

/// What a form's expressions see besides the response and the form: SDC's launch context
/// (`%patient`, `%user`, as FHIR resources) and the moment `now()` and `today()` answer.
public struct FormContext: Sendable {
    public var variables: [String: [Value]]
    public var now: Date

    public init(variables: [String: [Value]] = [:], now: Date = Date()) {
        self.variables = variables
        self.now = now
    }
}

/// Why an answer was not taken: the item and what it accepts.
public struct AnswerError: Error, Sendable, Equatable, CustomStringConvertible {
    public let linkId: String
    public let message: String

    public init(linkId: String, message: String) {
        self.linkId = linkId
        self.message = message
    }

    public var description: String { message }
}
