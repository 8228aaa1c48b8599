import Foundation
import GRDB
import Testing
@testable import CarePlanStore

/// v14: a store an earlier careplan filled holds one watch as many devices, one per memory address
/// its export printed. Opened, they become one device, every sample pointing at it.
@Suite struct DeviceMergeTests {
    static let v13 = "v13: the language a plan is written in"

    /// As the real export in Tests/Data/apple-health/alxdrcirilo-export.xml describes its watch.
    static func watch(_ address: String) -> String {
        "<<HKDevice: \(address)>, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,7, software:10.2>"
    }

    /// A v13 store holding what v13 made of three records of one watch at three addresses, a
    /// reading of a blood-pressure cuff, a workout, and a source version with no device.
    func v13Store() throws -> TestStore.Older {
        try TestStore.Older(upTo: Self.v13) { db in
            try db.execute(sql: """
                INSERT INTO healthType (id, identifier) VALUES (1, 'HKQuantityTypeIdentifierHeartRate'), (2, 'HKCategoryTypeIdentifierSleepAnalysis');
                INSERT INTO healthSource (id, personId, name, defaultRank) VALUES (1, 1, 'Alexandre''s Apple Watch', 0), (2, 1, 'Omron connect', 2);
                INSERT INTO healthDevice (id, sourceVersion, device) VALUES
                    (1, '10.2', ?), (2, '10.2', ?), (3, '2890.4.12.2.3', ''), (4, '10.2', ?),
                    (5, '7.8', '<<HKDevice: 0x2810aa000>, name:BP7000, manufacturer:OMRON>');
                INSERT INTO quantitySample (personId, typeId, sourceId, start, end, utcOffset, day, value, unit, deviceId) VALUES
                    (1, 1, 1, 1704063696, 1704063696, 7200, 19723, 74, 'count/min', 1),
                    (1, 1, 1, 1704063697, 1704063697, 7200, 19723, 75, 'count/min', 2),
                    (1, 1, 1, 1704064000, 1704064000, 7200, 19723, 76, 'count/min', 3);
                INSERT INTO categorySample (personId, typeId, sourceId, start, end, utcOffset, day, value, deviceId) VALUES
                    (1, 2, 1, 1704074873, 1704075623, 7200, 19723, 'HKCategoryValueSleepAnalysisAsleepCore', 4);
                INSERT INTO bloodPressure (personId, sourceId, start, end, utcOffset, day, systolic, diastolic, deviceId) VALUES
                    (1, 2, 1704070000, 1704070000, 7200, 19723, 128, 84, 5);
                INSERT INTO workout (personId, activityType, sourceId, start, end, utcOffset, day, deviceId) VALUES
                    (1, 'HKWorkoutActivityTypeRunning', 1, 1704100000, 1704102000, 7200, 19723, 2);
                """, arguments: [Self.watch("0x3012772a0"), Self.watch("0x3008d6850"), Self.watch("0x301d0a210")])
        }
    }

    @Test func oneWatchAtThreeAddressesBecomesOneDevice() throws {
        let old = try v13Store()
        let store = try CareStore(path: old.path)
        #expect(store.migrationBackup == old.path + ".v13-backup")
        let fields = "name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,7, software:10.2"
        try store.read { db in
            let devices = try Row.fetchAll(db, sql: "SELECT id, sourceVersion, device FROM healthDevice ORDER BY id").map { "\($0[0] as Int) \($0[1] as String) \($0[2] as String)" }
            #expect(devices == ["1 10.2 \(fields)", "3 2890.4.12.2.3 ", "5 7.8 name:BP7000, manufacturer:OMRON"])
            // Every sample of the watch points at the one row left; nothing else moved.
            #expect(try Int.fetchAll(db, sql: """
                SELECT deviceId FROM quantitySample UNION ALL SELECT deviceId FROM categorySample
                UNION ALL SELECT deviceId FROM workout UNION ALL SELECT deviceId FROM bloodPressure
                """) == [1, 1, 3, 1, 1, 5])
            #expect(try Row.fetchAll(db, sql: "SELECT sourceId, deviceId FROM healthSourceDevice ORDER BY 1, 2").map { [$0[0] as Int, $0[1] as Int] }
                    == [[1, 1], [1, 3], [2, 5]])
        }
        let check = try store.check(full: true)
        #expect(check.isHealthy, "\(check)")
    }
}
