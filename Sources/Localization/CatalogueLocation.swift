/// Where careplan's compiled catalogues are: `$CAREPLAN_LOCALEDIR` (a translator trying a
/// catalogue), `<prefix>/share/locale` for an installed careplan (`DataLocation`'s rule: its binary
/// in `<prefix>/bin`, its data in `<prefix>/share/careplan`), else the folder this build compiled
/// them into (a `swift run` or `swift test` binary; see Plugins/CompileTranslations).
enum CatalogueLocation {
    static func directory(environment: [String: String]) -> String {
        if let directory = environment["CAREPLAN_LOCALEDIR"], !directory.isEmpty { return directory }
        if let executable = DataLocation.executablePath(), let prefix = DataLocation.installPrefix(executablePath: executable) {
            return DataLocation.localeDirectory(prefix: prefix)
        }
        return BuiltCatalogues.directory
    }
}
