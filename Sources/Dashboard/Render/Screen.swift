import CarePlanStore
import TerminalUI

/// One frame of the dashboard, as a pure function of state and data: no I/O, so every screen can
/// be rendered headless in tests and by `careplan snapshot`.
public enum Screen {
    /// At this size or larger three panes show at once (Connect takes Insights' place while focused).
    public static let wide = (width: 120, height: 35)

    public static func render(state: AppState, data: DashboardData, samples: [SamplePlan], context: RenderContext,
                              width: Int, height: Int, only: Pane? = nil) -> Buffer {
        var buffer = Buffer(width: width, height: height, fill: Cell(" ", style: context.theme[.background]))
        if isTooSmall(width: width, height: height) {
            TooSmallScreen.draw(context: context, into: &buffer)
            return buffer
        }
        if data.isEmpty {
            WelcomeScreen.draw(state: state, samples: samples, context: context, into: &buffer)
            if state.showHelp { HelpOverlay.draw(page: state.helpPage, context: context, into: &buffer) }
            return buffer
        }
        let (header, rest) = buffer.area.splitTop(1)
        let (body, status) = rest.splitBottom(1)
        HeaderView.draw(header, state: state, data: data, context: context, into: &buffer)
        let helpPages = state.showHelp ? HelpOverlay.pageCount(width: width, height: height) : 1
        StatusLine.draw(status, state: state, pane: only ?? state.focus, helpPages: helpPages, context: context, into: &buffer)
        if let only {
            drawPane(only, body, state: state, data: data, context: context, focused: true, into: &buffer)
        } else if width >= wide.width, height >= wide.height {
            let (top, bottom) = body.splitTop(body.height * 11 / 20)
            let (left, right) = top.splitLeft(top.width / 2)
            drawPane(.care, left, state: state, data: data, context: context, focused: state.focus == .care, into: &buffer)
            drawPane(.symptoms, right, state: state, data: data, context: context, focused: state.focus == .symptoms, into: &buffer)
            // The lower half is Insights, or Connect while it has the focus (Insights needs the width).
            let lower = lowerPane(state)
            drawPane(lower, bottom, state: state, data: data, context: context, focused: state.focus == lower, into: &buffer)
        } else {
            let (tabs, paneArea) = body.splitTop(1)
            TabBar.draw(tabs, focus: state.focus, context: context, into: &buffer)
            drawPane(state.focus, paneArea, state: state, data: data, context: context, focused: true, into: &buffer)
        }
        if let form = state.form { FormOverlay.draw(form, context: context, into: &buffer) }
        if let survey = state.survey { SurveyOverlay.draw(survey, context: context, into: &buffer) }
        if let notice = state.notice { NoticeOverlay.draw(notice, context: context, into: &buffer) }
        if state.showHelp { HelpOverlay.draw(page: state.helpPage, context: context, into: &buffer) }
        return buffer
    }

    /// Whether this frame shows Insights, so its report is only computed when it is on screen.
    public static func showsInsights(state: AppState, width: Int, height: Int, only: Pane? = nil) -> Bool {
        if isTooSmall(width: width, height: height) { return false }
        if let only { return only == .insights }
        return (width >= wide.width && height >= wide.height && lowerPane(state) == .insights) || state.focus == .insights
    }

    /// What the wide layout's lower half shows: Connect while it has the focus, else Insights.
    static func lowerPane(_ state: AppState) -> Pane { state.focus == .connect ? .connect : .insights }

    /// Below 80×24 the dashboard shows only a message, and ignores keys but quit.
    public static func isTooSmall(width: Int, height: Int) -> Bool {
        width < TooSmallScreen.minimum.width || height < TooSmallScreen.minimum.height
    }

    static func drawPane(_ pane: Pane, _ rect: Rect, state: AppState, data: DashboardData, context: RenderContext, focused: Bool, into buffer: inout Buffer) {
        buffer.mark(rect, MouseTarget.pane(pane).tag)
        switch pane {
        case .care: CareCardPane.draw(rect, state: state, data: data, context: context, focused: focused, into: &buffer)
        case .symptoms: SymptomTrackerPane.draw(rect, state: state, data: data, context: context, focused: focused, into: &buffer)
        case .insights: InsightsPane.draw(rect, state: state, data: data, context: context, focused: focused, into: &buffer)
        case .connect: ConnectPane.draw(rect, state: state, data: data, context: context, focused: focused, into: &buffer)
        }
    }
}
