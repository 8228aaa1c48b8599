import AppleHealthImport
import CarePlanStore
import Foundation
import GRDB
import HealthData
import Testing

/// A device is its fields (name, manufacturer, model, hardware, software), never the memory
/// address HealthKit prints at the head of its description, which differs record to record.
@Suite struct DeviceTests {
    /// A heart rate from a watch described as an export writes it, at `address`.
    static func beat(_ minute: Int, address: Int, hardware: String = "Watch6,2", version: String = "9.1") -> String {
        let device = "&lt;&lt;HKDevice: 0x\(String(address, radix: 16))&gt;, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:\(hardware), software:\(version)&gt;"
        return " <Record type=\"HKQuantityTypeIdentifierHeartRate\" sourceName=\"Sam’s Apple Watch\" sourceVersion=\"\(version)\" device=\"\(device)\" "
            + "unit=\"count/min\" value=\"\(60 + minute % 30)\" startDate=\"2026-03-02 10:\(String(format: "%02d", minute)):00 +0100\" "
            + "endDate=\"2026-03-02 10:\(String(format: "%02d", minute)):00 +0100\"/>\n"
    }

    @Test func oneWatchIsOneDeviceWhateverTheAddresses() throws {
        let fixture = try HealthFixture()
        // Fifty records of one watch at fifty addresses, then a second watch (other hardware).
        try fixture.importXML((0..<50).map { Self.beat($0, address: 0x283c0d680 + $0 * 0x40) }.joined()
                              + (50..<55).map { Self.beat($0, address: 0x2a0000000 + $0, hardware: "Watch7,1") }.joined()
                              + record("HKQuantityTypeIdentifierStepCount", "300", unit: "count", start: "2026-03-02 10:00:00 +0100"))
        let devices = try fixture.store.read { try String.fetchAll($0, sql: "SELECT device FROM healthDevice WHERE device <> '' ORDER BY id") }
        #expect(devices == ["name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,2, software:9.1",
                            "name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch7,1, software:9.1"])
        #expect(try fixture.count("SELECT COUNT(DISTINCT deviceId) FROM quantitySample q JOIN healthDevice d ON d.id = q.deviceId WHERE d.device <> ''") == 2)
        let bySource = try fixture.store.sourceDevices()
        #expect(bySource.count == 1, "the iPhone's steps name no device")
        #expect(bySource.values.first?.map(\.hardware) == ["Watch6,2", "Watch7,1"])
        // Another import of the same watch at new addresses adds no device.
        try fixture.importXML((55..<60).map { Self.beat($0, address: 0x300000000 + $0) }.joined(), name: "later.xml")
        #expect(try fixture.count("SELECT COUNT(*) FROM healthDevice WHERE device <> ''") == 2)
    }

    /// The real export holds one watch at three addresses.
    @Test func theRealExportsWatchIsOneDevice() throws {
        let fixture = try HealthFixture()
        try fixture.importFile(TestData.path("alxdrcirilo-export.xml"))
        #expect(try fixture.count("SELECT COUNT(*) FROM healthDevice WHERE device <> ''") == 1)
        let devices = try fixture.store.sourceDevices().values.flatMap { $0 }
        #expect(devices.map(\.source) == ["Alexandre's Apple Watch"])
        #expect(devices.first?.software == "10.2")
    }
}
