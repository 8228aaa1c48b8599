import FHIRPath
import Foundation
import GRDB
import Localization
import Questionnaires

/// A questionnaire's answers another careplan recorded for this person, on their way in from the
/// server: the event they answer, and the resource that carries them.
public struct SyncedResponse: Sendable {
    public var activityId: String
    public var date: LocalDate
    public var occurrence: Int
    /// `completed` or `amended`.
    public var status: String
    public var form: FormReference
    /// Who answered, when not the patient (`--by`).
    public var author: String?
    public var completedAt: Date
    public var utcOffset: Int
    /// The QuestionnaireResponse's `item` list, as the store keeps a response's answers.
    public var items: String
    public var binding: SyncBinding

    public init(activityId: String, date: LocalDate, occurrence: Int, status: String, form: FormReference, author: String?,
                completedAt: Date, utcOffset: Int, items: String, binding: SyncBinding) {
        (self.activityId, self.date, self.occurrence, self.status, self.form) = (activityId, date, occurrence, status, form)
        (self.author, self.completedAt, self.utcOffset, self.items, self.binding) = (author, completedAt, utcOffset, items, binding)
    }
}

extension CareStore {
    /// Answers another careplan recorded, each the next answering of its own event, unless the
    /// event's last answering here says the same, or the event changed here since (this
    /// computer's answers go over them at this sync's push). Their alerts are worked out here from
    /// the form, so a worrying answer given on one computer leads `status` on the other. A form
    /// with no score has no reading to bring its event's outcome: the answers are it, bound to
    /// their resource as a reading is to its Observation. One transaction. Returns how many
    /// events the answers recorded (unscored forms: they count as readings), how many answerings
    /// were taken, and why any was refused.
    public func takeResponses(_ responses: [SyncedResponse], clock: CareClock) throws -> (recorded: Int, taken: Int, refused: [String]) {
        guard !responses.isEmpty else { return (0, 0, []) }
        return try write { db in
            let reader = StoreReader(db)
            let plan = try reader.plan()
            var recorded = 0, taken = 0, refused: [String] = []
            for response in responses {
                let label = tr("{activity} on {date}", ["activity": response.activityId, "date": response.date.iso])
                let event: [any DatabaseValueConvertible] = [response.activityId, response.date.iso, response.occurrence]
                guard let history = plan.history(response.activityId), history.kind == .assessment,
                      history.activity(on: response.date).schedule.hasEvent(on: response.date, occurrence: response.occurrence),
                      response.date <= clock.today else {
                    refused.append(tr("{event}: answers an occurrence this plan does not have", ["event": label]))
                    continue
                }
                guard history.activity(on: response.date).questionnaire == response.form else {
                    refused.append(tr("{event}: answers {canonical}, not the form the plan asks that day", ["event": label, "canonical": response.form.canonical]))
                    continue
                }
                let waiting = try Bool.fetchOne(db, sql: """
                    SELECT EXISTS (SELECT 1 FROM syncPending WHERE personId = person() AND activityId = ? AND date = ? AND occurrence = ?)
                    """, arguments: StatementArguments(event)) ?? false
                if waiting { continue }
                let last = try reader.lastResponse(activityId: response.activityId, date: response.date, occurrence: response.occurrence)
                if let last, last.items == response.items, last.status == response.status { continue }
                guard let form = try reader.form(response.form) else {
                    refused.append(tr("{event}: the store keeps no form {canonical}", ["event": label, "canonical": response.form.canonical]))
                    continue
                }
                let answers: FormResponse
                do { answers = try FormResponse(form: form, restoring: try JSONReader.read(response.items)) } catch {
                    refused.append(tr("{event}: the answers do not read against {canonical}: {problem}",
                                      ["event": label, "canonical": response.form.canonical, "problem": "\(error)"]))
                    continue
                }
                let alerts = answers.raisedAlerts.map(\.linkId)
                let revision = (try Int.fetchOne(db, sql: """
                    SELECT max(revision) FROM questionnaireResponse WHERE personId = person() AND activityId = ? AND date = ? AND occurrence = ?
                    """, arguments: StatementArguments(event)) ?? 0) + 1
                try db.execute(sql: """
                    INSERT INTO questionnaireResponse (personId, activityId, date, occurrence, revision, status, questionnaireUrl, questionnaireVersion,
                        author, startedAt, completedAt, utcOffset, items, alerts)
                    VALUES (person(), ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """, arguments: [response.activityId, response.date.iso, response.occurrence, revision, response.status, response.form.url,
                                     response.form.version, response.author, Timestamp.string(response.completedAt), Timestamp.string(response.completedAt),
                                     response.utcOffset, response.items, alerts.isEmpty ? nil : alerts.joined(separator: " ")])
                taken += 1
                // A scored form's reading comes with its Observation; an unscored one's answering is its outcome.
                guard FormMeasure.values(of: answers).isEmpty else { continue }
                let outcomes = try StoreReader.outcomes(of: response.activityId, on: response.date, db)
                if !outcomes.contains(where: { $0.occurrence == response.occurrence }) {
                    try Self.insert(Outcome(activityId: response.activityId, date: response.date, occurrence: response.occurrence,
                                            recordedAt: response.completedAt, utcOffset: response.utcOffset), db)
                    recorded += 1
                }
                // Bound to it already (this computer's own response, amended there): its new version only.
                if try Self.binding(response.activityId, response.date, response.occurrence, db) == response.binding.resource {
                    try db.execute(sql: "UPDATE syncResource SET version = ? WHERE personId = person() AND resource = ?",
                                   arguments: [response.binding.version, response.binding.resource])
                } else {
                    try Self.bind(response.activityId, response.date, response.occurrence, to: response.binding, db)
                }
            }
            return (recorded, taken, refused)
        }
    }

    /// A cleared event's answers are voided with it, and kept (FHIR's entered-in-error).
    static func voidResponses(_ activityId: String, _ date: LocalDate, _ occurrence: Int, _ db: Database) throws {
        try db.execute(sql: """
            UPDATE questionnaireResponse SET status = 'entered-in-error'
            WHERE personId = person() AND activityId = ? AND date = ? AND occurrence = ? AND status IN ('completed', 'amended')
            """, arguments: [activityId, date.iso, occurrence])
    }
}
