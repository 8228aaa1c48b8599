import ArgumentParser
import CareInsights
import CarePlanStore
import CareReport
import Foundation

extension ReportRenderer.Format: ExpressibleByArgument {}

/// `careplan report`: the document for the next appointment.
struct Report: TextOnlyCommand {
    var store: StoreOptions { careplan.store }
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write a report of a week, month, quarter or year for a clinician: HTML (one file, charts inside, prints cleanly) or Markdown.",
        discussion: """
            The figures are the ones careplan insights prints for the same period. HTML goes to a file \
            (default: careplan-report-FIRST-to-LAST.html in the current folder); Markdown to standard output, \
            for pasting into a portal message, unless --out names a file. --for names the contact it is for \
            (see careplan contacts). careplan never sends anything: you hand the document over.
            """)

    @ParentCommand var careplan: Careplan
    @Option(name: .long, help: ArgumentHelp("The period: the week, month, quarter or year containing --date.", valueName: "range"))
    var range: InsightRange = .month
    @OptionGroup var day: DateOption
    @Option(name: .long, help: ArgumentHelp("html or md.", valueName: "format")) var format: ReportRenderer.Format = .html
    @Option(name: .long, help: ArgumentHelp("The file to write; - for standard output.", valueName: "file")) var out: String?
    @Option(name: .customLong("for"), help: ArgumentHelp("The contact the report is for, by name.", valueName: "contact")) var contact: String?

    func run() throws {
        let clock = try store.clock()
        let date = try day.resolve(clock)
        let careStore = try store.open(readOnly: true)
        let report = try ClinicalReport.build(store: careStore, period: range, date: date, today: clock.today, zone: clock.timeZone,
                                              for: contact, version: Careplan.version, generatedAt: clock.now)
        let text = format == .html ? ReportRenderer.html(report) : ReportRenderer.markdown(report)
        let destination = out ?? (format == .html ? "careplan-report-\(range.period(containing: date).first)-to-\(range.period(containing: date).last).html" : "-")
        if destination == "-" {
            print(text, terminator: "")
            return
        }
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: destination), options: .atomic)
        } catch {
            throw ReportFileError(path: destination, reason: error.localizedDescription)
        }
        say("Report of \(report.period) written to \(destination)")
    }
}

/// The report could not be written where asked.
struct ReportFileError: UserFacingError {
    var path: String
    var reason: String
    var description: String { "cannot write the report to \(path): \(reason); give a writable file with --out, or --out - for standard output" }
}
