import ArgumentParser
import CarePlanStore
import Foundation
import Localization

/// `careplan encrypt`, `rekey` and `decrypt`: the store's encryption turned on, its key changed,
/// turned off, each by `StoreConversion` (a checked copy put in the store's place), and a plain
/// copy for someone who needs one.
struct Encrypt: TextOnlyCommand {
    static let configuration = CommandConfiguration(
        commandName: "encrypt",
        abstract: tr("Encrypt the store with a passphrase: the file, its log and its backups are unreadable without it."),
        discussion: tr("Asks for a new passphrase twice (or reads it from --key-file, --key-fd, --key-command or CAREPLAN_KEY_FILE), writes an encrypted copy beside the store, checks that it holds every row, and puts it in the store's place; until then the store is untouched. Close the dashboard and stop careplan remind first.\nA lost passphrase cannot be recovered, and neither can the data: keep it in a password manager. careplan unlock --for 8h then spares you the prompt for a working day (docs/security.md)."))

    @ParentCommand var careplan: Careplan

    func run() throws {
        let path = try CareStore.defaultPath(option: careplan.global.db)
        switch StoreFileState.inspect(path) {
        case .encrypted: throw EncryptionError.alreadyEncrypted(path: path)
        case .missing, .empty: throw StoreError.missing(path: path)
        case .other: throw StoreError.database(path: path, message: CareStore.notADatabase)
        case .plain: break
        }
        // A careplan store (brought to the current schema if it is older), closed again before
        // the conversion, which needs the file to itself.
        try StoreOptions(db: path).open(readOnly: true, everyone: true).close()
        var passphrase = try careplan.global.keys.newPassphrase(for: path)
        defer { StoreKey.wipe(&passphrase) }
        let key = try StoreKey.derive(passphrase: passphrase, salt: StoreKey.newSalt())
        let copied = try StoreConversion.convert(path: path, from: nil, to: key)
        say(tr("Encrypted {path}: {tables} tables, {rows} rows, checked. From now on it opens only with its passphrase; careplan unlock --for 8h spares you the prompt for a working day.",
               ["path": path, "tables": "\(copied.tables)", "rows": "\(copied.rows)"]))
        StoreCopies.warnAboutPlainCopies(beside: path)
    }
}

struct Rekey: TextOnlyCommand {
    static let configuration = CommandConfiguration(
        commandName: "rekey",
        abstract: tr("Give an encrypted store a new passphrase."),
        discussion: tr("The current passphrase comes as for every command; the new one from --new-key-file, --new-key-fd or --new-key-command, else it is asked for twice. The store is rewritten under the new key and checked before it replaces the old file. Backups made before still open with the old passphrase."))

    @ParentCommand var careplan: Careplan
    @Option(name: .customLong("new-key-file"), help: ArgumentHelp(tr("The new passphrase: the first line of FILE (mode 0600 or 0400)."), valueName: "file"))
    var newKeyFile: String?
    @Option(name: .customLong("new-key-fd"), help: ArgumentHelp(tr("The new passphrase: the first line read from file descriptor N."), valueName: "n"))
    var newKeyFD: Int32?
    @Option(name: .customLong("new-key-command"), help: ArgumentHelp(tr("The new passphrase: the first line CMD prints (run by /bin/sh)."), valueName: "cmd"))
    var newKeyCommand: String?

    func run() throws {
        let path = try CareStore.defaultPath(option: careplan.global.db)
        guard case .encrypted = StoreFileState.inspect(path) else { throw EncryptionError.notEncrypted(path: path) }
        let store = careplan.store
        guard let old = try store.key(for: path) else { throw EncryptionError.notEncrypted(path: path) }
        // The current key is checked before a new passphrase is asked for.
        try StoreOptions(db: path, keys: store.keys).open(readOnly: true, everyone: true).close()
        let newKeys = KeySources(file: newKeyFile, descriptor: newKeyFD, command: newKeyCommand, prefix: "--new-key")
        var passphrase = try newKeys.newPassphrase(for: path)
        defer { StoreKey.wipe(&passphrase) }
        let key = try StoreKey.derive(passphrase: passphrase, salt: StoreKey.newSalt())
        let copied = try StoreConversion.convert(path: path, from: old, to: key)
        let wasUnlocked = UnlockedKeys.forget(salt: old.salt)
        KeySources.forgetDerived()
        // The desktop's keyring keeps the new passphrase where it kept the old one.
        if SecretService.lookup(path) != nil { try SecretService.store(passphrase, for: path) }
        say(tr("New passphrase for {path}: {tables} tables, {rows} rows, checked. The old passphrase no longer opens it; backups made before still open with the old one.",
               ["path": path, "tables": "\(copied.tables)", "rows": "\(copied.rows)"]))
        if wasUnlocked { say(tr("It is locked again: careplan unlock to unlock it with the new passphrase.")) }
    }
}

struct Decrypt: TextOnlyCommand {
    static let configuration = CommandConfiguration(
        commandName: "decrypt",
        abstract: tr("Turn the store's encryption off, or write a plain copy of it (--output)."),
        discussion: tr("Without --output, the store becomes a plain SQLite file again, readable by anyone who can read the file. With --output FILE, the store stays encrypted and FILE gets a plain copy, for a program that cannot read SQLCipher: delete it when done."))

    @ParentCommand var careplan: Careplan
    @Option(name: .long, help: ArgumentHelp(tr("Write a plain copy to FILE (which must not exist) and leave the store encrypted."), valueName: "file"))
    var output: String?

