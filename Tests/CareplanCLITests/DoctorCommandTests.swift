import Foundation
import Testing

/// `careplan doctor`: its checks, a backup of a live store, compacting.
@Suite struct DoctorCommandTests {
    @Test func aBackupIsAPrivateConsistentCopyAndNeverOverwrites() throws {
        let cli = CLI()
        #expect(try cli.run(["import", cli.write("plan.yaml", cliPlanYAML)]).status == 0)
        #expect(try cli.run(["log", "bp", "128/84", "--note", "before breakfast"]).status == 0)
        let copy = cli.folder.appendingPathComponent("backups/care-copy.sqlite").path
        // Whatever the umask, the copy and a folder made for it are private.
        let shell = try cli.run(["-c", "umask 000; exec \"$0\" doctor --full --backup \"$1\" --db \"$2\"", CLI.binary.path, copy, cli.db],
                                useDB: false, executable: URL(fileURLWithPath: "/bin/sh"))
        #expect(shell.status == 0, "\(shell.stderr)")
        #expect(shell.stdout.contains("Integrity:    ok (integrity_check)\n"))
        #expect(shell.stdout.contains("Backed up to \(copy) ("), "\(shell.stdout)")
        let files = FileManager.default
        #expect(try files.attributesOfItem(atPath: copy)[.posixPermissions] as? Int == 0o600)
        #expect(try files.attributesOfItem(atPath: (copy as NSString).deletingLastPathComponent)[.posixPermissions] as? Int == 0o700)
        // The copy is a store of its own, with the reading and its note.
        let history = try cli.run(["history", "bp", "--db", copy], useDB: false)
        #expect(history.stdout.contains("128/84 mmHg"), "\(history.stdout)")
        #expect(history.stdout.contains("before breakfast"))
        let again = try cli.run(["doctor", "--backup", copy])
        #expect(again.status == 1)
        #expect(again.stderr.contains("already exists; careplan does not write a backup over a file"), "\(again.stderr)")
    }

    @Test func vacuumCompactsAndKeepsEveryReading() throws {
        let cli = CLI()
        #expect(try cli.run(["generate", "--plan", "sample-plans/hypertension.yaml", "--days", "60"]).status == 0)
        let before = try cli.run(["export", "--json"]).stdout
        let vacuumed = try cli.run(["doctor", "--vacuum"])
        #expect(vacuumed.status == 0, "\(vacuumed.stderr)")
        #expect(vacuumed.stdout.contains("Vacuumed: "))
        #expect(try cli.run(["export", "--json"]).stdout == before)
    }
}

/// Writes that cannot reach the disk: refused with a message, nothing half-written, and what was
/// committed before intact. A file-size limit (`ulimit -f`, with SIGXFSZ ignored) makes the disk
/// "full" for one process, as root too.
@Suite struct DiskFullTests {
    @Test func aWriteTheDiskRefusesChangesNothing() throws {
        let cli = CLI()
        #expect(try cli.run(["import", cli.write("plan.yaml", cliPlanYAML)]).status == 0)
        #expect(try cli.run(["log", "bp", "128/84"]).status == 0)
        let before = try cli.run(["export", "--json"]).stdout
        let limited = try cli.run(["-c", "trap '' XFSZ; ulimit -f 1; exec \"$0\" done amlodipine --db \"$1\"", CLI.binary.path, cli.db],
                                  useDB: false, executable: URL(fileURLWithPath: "/bin/sh"))
        #expect(limited.status == 1)
        #expect(limited.stderr.contains("could not write to the disk"), "\(limited.stderr)")
        #expect(limited.stderr.contains("nothing was written, and what was saved before is intact"))
        #expect(try cli.run(["export", "--json"]).stdout == before)
        #expect(try cli.run(["doctor", "--full"]).status == 0)
        #expect(try cli.run(["done", "amlodipine"]).status == 0, "with room again, the same tick lands")
    }

    /// A store that cannot be written (a read-only file: chmod for a user, the immutable flag for
    /// root, whom permissions do not stop): reads work, writes are refused with the reason.
    @Test func aReadOnlyStoreIsReadAndRefusesWrites() throws {
        let cli = CLI()
        #expect(try cli.run(["import", cli.write("plan.yaml", cliPlanYAML)]).status == 0)
        let files = [cli.db, cli.db + "-wal", cli.db + "-shm"]
        func protect(_ on: Bool) throws -> Bool {
            if getuid() != 0 {
                for file in files { try FileManager.default.setAttributes([.posixPermissions: on ? 0o400 : 0o600], ofItemAtPath: file) }
                return true
            }
            return try cli.run([on ? "+i" : "-i"] + files, useDB: false, executable: URL(fileURLWithPath: "/usr/bin/chattr")).status == 0
        }
        guard try protect(true) else { Issue.record("cannot make the store read-only on this machine (chattr failed)"); return }
        defer { _ = try? protect(false) }
        #expect(try cli.run(["today"]).status == 0)
        let refused = try cli.run(["done", "amlodipine"])
        #expect(refused.status == 1)
        #expect(refused.stderr == "careplan: \(cli.db): the database is read-only; careplan needs to write to it\n", "\(refused.stderr)")
        #expect(try protect(false))
        #expect(try cli.run(["done", "amlodipine"]).status == 0)
    }
}
