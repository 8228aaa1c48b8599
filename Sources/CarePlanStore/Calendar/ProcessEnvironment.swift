import Foundation

/// The process's environment, read once. Foundation builds a new dictionary on every
/// `ProcessInfo.environment` call, and one command used to build it three times (store path, busy
/// timeout, clock); careplan never changes its own environment, so one snapshot serves them all.
public enum ProcessEnvironment {
    public static let values: [String: String] = ProcessInfo.processInfo.environment
}
