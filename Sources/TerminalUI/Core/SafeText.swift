/// Text from users and files (titles, notes, contact and source names) made safe to show on a
/// terminal: control characters and the escape sequences built from them are shown, not obeyed.
/// Everything careplan writes to a terminal passes through here, the dashboard (`Buffer.write`)
/// and the command line's text output alike; JSON escapes them by itself.
public enum SafeText {
    /// C0 controls become their Unicode pictures (ESC shows as ␛), DEL as ␡, C1 controls as �.
    /// Newlines and tabs stay when `keepLineBreaks` (multi-line output); else they are pictured too.
    public static func terminal(_ text: String, keepLineBreaks: Bool = true) -> String {
        guard needsCleaning(text, keepLineBreaks: keepLineBreaks) else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A, 0x09 where keepLineBreaks: scalars.append(scalar)
            case 0x00..<0x20: scalars.append(Unicode.Scalar(0x2400 + scalar.value)!)
            case 0x7F: scalars.append("\u{2421}")
            case 0x80..<0xA0: scalars.append("\u{FFFD}")
            default: scalars.append(scalar)
            }
        }
        return String(scalars)
    }

    /// A quick look at the bytes, so clean text (nearly all of it) is returned as it is.
    static func needsCleaning(_ text: String, keepLineBreaks: Bool) -> Bool {
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if byte < 0x20, !(keepLineBreaks && (byte == 0x0A || byte == 0x09)) { return true }
            if byte == 0x7F { return true }
            // C1 controls are U+0080...U+009F: 0xC2 0x80...0x9F in UTF-8.
            if previous == 0xC2, (0x80...0x9F).contains(byte) { return true }
            previous = byte
        }
        return false
    }
}
