import Localization
import Questionnaires

/// What careplan says when an answer needs the care team, before any score: whom to call (the
/// care team responsible for the activity, else the whole care team, and the plan's crisis lines),
/// in the reader's language. The command line and the dashboard say the same words.
public enum AlertMessage {
    public static func lines(for items: [QuestionnaireItem], response: FormResponse, activityId: String, contacts: [Contact]) -> [String] {
        guard !items.isEmpty else { return [] }
        var lines: [String] = []
        for item in items {
            if item.alert?.kind == "self-harm" {
                lines.append(tr("You answered that you have had thoughts that you would be better off dead, or of hurting yourself. Please talk to someone about it today; you do not have to wait for your next appointment."))
            } else {
                let answer = FormAnswerText.display(response.answers(item.linkId))
                // TRANSLATORS: {question} is a questionnaire's question, {answer} the answer given.
                lines.append(tr("Your answer to “{question}” ({answer}) is one your care team wants to hear about.",
                                ["question": item.text ?? item.linkId, "answer": answer]))
            }
        }
        let responsible = contacts.filter { $0.group == .careTeam && $0.activities.contains(activityId) }
        let team = responsible.isEmpty ? contacts.filter { $0.group == .careTeam && !$0.crisisLine } : responsible
        let call = team + contacts.filter { $0.crisisLine && !team.contains($0) }
        if call.isEmpty {
            lines.append(tr("Your plan names no care team or crisis line: call your doctor's surgery, or your emergency number if you are in danger now."))
        } else {
            lines.append(tr("Call:"))
            for contact in call {
                let how = [contact.phone, contact.email].compactMap { $0 }.joined(separator: ", ")
                lines.append("  " + contact.name + " (" + (contact.crisisLine ? tr("crisis line") : contact.role) + "): " + how)
            }
            if items.contains(where: { $0.alert?.kind == "self-harm" }) {
                lines.append(tr("If you might act on these thoughts, call your emergency number now."))
            }
        }
        return lines
    }
}
