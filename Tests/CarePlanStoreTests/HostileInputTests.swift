import Foundation
import Testing
@testable import CarePlanStore

/// Plan files and typed input as an attacker or a clumsy hand would write them: each refused
/// with its place and the limit, before anything is written.
@Suite struct HostileInputTests {
    static let head = "title: T\nactivities:\n  - id: a\n    kind: assessment\n    title: A\n"

    func refusal(_ yaml: String) -> String {
        do { _ = try decode(yaml); return "accepted" } catch { return "\(error)" }
    }

    func refusal(file bytes: Data) throws -> String {
        let folder = TemporaryFolder()
        let path = folder.path("plan.yaml")
        try bytes.write(to: URL(fileURLWithPath: path))
        do { _ = try PlanDecoder.load(path: path); return "accepted" } catch { return "\(error)" }
    }

    @Test func hugeDeepAndBrokenFilesAreRefusedWithTheirPlace() throws {
        // 50 MB, refused on its size before it is read.
        var big = Data("title: T\nactivities:\n".utf8)
        big.append(Data(repeating: UInt8(ascii: "#"), count: 50 << 20))
        #expect(try refusal(file: big) == "plan.yaml:1:1: the file is 52,428,821 bytes; a hand-written file may be at most 2,097,152 bytes (2 MB)")
        let deep = "a: " + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(refusal(deep).contains("Maximum nesting level reached"))
        #expect(try refusal(file: Data("title: T\u{FF}\nactivities: []\n".utf8) + Data([0xFF, 0xFE])) == "plan.yaml:1:1: the file is not UTF-8 text")
        #expect(refusal("title: T\u{0}x\nactivities: []\n").contains("control characters are not allowed"))
        #expect(refusal("title: T\ntitle: U\nactivities: []\n") == "plan.yaml:1:1: key 'title' appears twice in one mapping")
    }

    @Test func anAliasBombIsReadWithoutExpandingIt() {
        var anchors = ["&a0 [x, x, x, x, x, x, x, x, x, x]"]
        for level in 1..<9 { anchors.append("&a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]") }
        let bomb = "title: T\npatient: [" + anchors.joined(separator: ", ") + "]\nactivities: [{id: a}]\n"
        #expect(refusal(bomb).hasPrefix("plan.yaml:"))
    }

    @Test func schedulesBeyondReasonAreRefused() {
        let line = Self.head + "    measure: {type: number}\n    schedule: "
        #expect(refusal(line + "{start: 2026-11-01, daily: 10000}\n") == "plan.yaml:7:42: schedule: daily: 10000 a day; at most 48 (every half hour) are accepted")
        let times = (0..<60).map { String(format: "\"%02d:%02d\"", $0 / 4 + 6, $0 % 4 * 15) }.joined(separator: ", ")
        #expect(refusal(line + "{start: 2026-11-01, daily: true, times: [\(times)]}\n").contains("at most 48 a day are accepted"))
        #expect(refusal(line + "{start: 2026-11-01, every: {days: 100000}}\n").contains("at most 3,650 (ten years)"))
        #expect(refusal(line + "{start: 2026-11-01, weekly: {mon: 500}}\n").contains("at most 48"))
    }

    @Test func numbersAndDatesOutsideReasonAreRefused() {
        let schedule = "    schedule: {start: 2026-11-01, daily: 1}\n"
        for number in ["1e999", ".nan", ".inf", "-.inf", "NaN"] {
            #expect(refusal(Self.head + schedule + "    measure: {type: number, range: [1, \(number)]}\n").contains("expected a number, found '\(number)'"), "\(number)")
        }
        #expect(refusal(Self.head + schedule + "    measure: {type: number, range: [1, -0]}\n").contains("low 1 is above high 0"))
        let measure = "    measure: {type: number}\n"
        #expect(refusal(Self.head + measure + "    schedule: {start: 0001-01-01, daily: 1}\n").contains("start 0001-01-01 is outside the dates careplan accepts (1900-01-01 to 2199-12-31)"))
        #expect(refusal(Self.head + measure + "    schedule: {start: 2026-11-01, end: 9999-12-31, daily: 1}\n").contains("end 9999-12-31 is outside"))
        #expect(refusal(Self.head + measure + "    schedule: {start: 2026-02-30, daily: 1}\n").contains("expected a date YYYY-MM-DD, found '2026-02-30'"))
        #expect(throws: CarePlanError.self) { try DateArgument.parse("0001-01-01", today: date("2026-11-24")) }
    }

