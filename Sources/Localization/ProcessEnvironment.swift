import Glibc

/// The process's environment, read once, first thing, as the language is chosen (which may then set
/// LANGUAGE for gettext: nothing reads that from here). Foundation builds a new dictionary on every
/// `ProcessInfo.environment` call, and one command used to build it three times (store path, busy
/// timeout, clock); one snapshot serves them all. Read from libc's `environ` directly: setting up
/// `ProcessInfo` cost a sixth of a millisecond of every command (the status line runs every few
/// seconds). It lives here, at the bottom of careplan's modules, because the language is the first
/// thing to read it.
public enum ProcessEnvironment {
    public static let values: [String: String] = {
        var result: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.firstIndex(of: "=") {
                result[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            entry += 1
        }
        return result
    }()
}
