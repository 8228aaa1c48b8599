import Localization
import Yams

/// What Yams reports about a file that is not valid YAML, as a position and a sentence; shared by
/// every reader of hand-written YAML (plans, themes) so they word syntax errors alike.
public struct YAMLProblem: Sendable {
    public var line: Int
    public var column: Int
    public var message: String

    public init(_ error: YamlError) {
        switch error {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
             .composer(let context, let problem, let mark, _):
            let detail = [context?.text, problem].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ": ")
            // TRANSLATORS: {problem} is what the YAML parser (libyaml) says, in English.
            (line, column, message) = (mark.line, mark.column, tr("YAML syntax: {problem}", ["problem": detail]))
        case .duplicatedKeysInMapping(let duplicates, let context):
            (line, column, message) = (context.mark.line, context.mark.column,
                                       trn("key '{keys}' appears twice in one mapping", "keys '{keys}' appear twice in one mapping",
                                           duplicates.count, ["keys": duplicates.joined(separator: "', '")]))
        default:
            // TRANSLATORS: {problem} is what the YAML library (Yams) says, in English.
            (line, column, message) = (1, 1, tr("YAML: {problem}", ["problem": "\(error)"]))
        }
    }
}

/// "Did you mean" hints for misspelt keys.
public enum Spelling {
    /// The allowed word closest to a misspelt one, when it is close enough to be a likely typo.
    public static func suggestion(for word: String, among allowed: [String]) -> String? {
        let scored = allowed.map { ($0, editDistance(word, $0)) }.min { $0.1 < $1.1 }
        guard let (best, distance) = scored, distance <= (word.count <= 3 ? 1 : 2) else { return nil }
        return best
    }

    /// Levenshtein distance.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var previous = Array(0...b.count)
        for i in a.indices {
            var current = [i + 1]
            for j in b.indices {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (a[i] == b[j] ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}
