import CarePlanStore
import HealthData

/// What an import did, per type: the summary `careplan health import` prints, and its JSON.
public struct ImportSummary: Sendable, Equatable {
    public struct TypeCounts: Sendable, Equatable {
        public var type: HealthType
        public var added = 0
        /// Stored by an earlier import (the same sample, by type, source, start, end and value).
        public var existing = 0
        public var skipped = 0
        /// Before `--since`: read, not imported.
        public var before = 0
        /// Starting after the moment of the import (real exports have a few).
        public var future = 0
        public var first: LocalDate?
        public var last: LocalDate?
        public var sources: Set<String> = []
        /// Exported units careplan does not know: values kept as they are, with their unit.
        public var unknownUnits: Set<String> = []

        /// A sample on `day`; `source` when it may be one not seen yet.
        mutating func saw(_ day: LocalDate, source: String?) {
            if first == nil || day < first! { first = day }
            if last == nil || day > last! { last = day }
            if let source { sources.insert(source) }
        }
    }

    /// A record that was passed over, with where it is.
    public struct Skip: Sendable, Equatable {
        public var line: Int
        public var type: String
        public var reason: String
    }

    public var file: String
    public var types: [TypeCounts]
    /// The first few skipped records (all are counted in `types`).
    public var skips: [Skip]
    public var bytes: Int
    public var seconds: Double
    /// When the same export was imported before: nothing was read.
    public var previous: PreviousImport?
    /// Characters XML 1.0 does not allow (a control character in a source's name), each replaced
    /// by a space as the file was read rather than refusing it (`CharacterFilter`).
    public var replacedCharacters = 0

    public init(file: String, types: [TypeCounts], skips: [Skip], bytes: Int, seconds: Double, previous: PreviousImport? = nil) {
        self.file = file
        self.types = types
        self.skips = skips
        self.bytes = bytes
        self.seconds = seconds
        self.previous = previous
    }

    public var added: Int { types.reduce(0) { $0 + $1.added } }
    public var existing: Int { previous?.samples ?? types.reduce(0) { $0 + $1.existing } }
    public var skipped: Int { types.reduce(0) { $0 + $1.skipped } }
    public var future: Int { types.reduce(0) { $0 + $1.future } }
}
