import CGettext
import Glibc

/// Where careplan's compiled catalogues are: `$CAREPLAN_LOCALEDIR` (a translator trying a
/// catalogue), `<prefix>/share/locale` for an installed careplan (its binary in `<prefix>/bin`,
/// its data in `<prefix>/share/careplan`), else the folder this build compiled them into (a
/// `swift run` or `swift test` binary; see Plugins/CompileTranslations).
enum CatalogueLocation {
    static func directory(environment: [String: String]) -> String {
        if let directory = environment["CAREPLAN_LOCALEDIR"], !directory.isEmpty { return directory }
        if let executable = executablePath() {
            let prefix = parent(parent(executable))
            if access(prefix + "/share/careplan", F_OK) == 0 { return prefix + "/share/locale" }
        }
        return BuiltCatalogues.directory
    }

    /// This process's executable, symbolic links resolved.
    static func executablePath() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func parent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
