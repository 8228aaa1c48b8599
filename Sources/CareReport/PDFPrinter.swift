import CarePlanStore
import Foundation
import Localization

/// Prints the report's HTML to PDF with a headless Chromium, the way a person would from the
/// browser's print dialog (the print stylesheet decides the pages). No browser is bundled: Debian's
/// `chromium` is looked for on PATH, and without one the error says what to install.
public struct PDFPrinter: Sendable {
    /// The browsers tried, in order.
    public static let browsers = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"]
    /// Printing a few pages takes seconds (most of it Chromium starting); past this it is stuck.
    public var timeout: TimeInterval = 120

    public init() {}

    /// The first browser on PATH, if any.
    public static func browser() -> String? { browsers.lazy.compactMap(executable).first }

    /// Where `name` is on PATH, as a shell would find it; nil when it is not installed.
    public static func executable(_ name: String) -> String? {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return folders.map { "\($0)/\(name)" }.first(where: FileManager.default.isExecutableFile(atPath:))
    }

    /// Writes `html` as a PDF at `output`.
    public func print(html: String, to output: String) throws {
        guard let browser = Self.browser() else { throw PDFError.noBrowser }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("careplan-pdf-\(UUID().uuidString)")
        // The page holds the person's readings: a scratch folder only they can open.
        try PrivateFile.makeFolder(folder.path)
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("report.html")
        try PrivateFile.write(Data(html.utf8), to: page.path)
        let pdf = folder.appendingPathComponent("report.pdf")
        try run(browser, Self.arguments(["--print-to-pdf=\(pdf.path)", "--no-pdf-header-footer"], page: page, profile: folder))
        // TRANSLATORS: why Chromium could not print the report; "it" is Chromium.
        guard FileManager.default.fileExists(atPath: pdf.path) else { throw PDFError.failed(tr("it wrote no PDF")) }
        let destination = URL(fileURLWithPath: output)
        try? FileManager.default.removeItem(at: destination)
        try PrivateFile.restrict(pdf.path)
        do {
            try FileManager.default.moveItem(at: pdf, to: destination)
        } catch {
            try FileManager.default.copyItem(at: pdf, to: destination)
            try PrivateFile.restrict(destination.path)
        }
    }

    /// The headless flags: its own profile folder (never the person's), no sandbox when running as
    /// root (Chromium refuses to start otherwise), no GPU.
    public static func arguments(_ extra: [String], page: URL, profile: URL) -> [String] {
        var arguments = ["--headless", "--disable-gpu", "--no-first-run", "--disable-extensions", "--user-data-dir=\(profile.path)/profile"]
        if getuid() == 0 { arguments.append("--no-sandbox") }
        return arguments + extra + [page.absoluteString]
    }

    /// Runs the browser, its noise (D-Bus, GPU warnings) kept out of the person's terminal.
    func run(_ browser: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: browser)
        process.arguments = arguments
        let log = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = log
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        // Drained as it comes, so a chatty browser never blocks on a full pipe.
        var output = Data()
        let reader = log.fileHandleForReading
        while process.isRunning {
            if Date() > deadline {
                process.terminate()
                // TRANSLATORS: why Chromium could not print the report; "it" is Chromium, {seconds} a number of seconds.
                throw PDFError.failed(tr("it did not finish within {seconds} s", ["seconds": Int(timeout)]))
            }
            output.append(reader.availableData)
        }
        output.append(reader.readDataToEndOfFile())
        guard process.terminationStatus == 0 else {
            let last = String(decoding: output, as: UTF8.self).split(separator: "\n").last { !$0.contains("dbus") && !$0.contains("DBus") }
            let status = String(process.terminationStatus)
            // TRANSLATORS: why Chromium could not print the report; "it" is Chromium; {output} is its last words, in English.
            throw PDFError.failed(last.map { tr("it exited with status {status}: {output}", ["status": status, "output": $0.prefix(200)]) }
                                  ?? tr("it exited with status {status}", ["status": status]))
        }
    }
}

/// Why no PDF was written.
public enum PDFError: Error, CustomStringConvertible, Equatable {
    case noBrowser
    case failed(String)

    public var description: String {
        switch self {
        case .noBrowser:
            // TRANSLATORS: {browsers} are the programs' names (chromium, google-chrome).
            return tr("a PDF is printed by a headless browser and none was found (looked for {browsers} on PATH); install Debian's chromium (sudo apt-get install chromium), or write HTML (--format html) and print it from any browser",
                      ["browsers": PDFPrinter.browsers.joined(separator: ", ")])
        case .failed(let reason):
            return tr("Chromium could not print the report: {reason}; write HTML (--format html) and print it from a browser", ["reason": reason])
        }
    }
}
