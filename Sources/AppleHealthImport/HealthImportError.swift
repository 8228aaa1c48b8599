import CarePlanStore
import Localization

/// Why an export was refused. Nothing is written when any of these is thrown.
public enum HealthImportError: UserFacingError, Equatable {
    /// The XML is not well-formed (a download cut short, a damaged file): where the parser stopped.
    case notWellFormed(file: String, line: Int, column: Int, message: String)
    case unreadable(file: String, message: String)
    /// XML, or something else, that is not an Apple Health export.
    case notAnExport(file: String, found: String)
    /// A zip without an export inside.
    case noExportInZip(file: String, entries: [String])
    case damagedZip(file: String, message: String)
    case interrupted
    /// libxml2, which careplan opens when an import starts, cannot be loaded.
    case missingLibrary(String)

    public var description: String {
        switch self {
        case .notWellFormed(let file, let line, let column, let message):
            // TRANSLATORS: {file}:{line}:{column} says where, as compilers do; {message} is libxml2's, in English.
            return tr("{file}:{line}:{column}: not well-formed XML ({message}); nothing was imported",
                      ["file": file, "line": String(line), "column": String(column), "message": message])
        case .unreadable(let file, let message):
            return "\(file): \(message)"
        case .notAnExport(let file, let found):
            // TRANSLATORS: {found} says what the file is instead: "not XML", "its root element is <plan>, not <HealthData>".
            return tr("{file}: not an Apple Health export ({found}); give the export.zip the Health app writes, or the export.xml inside it",
                      ["file": file, "found": found])
        case .noExportInZip(let file, let entries):
            let shown = entries.prefix(5).joined(separator: ", ") + (entries.count > 5 ? ", …" : "")
            if shown.isEmpty {
                // TRANSLATORS: "profile picture, Export All Health Data" are what to tap in Apple's Health app: use its words.
                return tr("{file}: no Apple Health export.xml in this zip (it holds nothing); export it from the Health app: profile picture, Export All Health Data",
                          ["file": file])
            }
            // TRANSLATORS: {entries} lists the zip's files; "profile picture, Export All Health Data" are what to tap in
            // Apple's Health app: use its words.
            return tr("{file}: no Apple Health export.xml in this zip (it holds {entries}); export it from the Health app: profile picture, Export All Health Data",
                      ["file": file, "entries": shown])
        case .damagedZip(let file, let message):
            return tr("{file}: the zip is damaged or incomplete ({message}); nothing was imported", ["file": file, "message": message])
        case .interrupted:
            return tr("interrupted; nothing was imported")
        case .missingLibrary(let message):
            // TRANSLATORS: {message} is the system's, in English.
            return tr("cannot load libxml2, which reads the export ({message}); install it: sudo apt-get install libxml2", ["message": message])
        }
    }
}
