import CarePlanStore
import FHIRPath
import Foundation
import Localization
import Questionnaires

/// Opens a questionnaire for one event, from what the store keeps: the form the activity asks on
/// that day, and the answers to start from (a draft kept of the event; when answering it again,
/// the answers recorded last).
enum SurveyLoader {
    /// `drafts`: the drafts the frame on screen knows of; without one for the event and not
    /// amending, no response is read (a new questionnaire opens with nothing but its form).
    static func open(_ id: String, date: LocalDate, occurrence: Int, amending: Bool, plan: PlanSnapshot, store: CareStore,
                     drafts: Set<DraftEvent>? = nil, now: Date) throws -> SurveyState {
        guard let history = plan.history(id) else { throw CarePlanError.unknownActivity(id, known: plan.histories.map(\.id)) }
        let activity = history.activity(on: date)
        guard let reference = activity.questionnaire else { throw CarePlanError.notAQuestionnaire(id: id) }
        let form = try store.form(reference)
        let event = DraftEvent(activityId: id, date: date, occurrence: occurrence)
        let unread = !amending && drafts.map { !$0.contains(event) } == true
        let responses = unread ? [] : try store.responses(activityId: id, from: date, to: date).filter { $0.occurrence == occurrence && $0.form == reference }
        let draft = responses.last { $0.status == "in-progress" }
        let recorded = amending ? responses.last { $0.status == "completed" || $0.status == "amended" } : nil
        // A new response opens with the form alone; one read back settles once, with its answers.
        let response: FormResponse
        if let start = draft ?? recorded {
            do {
                response = try FormResponse(form: form, restoring: try JSONReader.read(start.items))
            } catch {
                throw StoreError.damaged(path: store.path, detail: tr("the answers kept for '{id}' on {date} cannot be read: {reason}",
                                                                      ["id": id, "date": date.iso, "reason": "\(error)"]))
            }
        } else {
            response = FormResponse(form: form)
        }
        return SurveyState(activity: activity, date: date, occurrence: occurrence, amending: amending, startedAt: draft?.startedAt ?? now,
                           resumed: draft != nil, response: response)
    }
}