    func run() throws {
        let path = try CareStore.defaultPath(option: careplan.global.db)
        guard case .encrypted = StoreFileState.inspect(path) else { throw EncryptionError.notEncrypted(path: path) }
        guard let key = try careplan.store.key(for: path) else { throw EncryptionError.notEncrypted(path: path) }
        if let output {
            let copied = try StoreConversion.plainCopy(of: path, key: key, to: output)
            say(tr("Wrote a plain copy of {path} to {output} ({rows} rows, checked). Anyone who can read {output} reads the health data in it: delete it when you are done.",
                   ["path": path, "output": output, "rows": "\(copied.rows)"]))
            return
        }
        let copied = try StoreConversion.convert(path: path, from: key, to: nil)
        UnlockedKeys.forget(salt: key.salt)
        KeySources.forgetDerived()
        SecretService.clear(path)
        say(tr("Decrypted {path}: {tables} tables, {rows} rows, checked. It is a plain SQLite file again, readable by anyone who can read the file.",
               ["path": path, "tables": "\(copied.tables)", "rows": "\(copied.rows)"]))
        StoreCopies.warnAboutEncryptedCopies(beside: path)
    }
}

/// `careplan unlock` and `careplan lock`: the derived key kept in the kernel's keyring for a while,
/// so that the status line, reminders, a sync timer and the dashboard open the store with no
/// prompt (`UnlockedKeys`).
struct Unlock: TextOnlyCommand {
    static let configuration = CommandConfiguration(
        commandName: "unlock",
        abstract: tr("Keep an encrypted store's key for a while, so that careplan does not ask for it."),
        discussion: tr("The passphrase is asked for (or read from --key-file, --key-fd, --key-command or CAREPLAN_KEY_FILE) and checked; the key derived from it is kept in the kernel's keyring for your user, never in a file, until --for runs out or careplan lock. Meanwhile every careplan of yours opens the store without asking: the dashboard, careplan status in a status line, careplan remind and a sync timer."))

    @ParentCommand var careplan: Careplan
    @Option(name: .customLong("for"), help: ArgumentHelp(tr("How long: minutes or hours, e.g. 30m or 8h, up to 24h."), valueName: "duration"))
    var duration = "8h"
    @Flag(name: .long, help: ArgumentHelp(tr("Also keep the passphrase in the desktop's keyring (Secret Service), which careplan asks when no other source gives it; careplan lock --forget removes it.")))
    var remember = false

    func validate() throws {
        if careplan.global.json { throw Careplan.noJSON("unlock") }
        guard SyncInterval.seconds(duration) != nil else {
            throw ValidationError(tr("--for {value}: give minutes or hours, e.g. 30m or 8h, from 1m up to 24h", ["value": duration]))
        }
    }

    func run() throws {
        let path = try CareStore.defaultPath(option: careplan.global.db)
        guard case .encrypted(let salt) = StoreFileState.inspect(path) else { throw EncryptionError.notEncrypted(path: path) }
        let keys = careplan.global.keys
        let key: StoreKey
        var passphrase: [UInt8] = []
        defer { StoreKey.wipe(&passphrase) }
        if remember {
            // The passphrase itself is what the desktop's keyring keeps.
            guard let given = try keys.passphrase(prompt: tr("Passphrase for {path}: ", ["path": path])) else { throw KeyError.none(path: path) }
            passphrase = given
            key = try StoreKey.derive(passphrase: passphrase, salt: salt)
        } else {
            key = try keys.key(for: path, salt: salt, unlocked: false)
        }
        // Only a key that opens the store is kept.
        try CareStore(path: path, key: key, createIfMissing: false).close()
        if remember { try SecretService.store(passphrase, for: path) }
        let until: Date
        do {
            until = try UnlockedKeys.keep(key, seconds: UInt32(SyncInterval.seconds(duration) ?? 28_800))
        } catch {
            throw StoreError.database(path: path, message: tr("the kernel's keyring refused the key ({reason}); give the key with --key-file or --key-command instead",
                                                              ["reason": "\(error.localizedDescription)"]))
        }
        say(tr("Unlocked {path} until {time}; careplan lock locks it again.", ["path": path, "time": Self.text(until)]))
    }

    /// The time a key runs out, in local time: `18:30`, or `2026-11-28 02:30` on another day.
    static func text(_ date: Date) -> String {
        let zone = CareClock.environmentZone
        let then = CareClock(now: date, timeZone: zone), today = CareClock(now: Date(), timeZone: zone)
        let time = TimeOfDay(minutes: then.minutesIntoDay).map { "\($0)" } ?? ""
        return then.today == today.today ? time : "\(then.today.iso) \(time)"
    }
}

struct Lock: TextOnlyCommand {
    static let configuration = CommandConfiguration(
        commandName: "lock",
        abstract: tr("Forget the key careplan unlock kept: the next careplan asks for the passphrase again."))

    @ParentCommand var careplan: Careplan
    @Flag(name: .long, help: ArgumentHelp(tr("Also remove the passphrase unlock --remember kept in the desktop's keyring.")))
    var forget = false

    func run() throws {
        let path = try CareStore.defaultPath(option: careplan.global.db)
        guard case .encrypted(let salt) = StoreFileState.inspect(path) else { throw EncryptionError.notEncrypted(path: path) }
        say(UnlockedKeys.forget(salt: salt) ? tr("Locked {path}: its key is forgotten.", ["path": path])
                                             : tr("{path} was not unlocked; nothing to forget.", ["path": path]))
        if forget {
            say(SecretService.clear(path) ? tr("The desktop's keyring no longer keeps its passphrase.")
                                          : tr("The desktop's keyring kept no passphrase for it."))
        }
    }
}
