import ArgumentParser
import CareInsights
import CarePlanStore
import CareReport
import Foundation
import Localization

extension ReportRenderer.Format: ExpressibleByArgument {}
extension ReportRenderer.Paper: ExpressibleByArgument {}

/// `careplan report`: the document for the next appointment.
struct Report: TextOnlyCommand {
    var store: StoreOptions { careplan.store }
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: tr("Write a report of a week, month, quarter or year for a clinician: HTML (one file, charts inside, prints cleanly), PDF or Markdown."),
        discussion: tr("The figures are the ones careplan insights prints for the same period. HTML and PDF go to a file (default: careplan-report-FIRST-to-LAST.html or .pdf in the current folder); Markdown to standard output, for pasting into a portal message, unless --out names a file. A PDF is printed by headless Chromium (Debian's chromium). --for names the contact it is for (see careplan contacts). careplan never sends anything: you hand the document over."))

    @ParentCommand var careplan: Careplan
    @Option(name: .long, help: ArgumentHelp(tr("The period: the week, month, quarter or year containing --date (default: month)."), valueName: "range"))
    var range: InsightRange?
    @OptionGroup var day: DateOption
    @OptionGroup var days: RangeOptions
    @Option(name: .long, help: ArgumentHelp(tr("html, pdf or md."), valueName: "format")) var format: ReportRenderer.Format = .html
    @Option(name: .long, help: ArgumentHelp(tr("The file to write; - for standard output."), valueName: "file")) var out: String?
    @Option(name: .long, help: ArgumentHelp(tr("The paper a PDF is printed on: a4 or letter."), valueName: "paper")) var paper: ReportRenderer.Paper = .a4
    @Option(name: .customLong("for"), help: ArgumentHelp(tr("The contact the report is for, by name."), valueName: "contact")) var contact: String?

    func validate() throws {
        if careplan.global.json { throw Careplan.noJSON("report") }
        if days.from != nil || days.to != nil {
            guard days.from != nil, days.to != nil else { throw ValidationError(tr("--from and --to go together: give both days of the period")) }
            if range != nil { throw ValidationError(tr("--range and --from/--to both name the period; give one of them")) }
            if day.date != nil { throw ValidationError(tr("--date picks the --range period; with --from and --to, leave it out")) }
        }
    }

    func run() throws {
        let clock = try store.clock()
        let period: InsightPeriod
        if case let (first?, last?) = try days.resolve(clock) {
            guard last.days(since: first) < 731 else {
                throw ValidationError(tr("--from {first} --to {last} spans over two years; a report covers at most 731 days", ["first": first.iso, "last": last.iso]))
            }
            period = InsightPeriod(from: first, through: last)
        } else {
            period = (range ?? .month).period(containing: try day.resolve(clock))
        }
        let careStore = try store.open(readOnly: true)
        let report = try ClinicalReport.build(store: careStore, period: period, today: clock.today, zone: clock.timeZone,
                                              for: contact, version: Careplan.version, generatedAt: clock.now)
        let text = format == .md ? ReportRenderer.markdown(report) : ReportRenderer.html(report, paper: format == .pdf ? paper : nil)
        let destination = out ?? (format == .md ? "-" : "careplan-report-\(period.first)-to-\(period.last).\(format.rawValue)")
        if destination == "-" {
            guard format != .pdf else { throw ValidationError(tr("--out -: a PDF does not go to standard output; name a file")) }
            print(text, terminator: "")
            return
        }
        let folder = URL(fileURLWithPath: destination).deletingLastPathComponent().path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw ReportFileError(path: destination, reason: tr("the folder {folder} does not exist", ["folder": folder]))
        }
        do {
            if format == .pdf {
                try PDFPrinter().print(html: text, to: destination)
            } else {
                try PrivateFile.write(Data(text.utf8), to: destination)
            }
        } catch let error as PDFError {
            throw ReportFileError(path: destination, reason: error.description)
        } catch {
            throw ReportFileError(path: destination, reason: error.localizedDescription)
        }
        // TRANSLATORS: {period} is "week of 16 Nov 2026", "November 2026", "Q4 2026" or "2026".
        say(tr("Report of {period} written to {path}", ["period": period.title, "path": destination]))
    }
}

/// The report could not be written where asked.
struct ReportFileError: UserFacingError {
    var path: String
    var reason: String
    var description: String { tr("cannot write the report to {path}: {reason}", ["path": path, "reason": reason]) }
}
