import CarePlanStore

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
            return "\(file):\(line):\(column): not well-formed XML (\(message)); nothing was imported"
        case .unreadable(let file, let message):
            return "\(file): \(message)"
        case .notAnExport(let file, let found):
            return "\(file): not an Apple Health export (\(found)); give the export.zip the Health app writes, or the export.xml inside it"
        case .noExportInZip(let file, let entries):
            let shown = entries.prefix(5).joined(separator: ", ") + (entries.count > 5 ? ", …" : "")
            return "\(file): no Apple Health export.xml in this zip (it holds \(shown.isEmpty ? "nothing" : shown)); "
                + "export it from the Health app: profile picture, Export All Health Data"
        case .damagedZip(let file, let message):
            return "\(file): the zip is damaged or incomplete (\(message)); nothing was imported"
        case .interrupted:
            return "interrupted; nothing was imported"
        case .missingLibrary(let message):
            return "cannot load libxml2, which reads the export (\(message)); install it: sudo apt-get install libxml2"
        }
    }
}
