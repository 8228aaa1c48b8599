/// The pseudo-language: English with every letter accented, lengthened by about 40 % (Polish and
/// German run that much longer) and bracketed with ⟦ ⟧, placeholders kept. A label cut short
/// loses its closing bracket, so the layout tests find any string that does not fit before a
/// translator does. `CAREPLAN_PSEUDO_LANGUAGE=1 careplan` shows it.
public enum PseudoLanguage {
    public static let open: Character = "⟦", close: Character = "⟧"

    public static func transform(_ text: String) -> String {
        guard !text.isEmpty else { return text }
        var result = String(open)
        var letters = 0
        var inPlaceholder = false
        for character in text {
            if character == "{" { inPlaceholder = true }
            if inPlaceholder {
                result.append(character)
                if character == "}" { inPlaceholder = false }
                continue
            }
            if character.isLetter { letters += 1 }
            result.append(accented[character] ?? character)
        }
        // About 40 % longer, counted on the letters a translation would lengthen.
        result += String(repeating: "~", count: (letters * 2 + 4) / 5)
        result.append(close)
        return result
    }

    /// One-column accented look-alikes, so the text stays readable and each letter keeps its width.
    static let accented: [Character: Character] = {
        let plain = Array("AaCcEeGgIiLlNnOoRrSsTtUuYyZz")
        let marked = Array("ÅåÇçÉéĜĝÎîĻļÑñÖöŔŕŠšŢţÛûÝýŽž")
        return Dictionary(uniqueKeysWithValues: zip(plain, marked))
    }()
}
