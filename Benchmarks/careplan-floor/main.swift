import Foundation
import GRDB

// The floor `careplan today`, `done` and `log` are measured against: a Swift program that starts,
// opens the same store with GRDB (read-only) and reads one row, then exits. Whatever careplan does
// beyond this is its own cost (docs/performance.md).
guard CommandLine.arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: careplan-floor DATABASE\n".utf8))
    exit(2)
}
var configuration = Configuration()
configuration.readonly = true
let queue = try DatabaseQueue(path: CommandLine.arguments[1], configuration: configuration)
let title = try queue.read { try String.fetchOne($0, sql: "SELECT title FROM plan WHERE personId = 1") }
print(title ?? "")
