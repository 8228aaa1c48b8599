import ArgumentParser
import CarePlanStore
import Dashboard
import Foundation
import Localization
import TerminalUI

// An unknown theme name already says which themes there are.
extension UnknownThemeError: UserFacingError {}

// The reader's language first: everything below, the argument parser's help included, speaks it.
Language.setUp()

// Bad input ends with exactly one line on stderr that says what was wrong and what is accepted,
// and a non-zero exit; help and --version go to stdout with exit 0.
do {
    var command = try Careplan.parseAsRoot()
    try command.run()
} catch let error as any UserFacingError {
    FileHandle.standardError.write(Data("careplan: \(SafeText.terminal(CommandHints.line(for: error), keepLineBreaks: false))\n".utf8))
    exit(1)
} catch {
    let code = Careplan.exitCode(for: error)
    if code == .success {
        print(ParserWords.help(Careplan.fullMessage(for: error)))
        exit(0)
    }
    let message = ParserWords.error(Careplan.message(for: error).split(separator: "\n").first.map(String.init) ?? "\(error)")
    // TRANSLATORS: how careplan ends a message about the command line it was given.
    let line = tr("{message} (see careplan --help)", ["message": SafeText.terminal(message, keepLineBreaks: false)])
    FileHandle.standardError.write(Data("careplan: \(line)\n".utf8))
    exit(code.rawValue == 0 ? 1 : code.rawValue)
}
