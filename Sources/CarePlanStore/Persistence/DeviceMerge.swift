import GRDB

/// v14: a device is its fields, not the memory address HealthKit printed before them
/// (`DeviceDescription`), and the store knows which sources wrote from which devices.
///
/// Stores an earlier careplan filled kept every description whole, so one watch could be
/// thousands of `healthDevice` rows. The rows that say the same once the address is gone (the same
/// app version and the same fields) become the first of them: every sample pointing at the others
/// points at it, the others go, and it keeps the fields alone.
enum DeviceMerge {
    static func migrate(_ db: Database) throws {
        try db.execute(sql: """
            -- A source and a device it wrote samples from, as the import meets them: health sources
            -- lists each source's devices from here, not from a scan of every sample.
            CREATE TABLE healthSourceDevice (
                sourceId INTEGER NOT NULL REFERENCES healthSource(id),
                deviceId INTEGER NOT NULL REFERENCES healthDevice(id),
                PRIMARY KEY (sourceId, deviceId)
            ) WITHOUT ROWID;
            """)
        var kept: [String: Int64] = [:]
        var merged: [(old: Int64, new: Int64)] = [], shortened: [(id: Int64, fields: String)] = []
        for row in try Row.fetchAll(db, sql: "SELECT id, sourceVersion, device FROM healthDevice ORDER BY id") {
            let id: Int64 = row[0], version: String = row[1], device: String = row[2]
            let fields = DeviceDescription.fields(device)
            let key = version + "\u{0}" + fields
            if let first = kept[key] {
                merged.append((id, first))
            } else {
                kept[key] = id
                if fields != device { shortened.append((id, fields)) }
            }
        }
        if !merged.isEmpty {
            // One pass over each sample table, whatever the number of duplicates (deviceId has no index).
            try db.execute(sql: "CREATE TEMP TABLE deviceMerge (old INTEGER PRIMARY KEY, new INTEGER NOT NULL)")
            let insert = try db.makeStatement(sql: "INSERT INTO temp.deviceMerge (old, new) VALUES (?, ?)")
            for pair in merged { try insert.execute(arguments: [pair.old, pair.new]) }
            for table in ["quantitySample", "categorySample", "bloodPressure", "workout"] {
                try db.execute(sql: """
                    UPDATE \(table) SET deviceId = (SELECT new FROM temp.deviceMerge WHERE old = deviceId)
                    WHERE deviceId IN (SELECT old FROM temp.deviceMerge)
                    """)
            }
            try db.execute(sql: """
                DELETE FROM healthDevice WHERE id IN (SELECT old FROM temp.deviceMerge);
                DROP TABLE temp.deviceMerge;
                """)
        }
        for row in shortened { try db.execute(sql: "UPDATE healthDevice SET device = ? WHERE id = ?", arguments: [row.fields, row.id]) }
        try db.execute(sql: """
            INSERT OR IGNORE INTO healthSourceDevice (sourceId, deviceId)
            SELECT sourceId, deviceId FROM quantitySample WHERE deviceId IS NOT NULL
            UNION SELECT sourceId, deviceId FROM categorySample WHERE deviceId IS NOT NULL
            UNION SELECT sourceId, deviceId FROM bloodPressure WHERE deviceId IS NOT NULL
            UNION SELECT sourceId, deviceId FROM workout WHERE deviceId IS NOT NULL
            """)
    }
}
