import ArgumentParser
import Foundation
import Localization

/// `careplan remind --sync 15m`: a sync with the FHIR server every so often, on a thread of its
/// own so that a slow or unreachable server never holds a reminder back. Each round is the
/// `careplan sync` command itself (its retries, its messages, its one-line failures), with what
/// it says written to the reminders' log.
enum SyncInterval {
    /// `15m`, `1h`, `90m`: seconds, from one minute to a day; nil for anything else.
    static func seconds(_ text: String) -> Int? {
        guard let unit = text.last, let number = Int(text.dropLast()), number > 0 else { return nil }
        let seconds: Int
        switch unit {
        case "m": seconds = number * 60
        case "h": seconds = number * 3600
        default: return nil
        }
        return (60...86_400).contains(seconds) ? seconds : nil
    }

    /// Syncs now, then every `seconds` (only once with `once`).
    static func start(every seconds: Int, arguments: [String], once: Bool) {
        let round: @Sendable () -> Void = {
            do {
                var command = try Careplan.parseAsRoot(arguments)
                try command.run()
            } catch {
                // The command said what failed on standard error (or the parser did); the next
                // round tries again.
                let message = Careplan.fullMessage(for: error)
                if !message.isEmpty {
                    FileHandle.standardError.write(Data("careplan remind: sync: \(message)\n".utf8))
                }
            }
            // Into a pipe (journald) each round shows as it ends.
            fflush(nil)
        }
        if once {
            round()
            return
        }
        Thread.detachNewThread {
            while true {
                round()
                sleep(UInt32(seconds))
            }
        }
    }
}
