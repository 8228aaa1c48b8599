import CarePlanStore
import Localization

/// A questionnaire's answer that needs the care team (PHQ-9's ninth question above "Not at all"),
/// as an Insights alert until the person acknowledges it (`careplan acknowledge`): whatever the
/// period shown, since it is not over until it is seen. Its text names whom to call.
enum AnswerAlerts {
    static func messages(_ open: [OpenAlert], plan: PlanSnapshot, end: LocalDate, activity: String?) -> [InsightMessage] {
        open.filter { $0.date <= end && (activity == nil || $0.activityId == activity) }.map { alert in
            let history = plan.history(alert.activityId)
            let title = history?.activity(on: alert.date).title ?? alert.activityId
            let contact = plan.contacts(on: end).first { $0.group == .careTeam && $0.activities.contains(alert.activityId) }
                ?? plan.contacts(on: end).first { $0.group == .careTeam && !$0.crisisLine }
            let advice = MessageRules.whomToCall(contact)
            // TRANSLATORS: an Insights alert after a questionnaire's alarming answer: {title} is the questionnaire
            // (PHQ-9), {date} the day answered, {advice} whom to call ("call Dr Haddad (GP) on 0161…"); keep
            // "careplan acknowledge {id}", a command.
            let text = tr("{title} on {date}: an answer needs your care team; {advice}. careplan acknowledge {id} when you have talked to them",
                          ["title": title, "date": alert.date.iso, "advice": advice, "id": alert.activityId])
            var message = InsightMessage(level: .alert, kind: .answerAlert, activityId: alert.activityId, text: text,
                                         numbers: ["occurrence": Double(alert.occurrence)])
            message.contact = contact?.name
            return message
        }
    }
}
