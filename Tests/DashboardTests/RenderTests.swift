import CareInsights
import CarePlanStore
import Foundation
import Testing
import TerminalUI
@testable import Dashboard

/// Every pane and state rendered headless and compared with the expected text in Expected/.
@Suite struct RenderTests {
    let fixture: DashboardFixture

    init() throws { fixture = try DashboardFixture() }

    func check(_ text: String, _ name: String) {
        if let problem = expectMatchesGolden(text, name) { Issue.record(Comment(rawValue: problem)) }
    }

    @Test func wideTerminalShowsAllThreePanes() throws {
        check(try fixture.render(AppState(today: fixture.today)), "all-120x40")
    }

    @Test func eachPaneAloneAt80x24() throws {
        for pane in Pane.allCases {
            var state = AppState(today: fixture.today)
            state.focus = pane
            check(try fixture.render(state, width: 80, height: 24), "pane-\(pane)-80x24")
        }
    }

    @Test func blocksAndAsciiCharts() throws {
        var state = AppState(today: fixture.today)
        state.focus = .insights
        check(try fixture.render(state, width: 80, height: 24, charts: .blocks), "insights-blocks-80x24")
        let ascii = try fixture.render(state, width: 80, height: 24, charts: .ascii)
        check(ascii, "insights-ascii-80x24")
    }

    @Test func tooSmallTerminalSaysWhatItNeeds() throws {
        let text = try fixture.render(AppState(today: fixture.today), width: 79, height: 23)
        #expect(text.contains("Terminal too small: need 80×24, have 79×23"))
        check(text, "too-small-79x23")
    }

    @Test func anEmptyStoreWelcomesWithTheSamplePlans() throws {
        let empty = try DashboardFixture(withHistory: false)
        let store = try CareStore(path: empty.folder.appendingPathComponent("empty.sqlite").path)
        let samples = [SamplePlan(path: "/x/knee.yaml", title: "Knee replacement recovery", activityCount: 10),
                       SamplePlan(path: "/x/bp.yaml", title: "Hypertension", activityCount: 8)]
        let data = try DashboardData.load(from: store, date: empty.today, today: empty.today)
        let buffer = Screen.render(state: AppState(today: empty.today), data: data, samples: samples, context: empty.context(), width: 100, height: 30)
        check(HeadlessRenderer.plainText(buffer), "welcome-100x30")
    }

    @Test func overdueMissedAndFutureOccurrencesLookDifferent() throws {
        // 15:30: today's 09:00 exercise is done, 14:00 is overdue, 19:00 is still to come.
        let text = try fixture.render(AppState(today: fixture.today), width: 80, height: 24)
        let exercises = text.split(separator: "\n").first { $0.contains("Knee exercises") }!
        #expect(exercises.contains("[✓] 09:00 [!] 14:00 [ ] 19:00"))
        var yesterday = AppState(today: fixture.today)
        yesterday.selectedDate = fixture.today.adding(days: -2)
        let past = try fixture.render(yesterday, width: 80, height: 24)
        #expect(past.split(separator: "\n").first { $0.contains("Knee exercises") }!.contains("[✓] 09:00 [✓] 14:00 [✗] 19:00"))
    }

    @Test func theWeekStripTellsNothingDueAndNotStartedFromZero() throws {
        var state = AppState(today: fixture.today)
        state.selectedDate = LocalDate(iso: "2026-11-08")!   // the Sunday before the plan starts
        check(try fixture.render(state, width: 80, height: 24), "care-before-plan-80x24")
    }

    @Test func helpAndFormOverlays() throws {
        var state = AppState(today: fixture.today)
        state.showHelp = true
        check(try fixture.render(state, width: 100, height: 30), "help-100x30")
        // On the smallest terminal every key and every text still shows, whole, on a further page.
        let pages = HelpOverlay.pageCount(width: 80, height: 24)
        #expect(pages == 3)
        var shown: [String] = []
        for (page, layout) in HelpOverlay.pages(width: 80, height: 24).enumerated() {
            state.helpPage = page
            let frame = try fixture.render(state, width: 80, height: 24)
            check(frame, "help-80x24" + (page == 0 ? "" : "-page\(page + 1)"))
            for entry in layout.columns.joined() where !entry.keys.isEmpty {
                #expect(frame.contains(entry.keys))
                for line in entry.lines { #expect(frame.contains(line), "'\(line)' missing from help page \(page + 1) at 80×24") }
                shown.append(entry.lines.joined(separator: " "))
            }
        }
        for binding in Keymap.bindings where !binding.keysText.isEmpty {
            #expect(shown.contains(binding.help), "'\(binding.help)' not shown whole in help at 80×24")
        }
        var form = AppState(today: fixture.today)
        form.focus = .symptoms
        let data = try fixture.data()
        let bp = data.plan.history("bp")!.activity(on: fixture.today)
        form.form = EntryForm(activity: bp, date: fixture.today, occurrence: 0, editing: nil)
        form.form?.fields[0].input = .text("300")
        form.form?.error = "bp systolic: 300 mmHg is outside the accepted range 60–250 mmHg"
        check(try fixture.render(form, width: 100, height: 30), "form-bp-100x30")
    }

    @Test func themesChangeColoursNotLayout() throws {
        let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let names = try FileManager.default.contentsOfDirectory(atPath: repo.appendingPathComponent("themes").path).filter { $0.hasSuffix(".yaml") }.sorted()
        #expect(names.count >= 4)
        let data = try fixture.data()
        let plain = try fixture.render(AppState(today: fixture.today))
        var colourful: Set<String> = []
        for name in names {
            let theme = ThemeFile.resolve(try ThemeFile.load(path: repo.appendingPathComponent("themes/\(name)").path), colors: 256)
            let buffer = Screen.render(state: AppState(today: fixture.today), data: data, samples: [], context: fixture.context(theme: theme), width: 120, height: 40)
            #expect(HeadlessRenderer.plainText(buffer) == plain, "\(name) changed the layout")
            let ansi = HeadlessRenderer.ansiText(buffer)
            if name.hasPrefix("monochrome") {
                #expect(!ansi.contains("38;5;"), "monochrome uses a colour")
            } else {
                #expect(ansi.contains("38;5;"), "\(name) has no colour")
                colourful.insert(ansi)
            }
        }
        #expect(colourful.count == names.count - 1, "two themes render identically")
    }
}

@Suite struct InsightsRenderTests {
    @Test func eachRangeRendersItsBucketsAndMessages() throws {
        let fixture = try DashboardFixture()
        for range in InsightRange.allCases {
            var state = AppState(today: fixture.today)
            state.focus = .insights
            state.insightsRange = range
            let text = try fixture.render(state, width: 100, height: 30)
            if let problem = expectMatchesGolden(text, "insights-\(range)-100x30") { Issue.record(Comment(rawValue: problem)) }
        }
    }
}

