/// The Apple Health importers `careplan health import` is measured against (issue 27): the three
/// best that PyPI has which load a zipped export whole, each run the way its README says, on the
/// same zip, interleaved run by run with careplan.
///
/// - healthkit-to-sqlite: a SQLite table per type, every attribute a TEXT column (issue 9's peer).
/// - apple-health-export-mcp: streams into one SQLite table keyed by a hash of each record's
///   content, so the export's repeated blood-pressure records are stored once.
/// - vitalog: inflates the zip to a temporary folder, writes CSVs and bulk-loads them into DuckDB:
///   the fastest complete load PyPI has.
///
/// Each is installed from its pinned requirements (`Benchmarks/peers/NAME.txt`: the package and every
/// package it pulled in, exact versions) into a virtualenv of its own (`PeerVirtualenv`).
struct Peer: Sendable {
    /// Its name on PyPI, which also names its requirements file and its tables for
    /// `Benchmarks/tools/import_census.py`.
    let name: String
    /// The console script that loads an export.
    let script: String
    /// The file it writes, in the run's scratch folder.
    let output: String
    /// Its command line for loading `zip` into `database`.
    let arguments: @Sendable (_ zip: String, _ database: String) -> [String]

    static let all = [
        Peer(name: "healthkit-to-sqlite", script: "healthkit-to-sqlite", output: "healthkit-to-sqlite.db") { zip, db in [zip, db] },
        Peer(name: "apple-health-export-mcp", script: "apple-health-export-mcp-ingest", output: "apple-health-export-mcp.db") { zip, db in
            [zip, "--db", db]
        },
        Peer(name: "vitalog", script: "vitalog", output: "vitalog.duckdb") { zip, db in ["load", "apple", "--file", zip, "--db", db] },
    ]

    /// issue 9's ≥ 10× target is against this one.
    static let firstPeer = "healthkit-to-sqlite"
}
