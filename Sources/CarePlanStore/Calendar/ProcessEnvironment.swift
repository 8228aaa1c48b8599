import Foundation

/// The process's environment, read once. Foundation builds a new dictionary on every
/// `ProcessInfo.environment` call, and one command used to build it three times (store path, busy
/// timeout, clock); careplan never changes its own environment, so one snapshot serves them all.
/// Read from libc's `environ` directly: setting up `ProcessInfo` cost a sixth of a millisecond of
/// every command (the status line runs every few seconds).
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
