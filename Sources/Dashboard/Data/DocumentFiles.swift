import CareInsights
import CarePlanStore
import CareReport
import Foundation
import Localization

/// Where the dashboard writes a contact's report, and how it hands a document or an email address
/// to the desktop. careplan sends nothing itself: `xdg-open` passes the file to the person's
/// browser, a `mailto:` link to their mail program.
enum DocumentFiles {
    /// `reports/careplan-report-FIRST-to-LAST-for-NAME.html` in the store's folder: the person's
    /// data folder, private (0700) like the store.
    static func write(_ html: String, for name: String, period: InsightPeriod, besideStore store: String) throws -> String {
        let folder = URL(fileURLWithPath: store).deletingLastPathComponent().appendingPathComponent("reports")
        try PrivateFile.makeFolder(folder.path)
        let slug = name.lowercased().map { $0.isLetter || $0.isNumber ? String($0) : "-" }.joined()
            .split(separator: "-").joined(separator: "-")
        let file = folder.appendingPathComponent("careplan-report-\(period.first)-to-\(period.last)-for-\(slug.isEmpty ? "contact" : slug).html")
        try PrivateFile.write(Data(html.utf8), to: file.path)
        return file.path
    }

    /// Opens `target` (a path or a `mailto:` link) with `xdg-open` when it is on PATH; what to
    /// tell the person either way.
    static func open(_ target: String) throws -> String {
        guard let opener = PDFPrinter.executable("xdg-open") else {
            return target.hasPrefix("mailto:") ? tr("xdg-open is not installed; write to {address}", ["address": target.dropFirst(7)])
                : tr("xdg-open is not installed; the report is {path}", ["path": target])
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: opener)
        process.arguments = [target]
        // Detached from the dashboard's terminal: nothing it prints may reach the screen.
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // TRANSLATORS: {target} is a file's path or a mailto: link.
        return tr("Opened {target}", ["target": target])
    }
}
