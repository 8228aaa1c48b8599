import Foundation

/// The files beside a store that belong to it by name (`care.sqlite.v8-backup`,
/// `care.sqlite.converting`, a copy `care.sqlite.bak`): after encrypting, a plain one among them
/// is the health data readable by anyone who has it, which `encrypt` and `doctor` point out.
public enum StoreSiblings {
    /// Files in the store's folder whose names start with the store's name and a dot, and what each is.
    public static func list(beside path: String) -> [(path: String, state: StoreFileState)] {
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []
        return names.filter { $0.hasPrefix(name + ".") }.sorted().map { sibling in
            let full = folder.isEmpty ? sibling : folder + "/" + sibling
            return (full, StoreFileState.inspect(full))
        }
    }

    /// The plain SQLite files among them.
    public static func plain(beside path: String) -> [String] {
        list(beside: path).filter { $0.state == .plain }.map(\.path)
    }

    /// The encrypted ones.
    public static func encrypted(beside path: String) -> [String] {
        list(beside: path).compactMap { if case .encrypted = $0.state { return $0.path } else { return nil } }
    }
}
