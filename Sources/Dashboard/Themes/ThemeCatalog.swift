import CarePlanStore
import Foundation
import Localization
import TerminalUI

/// A theme file the catalog found.
public struct ThemeEntry: Sendable, Equatable {
    /// The file name without `.yaml`: what `--theme` takes.
    public var name: String
    public var path: String
    /// The file's own `description`, when it has one and loads.
    public var description: String?
    /// Found in the user's config folder rather than among the built-in themes.
    public var isUser: Bool
    /// Why the file does not load (`file:line:col: message`), so a listing can say so instead of hiding it.
    public var problem: String?
}

/// No theme by that name: says which names there are and where they were looked for.
public struct UnknownThemeError: Error, Equatable, CustomStringConvertible {
    public var name: String
    public var available: [String]
    public var searched: [String]

    public var description: String {
        guard !available.isEmpty else {
            // Nothing at all means an install without its themes folder: say how to point at one.
            if searched.isEmpty {
                return tr("no theme named '{name}': no themes found; set CAREPLAN_THEMES to careplan's themes folder", ["name": name])
            }
            // TRANSLATORS: {folders} is a list of the folders searched.
            return tr("no theme named '{name}': no themes found in {folders}; set CAREPLAN_THEMES to careplan's themes folder",
                      ["name": name, "folders": searched.joined(separator: ", ")])
        }
        // TRANSLATORS: {themes} lists the theme names there are, {folders} the folders searched.
        return tr("no theme named '{name}'; available: {themes} (looked in {folders})",
                  ["name": name, "themes": available.joined(separator: ", "), "folders": searched.joined(separator: ", ")])
    }
}

/// Finds themes: a path as given, else the user's themes, which shadow the built-in ones of the same name.
///
/// The folders are worked out once, from what is passed in (never the process's own environment), so
/// tests can point the catalog at temporary folders.
public struct ThemeCatalog: Sendable {
    public static let defaultName = "dark"

    /// `$XDG_CONFIG_HOME/careplan/themes`, or `~/.config/careplan/themes`; nil when neither can be known.
    public let userDirectory: String?
    /// The first built-in `themes/` folder found (`DataLocation`: an install's own, the working
    /// folder's, up from the executable); nil when there is none.
    public let builtInDirectory: String?
    let currentDirectory: String

    /// `executablePath` should be absolute (e.g. `Bundle.main.executablePath`): a bare `careplan`
    /// found through `PATH` says nothing about where the built-in themes are.
    public init(environment: [String: String], executablePath: String, currentDirectory: String) {
        self.currentDirectory = currentDirectory
        // XDG says a relative XDG_CONFIG_HOME is invalid and must be ignored.
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            userDirectory = Self.join(config, "careplan/themes")
        } else if let home = environment["HOME"], !home.isEmpty {
            userDirectory = Self.join(home, ".config/careplan/themes")
        } else {
            userDirectory = nil
        }
        if let explicit = environment["CAREPLAN_THEMES"], !explicit.isEmpty {
            builtInDirectory = Self.absolute(explicit, from: currentDirectory)
        } else {
            builtInDirectory = DataLocation.folder("themes", override: nil, executablePath: executablePath,
                                                   currentDirectory: currentDirectory, accepts: Self.looksLikeThemes)
        }
    }

    /// Every theme file, user and built-in (both when they share a name), by name, the user's first.
    public func all() -> [ThemeEntry] {
        let user = entries(in: userDirectory, isUser: true)
        let builtIn = entries(in: builtInDirectory, isUser: false)
        return (user + builtIn).sorted { ($0.name, $0.isUser ? 0 : 1) < ($1.name, $1.isUser ? 0 : 1) }
    }

    /// A path (with a `/`, or ending in `.yaml`) is read as it is; a name is looked up, the user's first.
    ///
    /// The default name with no file anywhere gives `Theme.fallback`: a binary installed without its
    /// themes folder should still start, in attributes only, rather than refuse.
    public func load(_ nameOrPath: String) throws -> Theme {
        if nameOrPath.contains("/") || nameOrPath.hasSuffix(".yaml") {
            do {
                return try ThemeFile.load(path: Self.absolute(nameOrPath, from: currentDirectory))
            } catch var error as FilePositionError {
                error.file = nameOrPath  // as the user typed it, which is what they will look for
                throw error
            }
        }
        guard let path = path(for: nameOrPath) else {
            if nameOrPath == Self.defaultName { return .fallback }
            var names: [String] = []
            for entry in all() where !names.contains(entry.name) { names.append(entry.name) }
            throw UnknownThemeError(name: nameOrPath, available: names,
                                    searched: [userDirectory, builtInDirectory].compactMap { $0 })
        }
        return try ThemeFile.load(path: path)
    }

    /// The file a theme name refers to, or nil.
    public func path(for name: String) -> String? {
        [userDirectory, builtInDirectory].compactMap { $0 }
            .map { Self.join($0, name + ".yaml") }
            .first { FileManager.default.fileExists(atPath: $0) }
    }

    func entries(in directory: String?, isUser: Bool) -> [ThemeEntry] {
        guard let directory, let files = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        return files.filter { $0.hasSuffix(".yaml") }.map { file in
            let path = Self.join(directory, file)
            var entry = ThemeEntry(name: String(file.dropLast(".yaml".count)), path: path, description: nil, isUser: isUser)
            do {
                entry.description = try ThemeFile.document(path: path).description
            } catch {
                entry.problem = "\(error)"
            }
            return entry
        }
    }

    /// Only a folder holding the default theme counts, so an unrelated `themes/` folder (a web
    /// project's, say) in the working directory is not mistaken for ours.
    static func looksLikeThemes(_ directory: String) -> Bool {
        FileManager.default.fileExists(atPath: join(directory, defaultName + ".yaml"))
    }

    static func absolute(_ path: String, from directory: String) -> String {
        path.hasPrefix("/") ? path : join(directory, path)
    }

    static func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }
}
