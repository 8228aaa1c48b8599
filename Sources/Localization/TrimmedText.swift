extension StringProtocol {
    /// Without the spaces and tabs at either end. Swift's own, not Foundation's
    /// `trimmingCharacters(in:)`, whose first use (building a CharacterSet) cost a quarter of a
    /// millisecond: paid on every command that reads a sleep window, takes `--person` or a reading.
    public var trimmingSpaces: SubSequence {
        var text = self[...].drop { $0 == " " || $0 == "\t" }
        while text.last == " " || text.last == "\t" { text.removeLast() }
        return text
    }

    /// Without white space (line breaks too) at either end; Swift's own, as above.
    public var trimmingWhitespace: SubSequence {
        var text = self[...].drop(while: \.isWhitespace)
        while text.last?.isWhitespace == true { text.removeLast() }
        return text
    }
}
