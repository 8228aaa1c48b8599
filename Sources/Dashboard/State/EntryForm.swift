import CarePlanStore

/// The entry form for one assessment reading: one field per measure value, then a note.
public struct EntryForm: Equatable, Sendable {
    /// What a field holds while the user edits it.
    public enum Input: Equatable, Sendable {
        /// Numbers (with an optional unit: "99.1 degF") and text readings.
        case text(String)
        /// A scale, moved with ←/→ or typed digits; nil until chosen.
        case scale(Int?, ClosedRange<Int>)
        case boolean(Bool?)
        /// The index of the chosen option, nil until chosen.
        case choice(Int?, [String])
    }

    public struct Field: Equatable, Sendable {
        public var label: String
        /// Unit and range, shown beside the field so the user knows what is accepted.
        public var hint: String
        public var input: Input
    }

    public var activity: Activity
    public var date: LocalDate
    public var occurrence: Int
    /// The reading being edited, when the occurrence already has one.
    public var editing: Outcome?
    public var fields: [Field]
    public var note: String
    /// Index of the focused field; `fields.count` is the note.
    public var focus: Int = 0
    /// The last validation error, shown inline; nothing is saved while there is one.
    public var error: String?

    public init(activity: Activity, date: LocalDate, occurrence: Int, editing: Outcome?) {
        self.activity = activity
        self.date = date
        self.occurrence = occurrence
        self.editing = editing
        note = editing?.note ?? ""
        let measure = activity.measure!
        fields = measure.fields.enumerated().map { index, field in
            let previous = editing?.values.indices.contains(index) == true ? editing!.values[index] : nil
            return Field(label: measure.isMultiValue ? field.name.capitalized : activity.title,
                         hint: EntryForm.hint(field, type: measure.type),
                         input: EntryForm.input(field, type: measure.type, previous: previous))
        }
    }

    static func input(_ field: Measure.Field, type: Measure.ValueType, previous: ReadingValue?) -> Input {
        switch type {
        case .scale:
            let range = field.range ?? 0...10
            return .scale(previous?.value.map { Int($0) }, Int(range.lowerBound)...Int(range.upperBound))
        case .boolean: return .boolean(previous?.value.map { $0 != 0 })
        case .choice: return .choice(previous?.value.map { Int($0) }, field.options)
        case .text: return .text(previous?.text ?? "")
        case .number, .integer:
            return .text(previous?.value.map { NumberText.string($0, decimals: type == .integer ? nil : field.decimals) } ?? "")
        }
    }

    static func hint(_ field: Measure.Field, type: Measure.ValueType) -> String {
        switch type {
        case .scale:
            let range = field.range ?? 0...10
            return "\(NumberText.string(range.lowerBound))–\(NumberText.string(range.upperBound)), ←/→ or digits"
        case .boolean: return "y / n"
        case .choice: return "←/→ to choose"
        case .text: return "text"
        case .number, .integer:
            var parts: [String] = []
            if let unit = field.unit.flatMap(UnitRegistry.unit) {
                let others = UnitRegistry.compatible(with: unit).filter { $0 != unit }.map(\.display)
                parts.append(others.isEmpty ? unit.display : "\(unit.display) (or \(others.joined(separator: ", ")))")
            }
            if let range = field.range { parts.append("\(NumberText.string(range.lowerBound))–\(NumberText.string(range.upperBound))") }
            return parts.joined(separator: ", ")
        }
    }

    /// What the fields hold, as `ReadingParser` inputs; nil entries are fields still unset.
    public var inputs: [String?] {
        fields.map { field in
            switch field.input {
            case .text(let text): return text
            case .scale(let value, _): return value.map(String.init)
            case .boolean(let value): return value.map { $0 ? "yes" : "no" }
            case .choice(let index, let options): return index.map { options[$0] }
            }
        }
    }

    public var isOnNote: Bool { focus == fields.count }
}