    @Test func oversizedTextIsRefused() {
        let long = String(repeating: "x", count: 201)
        #expect(refusal("title: \(long)\nactivities: [{id: a, kind: intervention, title: A, schedule: {start: 2026-11-01, daily: 1}}]\n")
            == "plan.yaml:1:8: title is 201 characters long; at most 200 are accepted")
        let activities = (0...1000).map { "  - {id: a\($0), kind: intervention, title: A, schedule: {start: 2026-11-01, daily: 1}}" }.joined(separator: "\n")
        #expect(refusal("title: T\nactivities:\n" + activities + "\n").contains("1,001 activities; a plan may hold at most 1,000"))
        #expect(refusal("title: T\nactivities:\n  - {id: \(String(repeating: "a", count: 65)), kind: intervention, title: A, schedule: {start: 2026-11-01, daily: 1}}\n")
            .contains("65 characters long; at most 64"))
    }

    @Test func aMegabyteNoteOrTextReadingIsRefusedAndNothingIsWritten() throws {
        let test = try TestStore.withSamplePlan()
        let time = clock("2026-11-20T09:00")
        let note = String(repeating: "n", count: 1_000_000)
        #expect(throws: CarePlanError.invalidValue(id: "temperature", field: "note", message: "the note is 1,000,000 characters long; at most 10,000 are accepted")) {
            try test.store.log("temperature", inputs: ["37.0"], date: time.today, note: note, clock: time)
        }
        let textActivity = try #require(try test.store.plan().histories.first { $0.activity(on: time.today).measure?.type == .text })
        #expect(throws: CarePlanError.self) {
            try test.store.log(textActivity.id, inputs: [note], date: time.today, clock: time)
        }
        #expect(try test.count("outcome") == 0)
    }
}

/// `patient:` as a name or as `{name, born, identifiers}`.
@Suite struct PatientDetailsTests {
    @Test func detailsReadStoreAndRoundTrip() throws {
        let yaml = """
        title: T
        patient: {name: Sam Lee, born: 1950-02-28, identifiers: [{system: "urn:oid:2.16.840.1.113883.2.4.6.3", value: "999911120"}]}
        activities: [{id: a, kind: intervention, title: A, schedule: {start: 2026-11-01, daily: 1}}]
        """
        let plan = try decode(yaml)
        #expect(plan.patient == "Sam Lee")
        #expect(plan.patientDetails == PatientDetails(born: date("1950-02-28"), identifiers: [.init(system: "urn:oid:2.16.840.1.113883.2.4.6.3", value: "999911120")]))
        let test = try TestStore()
        _ = try test.store.importPlan(plan, effective: date("2026-11-01"), clock: clock("2026-11-01T08:00"))
        let stored = try test.store.plan().plan(on: date("2026-11-02"))
        #expect(stored.patientDetails == plan.patientDetails)
        #expect(try decode(PlanEncoder.yaml(stored)) == stored)
    }

    @Test func aWrongIdentifierOrDateIsRefusedAtItsPlace() {
        func refusal(_ patient: String) -> String {
            do { _ = try decode("title: T\npatient: \(patient)\nactivities: [{id: a, kind: intervention, title: A, schedule: {start: 2026-11-01, daily: 1}}]\n"); return "accepted" } catch { return "\(error)" }
        }
        #expect(refusal("{name: S, identifiers: [{system: nhs, value: \"1\"}]}").contains("system: 'nhs' is not a URI"))
        #expect(refusal("{name: S, born: 1950-02-30}").contains("patient: born: expected a date YYYY-MM-DD"))
        #expect(refusal("{born: 1950-02-01}").contains("patient: missing 'name'"))
    }
}
