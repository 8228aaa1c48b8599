import Foundation
import Localization

/// Asks for a passphrase on the terminal itself (`/dev/tty`, not standard input, so that it works
/// in a pipeline), with echo off; the terminal's settings are put back whatever ends the prompt,
/// Ctrl-C included.
enum PassphrasePrompt {
    /// nil when there is no terminal to ask on (a script, a status line, a timer).
    static func ask(_ prompt: String) throws -> [UInt8]? {
        let terminal = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard terminal >= 0 else { return nil }
        defer { close(terminal) }
        var saved = termios()
        guard tcgetattr(terminal, &saved) == 0 else { return nil }
        var quiet = saved
        quiet.c_lflag &= ~tcflag_t(ECHO | ECHONL)
        quiet.c_lflag |= tcflag_t(ICANON)
        Restore.arm(terminal, saved)
        defer { Restore.disarm() }
        write(terminal, prompt)
        guard tcsetattr(terminal, TCSAFLUSH, &quiet) == 0 else { return nil }
        var line = [UInt8]()
        var byte: UInt8 = 0
        while true {
            let count = Glibc.read(terminal, &byte, 1)
            if count < 0, errno == EINTR { continue }
            if count <= 0 || byte == UInt8(ascii: "\n") { break }
            line.append(byte)
        }
        var restored = saved
        tcsetattr(terminal, TCSAFLUSH, &restored)
        write(terminal, "\n")
        if line.last == UInt8(ascii: "\r") { line.removeLast() }
        return line
    }

    private static func write(_ terminal: Int32, _ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Glibc.write(terminal, $0.baseAddress, $0.count) }
    }

    /// The terminal's settings while echo is off, put back by a signal that ends careplan then.
    private enum Restore {
        nonisolated(unsafe) static var terminal: Int32 = -1
        nonisolated(unsafe) static var settings = termios()
        static let signals = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP]
        nonisolated(unsafe) static var previous: [Int32: sighandler_t?] = [:]

        static func arm(_ fd: Int32, _ saved: termios) {
            terminal = fd
            settings = saved
            for number in signals {
                previous[number] = signal(number) { caught in
                    if PassphrasePrompt.Restore.terminal >= 0 {
                        tcsetattr(PassphrasePrompt.Restore.terminal, TCSANOW, &PassphrasePrompt.Restore.settings)
                    }
                    signal(caught, SIG_DFL)
                    raise(caught)
                }
            }
        }

        static func disarm() {
            terminal = -1
            for (number, handler) in previous { signal(number, handler ?? SIG_DFL) }
            previous = [:]
        }
    }
}
