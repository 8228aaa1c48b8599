extension StringProtocol {
    /// Without the spaces and tabs at either end. Swift's own, not Foundation's
    /// `trimmingCharacters(in:)`, whose first use (building a CharacterSet) cost a quarter of a
    /// millisecond: paid on every command that reads a sleep window or takes `--person`.
    public var trimmingSpaces: SubSequence {
        var text = self[...].drop { $0 == " " || $0 == "\t" }
        while text.last == " " || text.last == "\t" { text.removeLast() }
        return text
    }
}
