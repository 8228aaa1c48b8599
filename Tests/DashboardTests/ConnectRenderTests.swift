import CarePlanStore
import Foundation
import Testing
import TerminalUI
@testable import Dashboard

/// Connect, the fourth pane: the care team and personal contacts in each layout and theme, and
/// moving through them.
@Suite struct ConnectRenderTests {
    static let plan = DashboardFixture.planYAML + """

        contacts:
          - name: Chris Walker
            role: Physiotherapist
            group: care-team
            phone: "+44 117 496 0455"
            email: msk.physio@example.nhs.uk
            notes: First review on 2026-11-23; bring the knee bend record.
            activities: [exercises, ice]
          - name: Ward 7 (Orthopaedics)
            role: Orthopaedic ward, 24 hours
            group: care-team
            phone: "+44 117 496 0720"
            notes: Call for a temperature of 38.0 degC or above, or a swollen, hot, painful calf.
            activities: [temperature, swelling, rivaroxaban]
          - name: Peter Ellis
            role: Son
            group: personal
            phone: "07700 900231"

        """

    let fixture: DashboardFixture

    init() throws { fixture = try DashboardFixture(plan: Self.plan) }

    func connect() -> AppState {
        var state = AppState(today: fixture.today)
        state.focus = .connect
        return state
    }

    @Test func eachLayout() throws {
        for (width, height) in [(120, 40), (100, 30), (80, 24)] {
            let text = try fixture.render(connect(), width: width, height: height)
            if let problem = expectMatchesGolden(text, "connect-\(width)x\(height)") { Issue.record(Comment(rawValue: problem)) }
            #expect(text.contains("Chris Walker"))
        }
        // Wide, Connect takes the lower half while focused; Insights comes back with the focus.
        let wide = try fixture.render(connect(), width: 120, height: 40)
        #expect(wide.contains("Care Card") && wide.contains("Symptom Tracker") && wide.contains("━ Connect") && !wide.contains("Insights ·"))
        #expect(try fixture.render(AppState(today: fixture.today), width: 120, height: 40).contains("Insights ·"))
    }

    @Test func themesChangeColoursNotLayout() throws {
        let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let names = try FileManager.default.contentsOfDirectory(atPath: repo.appendingPathComponent("themes").path).filter { $0.hasSuffix(".yaml") }
        let data = try fixture.data(insights: nil)
        let plain = HeadlessRenderer.plainText(Screen.render(state: connect(), data: data, samples: [], context: fixture.context(), width: 120, height: 40))
        for name in names {
            let theme = ThemeFile.resolve(try ThemeFile.load(path: repo.appendingPathComponent("themes/\(name)").path), colors: 256)
            let buffer = Screen.render(state: connect(), data: data, samples: [], context: fixture.context(theme: theme), width: 120, height: 40)
            #expect(HeadlessRenderer.plainText(buffer) == plain, "\(name) changed the layout")
        }
    }

    @Test func arrowsMoveThroughTheContactsAndTheDetailFollows() throws {
        var state = connect()
        let data = try fixture.data(insights: nil)
        _ = Reducer.handle(.down, state: &state, data: data, samples: [])
        _ = Reducer.handle(.down, state: &state, data: data, samples: [])
        _ = Reducer.handle(.down, state: &state, data: data, samples: [])
        #expect(state.contactSelection == 2, "stops at the last contact")
        let text = try fixture.render(state, width: 100, height: 30)
        #expect(text.contains("▸ Peter Ellis"))
        #expect(text.contains("Son · personal"))
        #expect(text.contains("07700 900231"))
    }

    @Test func aPlanWithoutContactsSaysHowToAddThem() throws {
        let bare = try DashboardFixture()
        var state = AppState(today: bare.today)
        state.focus = .connect
        #expect(try bare.render(state, width: 100, height: 30).contains("No contacts in the plan."))
    }
}

/// Connect's keys against a real store: the report for the selected contact, and what `o` opens.
@Suite struct ConnectCommandTests {
    @Test func pWritesTheReportForTheSelectedContactBesideTheStore() throws {
        let fixture = try DashboardFixture(plan: ConnectRenderTests.plan)
        var state = AppState(today: fixture.today)
        state.focus = .connect
        let data = try fixture.data(insights: nil)
        let commands = Reducer.handle(.character("p"), state: &state, data: data, samples: [])
        #expect(commands == [.prepareReport(contact: "Chris Walker")])
        let clock = fixture.clock
        CommandRunner(store: fixture.store, clock: { clock }).run(commands[0], state: &state, data: data)
        let path = try #require(state.reports["Chris Walker"])
        #expect(path.hasSuffix("/reports/careplan-report-2026-11-16-to-2026-11-22-for-chris-walker.html"))
        let html = try String(contentsOfFile: path, encoding: .utf8)
        #expect(html.contains("Prepared for Chris Walker (Physiotherapist)"))
        #expect(state.message?.text == "Report for Chris Walker written to \(path) · email msk.physio@example.nhs.uk · o opens it")
        // o now opens that report (with no opener installed, it says where the report is).
        #expect(Reducer.handle(.character("o"), state: &state, data: data, samples: []) == [.open(path)])
        // For a contact without a report, o writes to them.
        state.contactSelection = 2
        #expect(Reducer.handle(.character("o"), state: &state, data: data, samples: []).isEmpty)
        #expect(state.message?.text.contains("no email in the plan") == true)
    }
}
