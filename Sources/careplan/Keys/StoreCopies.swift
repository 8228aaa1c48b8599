import CarePlanStore
import Localization

/// What `encrypt`, `decrypt` and `doctor` say about the copies beside a store (`StoreSiblings`).
enum StoreCopies {
    /// After encrypting: plain copies made before are still readable by anyone.
    static func warnAboutPlainCopies(beside path: String) {
        let plain = StoreSiblings.plain(beside: path)
        guard !plain.isEmpty else { return }
        say(trn("Beside it, {count} plain copy made before is still readable by anyone who has the file: {files}; delete it once you no longer need it.",
                "Beside it, {count} plain copies made before are still readable by anyone who has the files: {files}; delete them once you no longer need them.",
                plain.count, ["files": plain.joined(separator: ", ")]))
    }

    /// After decrypting: encrypted copies still need the passphrase.
    static func warnAboutEncryptedCopies(beside path: String) {
        let encrypted = StoreSiblings.encrypted(beside: path)
        guard !encrypted.isEmpty else { return }
        say(trn("Beside it, {count} encrypted copy still opens only with the passphrase: {files}.",
                "Beside it, {count} encrypted copies still open only with the passphrase: {files}.",
                encrypted.count, ["files": encrypted.joined(separator: ", ")]))
    }
}
