import CGettext
import Synchronization

/// careplan's text domain: each language's catalogue is `<locale dir>/<language>/LC_MESSAGES/careplan.mo`.
let textDomain = "careplan"

// The four ways careplan asks for words in the reader's language. Each takes string literals
// (`StaticString`), so a sentence cannot be glued together from fragments or interpolated: a
// sentence with a number or a name is one translatable string with `{named}` placeholders, and
// translators may move them (docs/translating.md). `po/update-pot.sh` finds these calls with
// xgettext (keywords tr, trn:1,2, trc:1c,2).

/// The reader's words for `message`: `tr("Care Card")`.
public func tr(_ message: StaticString) -> String {
    Translation.shown(Translation.lookup(message))
}

/// A sentence with placeholders filled: `tr("Undone: {title}", ["title": title])`.
public func tr(_ message: StaticString, _ values: KeyValuePairs<String, any PlaceholderValue>) -> String {
    Placeholders.fill(Translation.shown(Translation.lookup(message)), values)
}

/// The plural form the language uses for `count` (Polish: 1 dzień, 2 dni, 5 dni, 22 dni), with
/// `{count}` and any other placeholders filled: `trn("{count} day", "{count} days", n)`.
public func trn(_ singular: StaticString, _ plural: StaticString, _ count: Int,
                _ values: KeyValuePairs<String, any PlaceholderValue> = [:]) -> String {
    // The pseudo-language lengthens the sentence, not the values put in it.
    let form = Translation.shown(Translation.lookup(singular, plural, count))
    return Placeholders.fill(form, values, count: count)
}

/// A word whose sense depends on where it stands, told apart for translators by `context`:
/// `trc("key hint", "day")`.
public func trc(_ context: StaticString, _ message: StaticString) -> String {
    Translation.shown(Translation.lookup(context: context, message))
}

/// A word in context with placeholders filled.
public func trc(_ context: StaticString, _ message: StaticString, _ values: KeyValuePairs<String, any PlaceholderValue>) -> String {
    Placeholders.fill(Translation.shown(Translation.lookup(context: context, message)), values)
}

/// The lookups themselves, through glibc's gettext.
enum Translation {
    /// What each literal (and each literal in a context) was looked up as, by its address: a frame
    /// of the dashboard asks for the same few hundred words every time, and gettext's search
    /// (locks, a tree of strings, the environment read again) costs a microsecond each. The
    /// language is chosen once, before any lookup; choosing it again empties the cache.
    struct Key: Hashable, Sendable {
        var context: Int
        var message: Int

        var count = -1

        init(_ context: StaticString?, _ message: StaticString, count: Int = -1) {
            self.context = context.map { Int(bitPattern: $0.utf8Start) } ?? 0
            self.message = Int(bitPattern: message.utf8Start)
            self.count = count
        }
    }
    static let cache = Mutex<[Key: String]>([:])

    static func cached(_ key: Key, _ look: () -> String) -> String {
        if let hit = cache.withLock({ $0[key] }) { return hit }
        let text = look()
        cache.withLock { $0[key] = text }
        return text
    }

    /// The catalogue's text for a literal, or the literal itself (English, or not translated).
    /// String literals are stored NUL-terminated, so their bytes go to gettext as they are;
    /// gettext answers the same pointer when it has no translation, which saves decoding.
    static func lookup(_ message: StaticString) -> String {
        guard !SourceLanguage.isForced, message.hasPointerRepresentation else { return message.description }
        return cached(Key(nil, message)) {
            let answer = message.utf8Start.withMemoryRebound(to: CChar.self, capacity: message.utf8CodeUnitCount + 1) { gettext($0) }
            return text(answer, orLiteral: message)
        }
    }

    static func lookup(_ singular: StaticString, _ plural: StaticString, _ count: Int) -> String {
        if SourceLanguage.isForced { return count.magnitude == 1 ? singular.description : plural.description }
        // The form depends on the count; the counts a screen shows are few and small.
        guard singular.hasPointerRepresentation, plural.hasPointerRepresentation, count.magnitude < 1000 else {
            return search(singular, plural, count)
        }
        return cached(Key(plural, singular, count: Int(count.magnitude))) { search(singular, plural, count) }
    }

    private static func search(_ singular: StaticString, _ plural: StaticString, _ count: Int) -> String {
        let answer = singular.utf8Start.withMemoryRebound(to: CChar.self, capacity: singular.utf8CodeUnitCount + 1) { one in
            plural.utf8Start.withMemoryRebound(to: CChar.self, capacity: plural.utf8CodeUnitCount + 1) { many in
                ngettext(one, many, UInt(count.magnitude))
            }
        }
        guard let answer else { return count.magnitude == 1 ? singular.description : plural.description }
        let address = UnsafeRawPointer(answer)
        if address == UnsafeRawPointer(singular.utf8Start) { return singular.description }
        if address == UnsafeRawPointer(plural.utf8Start) { return plural.description }
        return String(cString: answer)
    }

    /// pgettext as gettext.h defines it: the context, EOT (U+0004), then the message.
    static func lookup(context: StaticString, _ message: StaticString) -> String {
        guard !SourceLanguage.isForced else { return message.description }
        guard context.hasPointerRepresentation, message.hasPointerRepresentation else { return search(context: context, message) }
        return cached(Key(context, message)) {
            search(context: context, message)
        }
    }

    private static func search(context: StaticString, _ message: StaticString) -> String {
        let key = context.description + "\u{4}" + message.description
        return key.withCString { pointer in
            guard let answer = gettext(pointer), answer != pointer else { return message.description }
            let text = String(cString: answer)
            return text == key ? message.description : text
        }
    }

    private static func text(_ answer: UnsafeMutablePointer<CChar>?, orLiteral literal: StaticString) -> String {
        guard let answer else { return literal.description }
        let address = UnsafeRawPointer(answer)
        if address == UnsafeRawPointer(literal.utf8Start) { return literal.description }
        return String(cString: answer)
    }

    /// What the reader sees: the text, or its pseudo-language form when that is switched on.
    static func shown(_ text: String) -> String {
        Language.current.isPseudo ? PseudoLanguage.transform(text) : text
    }
}

/// A language's conventions and calendar words as its catalogue gives them (the decimal
/// separator, month names, how a date is written): looked up like `trc`, but never put into the
/// pseudo-language, since they are data of the language, not sentences to lay out.
public func localeData(_ context: StaticString, _ message: StaticString) -> String {
    Translation.lookup(context: context, message)
}
