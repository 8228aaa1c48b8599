import TerminalUI

/// Prints text output. Every line a command prints as text goes through here, so a title, a
/// note or an id cannot carry an escape sequence to the user's terminal (`SafeText`); JSON,
/// CSV and `snapshot --ansi` have their own paths.
func say(_ text: String, terminator: String = "\n") {
    Swift.print(SafeText.terminal(text), terminator: terminator)
}
