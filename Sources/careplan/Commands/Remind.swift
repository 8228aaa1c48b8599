import ArgumentParser
import CarePlanStore
import CareReport
import Foundation
import Localization
import TerminalUI

/// `careplan remind`: in the foreground (a systemd user service, contrib/careplan-remind.service),
/// a desktop notification when an occurrence becomes due and when it becomes overdue; with
/// `--sync 15m`, a sync with the FHIR server every fifteen minutes beside it (docs/sync.md).
struct Remind: TextOnlyCommand {
    var store: StoreOptions { careplan.store }
    static let configuration = CommandConfiguration(
        commandName: "remind",
        abstract: tr("Notify when an occurrence becomes due or overdue (notify-send, else the terminal bell and a line), until stopped."),
        discussion: tr("Each occurrence is announced once when due and once when overdue, never again after a restart (the store remembers what was sent). Nothing is sent in the plan's quiet hours (reminders: quiet); what is still open when they end is sent then. Ticks made elsewhere and plan changes are read on every check. Run it as a systemd user service: contrib/careplan-remind.service."))

    @ParentCommand var careplan: Careplan
    @Option(name: .long, help: ArgumentHelp(tr("Seconds between checks (default: 30)."), valueName: "seconds"))
    var interval: Int = 30
    @Flag(name: .long, help: ArgumentHelp(tr("Check once and exit (for cron, or to try it).")))
    var once = false
    @Option(name: .long, help: ArgumentHelp(tr("Also sync with the FHIR server this often, e.g. 15m or 1h (careplan sync, for everyone with a server)."), valueName: "interval"))
    var sync: String?

    func validate() throws {
        if careplan.global.json { throw Careplan.noJSON("remind") }
        guard (1...3600).contains(interval) else { throw ValidationError(tr("--interval {seconds}: give 1 to 3600 seconds", ["seconds": String(interval)])) }
        if let sync, SyncInterval.seconds(sync) == nil {
            throw ValidationError(tr("--sync {interval}: give minutes or hours, from 1m to 24h (15m, 1h)", ["interval": sync]))
        }
    }

    func run() throws {
        let notifier = Notifier()
        if !once {
            Notifier.log(notifier.program == nil
                ? trn("careplan remind: checking every {count} s (notify-send not found: the terminal bell and a line instead)",
                      "careplan remind: checking every {count} s (notify-send not found: the terminal bell and a line instead)", interval)
                : trn("careplan remind: checking every {count} s", "careplan remind: checking every {count} s", interval))
        }
        if let seconds = sync.flatMap(SyncInterval.seconds) {
            SyncInterval.start(every: seconds, arguments: syncArguments, once: once)
        }
        repeat {
            try check(notifier)
            if once { return }
            sleep(UInt32(interval))
        } while true
    }

    /// The `careplan sync` each round runs: this store, this person or everyone with a server.
    var syncArguments: [String] {
        ["sync"] + (store.db.map { ["--db", $0] } ?? []) + (store.personName.map { ["--person", $0] } ?? ["--all"])
    }

    /// One look at today: what became due or overdue since the last look is announced.
    func check(_ notifier: Notifier) throws {
        let clock = try store.clock()
        // One store for the look and for remembering what was sent; a missing one is not created
        // (`readOnly` opens refuse a missing file; the writing connection still opens on the write).
        let careStore = try store.open(readOnly: true, everyone: true)
        let each = try DueNow.loadEach(careStore, store: store, clock: clock, within: 0)
        // In a store of several people a notice says whose, and its command names them (even when
        // --person narrowed the reminders to one): `careplan done` alone would not know whose.
        let several = careStore.peopleWhenOpened.count > 1
        // Each person's quiet hours and what was sent for them, the store opened for them in turn.
        for person in each {
            if let whom = person.person { careStore.choose(whom) }
            guard !person.plan.reminders.isQuiet(at: clock.minutesIntoDay) else { continue }
            let sent = try careStore.reading { try $0.remindersSent(on: clock.today) }
            var now: [(activityId: String, date: LocalDate, occurrence: Int, stage: String)] = []
            for item in person.list.items {
                let key = ReminderKey.make(activityId: item.activity.id, date: item.date, occurrence: item.occurrence, stage: item.state.rawValue)
                guard !sent.contains(key) else { continue }
                notifier.send(item, for: several ? person.person?.name : nil)
                now.append((item.activity.id, item.date, item.occurrence, item.state.rawValue))
                // Overdue at the first look: the "due" notice would come too late to be of use.
                if item.state == .overdue { now.append((item.activity.id, item.date, item.occurrence, DueList.State.due.rawValue)) }
            }
            try careStore.markReminded(now, clock: clock)
        }
    }
}

/// How a reminder reaches the person: `notify-send` (libnotify) when it is on PATH, else the
/// terminal bell and a line. Every reminder is also printed, for the service's log.
struct Notifier {
    let program = PDFPrinter.executable("notify-send")

    /// A line written at once, not buffered: into a pipe (journald, a log file) too, each
    /// reminder shows as it is sent.
    static func log(_ text: String) {
        FileHandle.standardOutput.write(Data((SafeText.terminal(text, keepLineBreaks: false) + "\n").utf8))
    }

    /// `person`: whose, named in the notice when reminders cover several people.
    func send(_ item: DueList.Item, for person: String?) {
        // A title is the person's text: control characters shown, not sent to the desktop.
        let what = SafeText.terminal(person.map { DueNow.whose(DueNow.label(item), person: $0) } ?? DueNow.label(item), keepLineBreaks: false)
        // TRANSLATORS: a desktop notification's title; {item} is "08:00 Ramipril 5 mg" (or "Mum: 08:00 Ramipril 5 mg").
        let summary = item.state == .overdue ? tr("Overdue: {item}", ["item": what]) : tr("Due: {item}", ["item": what])
        let option = person.map { " --person \(Self.shellWord($0))" } ?? ""
        let action = item.activity.kind == .intervention ? "careplan done \(item.activity.id)\(option)" : "careplan log \(item.activity.id)\(option) …"
        // TRANSLATORS: a reminder as careplan remind prints it: the notification's title, then the command that ticks it off.
        Self.log(tr("{notice} ({command})", ["notice": summary, "command": action]))
        guard let program else {
            // The bell, with the line above saying what for.
            FileHandle.standardOutput.write(Data("\u{07}".utf8))
            return
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = ["--app-name=careplan", "--urgency=\(item.state == .overdue ? "critical" : "normal")", summary, action]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
            process.waitUntilExit()
            // No desktop session to show it (notify-send failed): the bell instead.
            if process.terminationStatus != 0 { FileHandle.standardOutput.write(Data("\u{07}".utf8)) }
        } catch {
            FileHandle.standardOutput.write(Data("\u{07}".utf8))
        }
    }
}

extension Notifier {
    /// A name as one shell word in the command a notice suggests: quoted when it has anything but
    /// letters, digits, '-', '_' or '.'.
    static func shellWord(_ text: String) -> String {
        let plain = text.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || "-_.".unicodeScalars.contains($0) }
        return plain ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
