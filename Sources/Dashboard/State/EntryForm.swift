import CarePlanStore
import Localization

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
        // A sleep diary's form asks what a person enters; the derived figures follow on saving.
        let entered = measure.type == .sleep ? measure.fields.filter { SleepDiary.Field(rawValue: $0.name)?.isEntered == true } : measure.fields
        fields = entered.enumerated().map { index, field in
            let previous = editing?.values.indices.contains(index) == true ? editing!.values[index] : nil
            if measure.type == .sleep, let diary = SleepDiary.Field(rawValue: field.name) {
                return Field(label: diary.label, hint: EntryForm.sleepHint(diary), input: EntryForm.sleepInput(diary, field: field, previous: previous))
            }
            return Field(label: measure.isMultiValue ? field.name.capitalized : activity.title,
                         hint: EntryForm.hint(field, type: measure.type),
                         input: EntryForm.input(field, type: measure.type, previous: previous))
        }
    }

    static func sleepHint(_ field: SleepDiary.Field) -> String {
        switch field {
        // TRANSLATORS: hints under a sleep diary's fields: what to type. The times are examples of
        // what the field accepts, whatever the language; keep them as they are.
        case .bed, .wake, .up: return tr("a time: 23:10, 11:10pm or 23.10")
        case .lightsOut: return tr("a time; empty: when you went to bed")
        case .latency, .awake: return tr("minutes; empty: 0")
        case .awakenings: return tr("how many times, 0–50; empty: 0")
        case .quality: return tr("1 very poor – 5 very good, ←/→ or digits; optional")
        case .timeInBed, .totalSleep, .efficiency: return ""
        }
    }

    static func sleepInput(_ diary: SleepDiary.Field, field: Measure.Field, previous: ReadingValue?) -> Input {
        if diary == .quality { return .scale(previous?.value.map { Int($0) }, 1...5) }
        if diary.isClockTime { return .text(previous?.text ?? "") }
        return .text(previous?.value.map { NumberText.string($0) } ?? "")
    }

    /// Whether saving needs the field: every field, except a sleep diary's optional ones.
    public func isRequired(_ index: Int) -> Bool {
        guard activity.measure?.type == .sleep else { return true }
        return [SleepDiary.Field.bed.label, SleepDiary.Field.wake.label, SleepDiary.Field.up.label].contains(fields[index].label)
    }

    /// A sleep diary form's fields as an entry (empty fields left out).
    public var sleepEntry: SleepDiary.Entry {
        var values: [String: String] = [:]
        for (field, input) in zip(fields, inputs) {
            guard let input, !input.trimmingCharacters(in: .whitespaces).isEmpty,
                  let diary = SleepDiary.Field.allCases.first(where: { $0.label == field.label }) else { continue }
            values[diary.rawValue] = input
        }
        typealias F = SleepDiary.Field
        return SleepDiary.Entry(bed: values[F.bed.rawValue], lightsOut: values[F.lightsOut.rawValue], latency: values[F.latency.rawValue],
                                awakenings: values[F.awakenings.rawValue], awake: values[F.awake.rawValue], wake: values[F.wake.rawValue],
                                up: values[F.up.rawValue], quality: values[F.quality.rawValue])
    }

    static func input(_ field: Measure.Field, type: Measure.ValueType, previous: ReadingValue?) -> Input {
        switch type {
        case .sleep: return .text("")
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
            // TRANSLATORS: the hint under a scale in the reading form: its lowest and highest value.
            return tr("{low}–{high}, ←/→ or digits", ["low": NumberText.string(range.lowerBound), "high": NumberText.string(range.upperBound)])
        // TRANSLATORS: the hint under a yes-or-no field. The keys are y and n in every language: keep
        // the letters (you may add your words for yes and no).
        case .boolean: return tr("y / n")
        case .choice: return tr("←/→ to choose")
        // TRANSLATORS: the hint under a field that takes any text.
        case .text, .sleep: return trc("form field hint", "text")
        case .number, .integer:
            var parts: [String] = []
            if let unit = field.unit.flatMap(UnitRegistry.unit) {
                let others = UnitRegistry.compatible(with: unit).filter { $0 != unit }.map(\.display)
                // TRANSLATORS: the units a number field takes: "°C (or °F)"; {otherUnits} lists the others.
                parts.append(others.isEmpty ? unit.display : tr("{unit} (or {otherUnits})", ["unit": unit.display, "otherUnits": ListText.joined(others)]))
            }
            if let range = field.range { parts.append("\(NumberText.string(range.lowerBound))–\(NumberText.string(range.upperBound))") }
            return ListText.joined(parts)
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
