import ArgumentParser
import CarePlanStore
import CSV
import FHIR
import Foundation
import Localization
import TerminalUI

/// `careplan export`: every outcome, for spreadsheets and other tools.
struct Export: ParsableCommand {
    var store: StoreOptions { careplan.store }
    enum Format: String, ExpressibleByArgument, CaseIterable { case csv, json, fhir }

    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: tr("Write every outcome (date, activity, occurrence, values with units, note, timestamp) as CSV or JSON, or the plan and its readings as a FHIR R4 Bundle."),
        discussion: tr("CSV has one row per value (interventions: one row with no value), so multi-value readings keep their order.\n--format fhir writes one FHIR R4 Bundle (type collection): the Patient, the CarePlan and an Observation per reading, with LOINC codes and UCUM units (docs/fhir.md)."))

    @ParentCommand var careplan: Careplan
    @Option(name: .long, help: ArgumentHelp(tr("csv, json or fhir (--json is --format json; default: csv)."))) var format: Format?
    @OptionGroup var range: RangeOptions

    func validate() throws {
        if careplan.global.json, let format, format != .json { throw ValidationError(tr("--json and --format {format} ask for two formats; give one", ["format": format.rawValue])) }
    }

    func run() throws {
        let format = careplan.global.json ? .json : self.format ?? .csv
        let clock = try store.clock()
        let (from, to) = try range.resolve(clock)
        if format == .fhir { return try fhir(clock: clock, from: from, to: to) }
        let (plan, outcomes) = try store.open(readOnly: true).reading { reader in
            (try reader.plan(), try reader.outcomes(from: from, to: to))
        }
        let time = { (outcome: Outcome) in plan.history(outcome.activityId)?.activity(on: outcome.date).schedule.time(ofOccurrence: outcome.occurrence) }
        switch format {
        case .json:
            try JSONOutput.print(outcomes.map { OutcomeJSON($0, time: time($0)) })
        case .fhir:
            break
        case .csv:
            let stream = OutputStream(toMemory: ())
            let csv = try CSVWriter(stream: stream)
            try csv.write(row: ["date", "activity", "occurrence", "time", "field", "value", "text", "unit", "entered_value", "entered_unit", "note", "recorded_at", "source"])
            for outcome in outcomes {
                let common = [outcome.date.iso, outcome.activityId, String(outcome.occurrence), time(outcome)?.description ?? ""]
                let rows: [ReadingValue?] = outcome.values.isEmpty ? [nil] : outcome.values
                for value in rows {
                    try csv.write(row: common + Self.valueColumns(value) + [Self.text(outcome.note ?? ""), outcome.recordedAtLocal,
                                                                      Self.text(outcome.source ?? "")])
                }
            }
            csv.stream.close()
            let data = stream.property(forKey: .dataWrittenToMemoryStreamKey) as? Data ?? Data()
            print(String(decoding: data, as: UTF8.self))
        }
    }

    /// The plan and the range's readings as one FHIR Bundle on standard output.
    func fhir(clock: CareClock, from: LocalDate?, to: LocalDate?) throws {
        let bundle = try store.open(readOnly: true).reading { reader in
            try BundleBuilder.export(reader, from: from, to: to, today: clock.today, generatedAt: clock.now, utcOffset: clock.utcOffsetSeconds)
        }
        guard let bundle else { throw ValidationError(tr("there is no plan to export yet; import one first (careplan import PLAN.yaml)")) }
        try JSONOutput.print(bundle)
    }

    /// field, value, text, unit, entered_value, entered_unit; empty for an intervention's row.
    static func valueColumns(_ value: ReadingValue?) -> [String] {
        guard let value else { return Array(repeating: "", count: 6) }
        let number: String = value.value.map { NumberText.plain($0) } ?? ""
        let entered: String = value.enteredValue.map { NumberText.plain($0) } ?? ""
        return [text(value.name), number, text(value.text ?? ""), text(value.unit ?? ""), entered, text(value.enteredUnit ?? "")]
    }

    /// A cell of free text: shown, never obeyed. Control characters as `SafeText` shows them (line
    /// breaks stay; CSV quotes them), and a leading `=`, `+`, `-`, `@`, tab or carriage return
    /// quoted with an apostrophe so a spreadsheet does not run it as a formula (OWASP's advice).
    /// Number columns are written by careplan itself and left as numbers.
    static func text(_ cell: String) -> String {
        let safe = SafeText.terminal(cell)
        guard let first = cell.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first) else { return safe }
        return "'" + safe
    }
}
