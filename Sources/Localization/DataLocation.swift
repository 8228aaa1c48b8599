import Glibc

/// Where the folders careplan ships with are: its themes, its sample plans and its compiled
/// catalogues. One rule for all of them, so an installed careplan finds every one of its files the
/// same way (docs/install.md):
///
/// - An installed careplan is `<prefix>/bin/careplan` (symbolic links resolved) with its data in
///   `<prefix>/share/careplan` (`themes/`, `sample-plans/`) and its catalogues in
///   `<prefix>/share/locale`. The prefix is read from the binary's own path, never compiled in, so
///   `make install PREFIX=~/.local`, `/usr/local` and the Debian package's `/usr` all work, and a
///   moved install keeps working.
/// - Anything else (a `swift build` binary) looks in the working folder, then in the folders above
///   the executable (`.build/debug/careplan` is three folders below the repository).
///
/// It lives here, at the bottom of careplan's modules, because the catalogues are found before
/// anything else runs; it uses the C library only, as the rest of this module does at start-up.
public enum DataLocation {
    /// `<prefix>` when `executablePath` is `<prefix>/bin/careplan` and `<prefix>/share/careplan`
    /// is a folder; nil for a binary that is not installed (a build folder's). A relative path is
    /// taken from `currentDirectory`.
    public static func installPrefix(executablePath: String, currentDirectory: String = "/") -> String? {
        let executable = resolved(absolute(executablePath, from: currentDirectory))
        let prefix = parent(parent(executable))
        return isFolder(join(prefix, "share/careplan")) ? prefix : nil
    }

    /// `<prefix>/share/careplan`, where an install keeps `themes/` and `sample-plans/`.
    public static func dataDirectory(prefix: String) -> String { join(prefix, "share/careplan") }

    /// `<prefix>/share/locale`, where an install keeps `<language>/LC_MESSAGES/careplan.mo`.
    public static func localeDirectory(prefix: String) -> String { join(prefix, "share/locale") }

    /// The folders that may hold the shipped folder `name`, best first: `override` (an environment
    /// variable the user set), then the install's own (`<prefix>/share/careplan/<name>`) for an
    /// installed binary, then `<currentDirectory>/<name>` and `<name>` in the five folders up from
    /// the executable. An installed binary's own data comes before the working folder's, so a
    /// careplan installed from one version is never handed another checkout's files.
    public static func candidates(_ name: String, override: String?, executablePath: String, currentDirectory: String) -> [String] {
        var candidates: [String] = []
        if let override, !override.isEmpty { candidates.append(absolute(override, from: currentDirectory)) }
        if let prefix = installPrefix(executablePath: executablePath, currentDirectory: currentDirectory) {
            candidates.append(join(dataDirectory(prefix: prefix), name))
        }
        candidates.append(join(currentDirectory, name))
        var folder = parent(resolved(absolute(executablePath, from: currentDirectory)))
        for _ in 0..<5 {
            candidates.append(join(folder, name))
            guard folder != "/" else { break }
            folder = parent(folder)
        }
        return candidates
    }

    /// The first of `candidates` that `accepts` (by default: that is a folder); nil when none does.
    public static func folder(_ name: String, override: String?, executablePath: String, currentDirectory: String,
                              accepts: (String) -> Bool = isFolder) -> String? {
        candidates(name, override: override, executablePath: executablePath, currentDirectory: currentDirectory).first(where: accepts)
    }

    /// This process's executable, symbolic links resolved; nil where /proc is not mounted.
    public static func executablePath() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    public static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// `path` with its symbolic links resolved, or as given when it does not exist (a test's made-up path).
    static func resolved(_ path: String) -> String {
        guard let real = realpath(path, nil) else { return path }
        defer { free(real) }
        return String(cString: real)
    }

    static func absolute(_ path: String, from directory: String) -> String {
        path.hasPrefix("/") ? path : join(directory, path)
    }

    static func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    static func parent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
