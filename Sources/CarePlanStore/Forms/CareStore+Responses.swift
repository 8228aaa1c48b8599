import FHIRPath
import Foundation
import GRDB
import Localization
import Questionnaires

/// One response as the store keeps it: which event it answered, its status, who answered and when,
/// and its answers as FHIR's QuestionnaireResponse items.
public struct StoredResponse: Sendable {
    public var activityId: String
    public var date: LocalDate
    public var occurrence: Int
    /// 1 for the first answering of the event, 2 for the next…
    public var revision: Int
    /// `completed`, `amended` (an event answered again), `in-progress` (a draft).
    public var status: String
    public var form: FormReference
    /// Who answered, when not the patient.
    public var author: String?
    public var startedAt: Date
    public var completedAt: Date?
    public var utcOffset: Int
    /// `QuestionnaireResponse.item`, JSON.
    public var items: String
    /// The questions whose answers need the care team (their linkIds), and when the person said
    /// they had seen that.
    public var alerts: [String] = []
    public var acknowledgedAt: Date?

    /// The QuestionnaireResponse it is: the form it answers, its status, when and by whom.
    public var questionnaireResponse: JSON {
        var members: [(key: String, value: JSON)] = [("resourceType", .string("QuestionnaireResponse")),
                                                     ("questionnaire", .string(form.canonical)), ("status", .string(status))]
        if let completedAt { members.append(("authored", .string(completedAt.localISO8601(offset: utcOffset)))) }
        if let author { members.append(("author", .object(JSONObject([("display", .string(author))])))) }
        members.append(("item", (try? JSONReader.read(items)) ?? .array([])))
        return .object(JSONObject(members))
    }
}

/// What `answer` recorded: the response, the reading its scores made, and the reading it replaced.
public struct RecordedResponse: Sendable {
    public var recorded: RecordedOutcome
    public var response: StoredResponse
}

extension CareStore {
    /// The form an activity version asks, read again from the file the store kept (`form(_:)`
    /// keeps what it read).
    func readForm(_ reference: FormReference) throws -> Questionnaire {
        guard let stored = try reading({ try FormRows.form(reference, $0.db) }) else {
            throw StoreError.damaged(path: path, detail: tr("the store keeps no form {canonical}", ["canonical": reference.canonical]))
        }
        do { return try QuestionnaireReader.read(text: stored.json, source: reference.canonical) } catch {
            throw StoreError.damaged(path: path, detail: error.description)
        }
    }

    /// Every form the store keeps, for a plan file that names one by its canonical url.
    public func storedForms() throws -> [StoredForm] {
        try reading { try $0.storedForms() }
    }

    /// Records a completed response to `id`'s questionnaire on `date`: the response, and its scores
    /// as the event's reading, in one transaction. Answering an event again keeps the earlier
    /// response and says `amended` (refused for an activity that is not resettable); a required
    /// question left unanswered, or a response to another form, records nothing. `read`: the
    /// activity as the caller has just read it (`history(of:)`), not read again.
    @discardableResult
    public func submit(_ id: String, response: FormResponse, author: String? = nil, startedAt: Date? = nil, date: LocalDate, occurrence: Int? = nil,
                       clock: CareClock, read: ActivityAsRead? = nil) throws -> RecordedResponse {
        try validated(id, read: read) { history in
            guard history.kind == .assessment else { throw CarePlanError.wrongKind(id: id, kind: history.kind) }
            let activity = history.activity(on: date)
            guard let reference = activity.questionnaire else { throw CarePlanError.notAQuestionnaire(id: id) }
            guard response.form.url.map({ FormReference(url: $0, version: response.form.version ?? "") }) ?? reference == reference
                    || response.form.url == nil else {
                throw CarePlanError.invalidValue(id: id, field: "value", message: tr("the answers are to another form than {canonical}", ["canonical": reference.canonical]))
            }
            guard activity.schedule.isOpen(on: date) else { throw CarePlanError.notScheduled(id: id, date: date, schedule: activity.schedule.summary) }
            guard date <= clock.today else { throw CarePlanError.futureDate(date, today: clock.today) }
            if let author, let problem = InputLimits.check(author, InputLimits.shortText, .name) {
                throw CarePlanError.invalidValue(id: id, field: "author", message: problem)
            }
            let missing = response.unanswered
            guard missing.isEmpty else {
                // TRANSLATORS: {linkIds} lists the questions' linkIds, {first} the first one's text.
                throw CarePlanError.invalidValue(id: id, field: "value", message: trn("{count} required question is not answered: {linkIds} ({first})",
                    "{count} required questions are not answered: {linkIds} ({first})", missing.count,
                    ["linkIds": missing.map(\.linkId).joined(separator: ", "), "first": missing[0].text ?? missing[0].linkId]))
            }
            let values = FormMeasure.values(of: response)
            let alerts = response.raisedAlerts.map(\.linkId)
            let items = response.questionnaireResponse(status: "completed")["item"] ?? .array([])
            return { db in
                let recorded = try StoreReader.outcomes(of: id, on: date, db)
                let taken = Set(recorded.map(\.occurrence))
                let index: Int
                do {
                    index = try Self.occurrence(occurrence, of: activity, on: date, taken: taken, filled: Set(recorded.filter { $0.source != nil }.map(\.occurrence)))
                } catch CarePlanError.allOccurrencesRecorded where occurrence == nil {
                    // Every occurrence answered: answering again amends the last one.
                    index = taken.max()!
                }
                let previous = recorded.first { $0.occurrence == index }
                if let previous {
                    guard activity.resettable || previous.source != nil else { throw CarePlanError.notResettable(id: id) }
                    try Self.delete(previous, db, refresh: false)
                }
                // The event's responses so far, in one read: whether it was answered before, and a
                // draft, which gives way to the response (keeping when it was started, and its revision).
                let earlier = try Row.fetchAll(db, sql: """
                    SELECT id, revision, status, startedAt FROM questionnaireResponse WHERE personId = person() AND activityId = ? AND date = ? AND occurrence = ?
                    """, arguments: [id, date.iso, index])
                let answeredBefore = earlier.contains { ["completed", "amended"].contains($0["status"] as String) }
                let drafts = earlier.filter { ($0["status"] as String) == "in-progress" }
                let draftStart = drafts.first.flatMap { Timestamp.date($0["startedAt"] as String) }
                for draft in drafts {
                    try db.execute(sql: "DELETE FROM questionnaireResponse WHERE id = ?", arguments: [draft["id"] as Int64])
                }
                let kept = earlier.filter { ($0["status"] as String) != "in-progress" }
                let revision = (kept.map { $0["revision"] as Int }.max() ?? 0) + 1
                let stored = StoredResponse(activityId: id, date: date, occurrence: index, revision: revision,
                                            status: answeredBefore ? "amended" : "completed", form: reference, author: author,
                                            startedAt: startedAt ?? draftStart ?? clock.now, completedAt: clock.now, utcOffset: clock.utcOffsetSeconds,
                                            items: items.text, alerts: alerts)
                try db.execute(sql: """
                    INSERT INTO questionnaireResponse (personId, activityId, date, occurrence, revision, status, questionnaireUrl, questionnaireVersion,
                        author, startedAt, completedAt, utcOffset, items, alerts)
                    VALUES (person(), ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """, arguments: [id, date.iso, index, revision, stored.status, reference.url, reference.version, author,
                                     Timestamp.string(stored.startedAt), Timestamp.string(clock.now), clock.utcOffsetSeconds, stored.items,
                                     alerts.isEmpty ? nil : alerts.joined(separator: " ")])
                let outcome = Outcome(activityId: id, date: date, occurrence: index, recordedAt: clock.now, utcOffset: clock.utcOffsetSeconds, values: values)
                try Self.insert(outcome, db)
                if previous?.source != nil { try self.refill(activity, on: date, db) }
                return RecordedResponse(recorded: RecordedOutcome(activity: activity, outcome: outcome, replaced: previous), response: stored)
            }
        }
    }

    /// `id`'s responses between two days (inclusive), oldest event first, each event's revisions in
    /// order. The statement is kept compiled: the dashboard asks at every questionnaire it opens.
    public func responses(activityId id: String, from: LocalDate? = nil, to: LocalDate? = nil) throws -> [StoredResponse] {
        try reading { reader in
            try Row.fetchAll(reader.db.cachedStatement(sql: StoreReader.responseColumns + """
                WHERE personId = person() AND activityId = ? AND date >= ? AND date <= ?
                ORDER BY date, occurrence, revision
                """), arguments: [id, from?.iso ?? "0000-01-01", to?.iso ?? "9999-12-31"]).map(reader.response)
        }
    }
}

extension StoreReader {
    static let responseColumns = """
        SELECT activityId, date, occurrence, revision, status, questionnaireUrl, questionnaireVersion, author, startedAt, completedAt, utcOffset, items,
            alerts, acknowledgedAt
        FROM questionnaireResponse

        """

    func response(_ row: Row) throws -> StoredResponse {
        let id: String = row[0]
        guard let date = LocalDate(iso: row[1] as String), let started = Timestamp.date(row[8]) else {
            throw StoreError.damaged(path: path, detail: tr("a response of '{id}' cannot be read", ["id": id]))
        }
        let completed: String? = row[9], alerts: String? = row[12], acknowledged: String? = row[13]
        return StoredResponse(activityId: id, date: date, occurrence: row[2], revision: row[3], status: row[4],
                              form: FormReference(url: row[5], version: row[6]), author: row[7], startedAt: started,
                              completedAt: completed.flatMap(Timestamp.date), utcOffset: row[10], items: row[11],
                              alerts: alerts.map { $0.split(separator: " ").map(String.init) } ?? [],
                              acknowledgedAt: acknowledged.flatMap(Timestamp.date))
    }

    /// The last answering of each event between two days (inclusive; all days when nil), the
    /// person's, completed or amended: the response FHIR export sends for the event, oldest first.
    public func latestResponses(from: LocalDate? = nil, to: LocalDate? = nil) throws -> [StoredResponse] {
        try Row.fetchAll(db, sql: Self.responseColumns + """
            WHERE personId = person() AND date >= ? AND date <= ? AND status IN ('completed', 'amended')
                AND revision = (SELECT max(revision) FROM questionnaireResponse AS later
                    WHERE later.personId = questionnaireResponse.personId AND later.activityId = questionnaireResponse.activityId
                        AND later.date = questionnaireResponse.date AND later.occurrence = questionnaireResponse.occurrence
                        AND later.status IN ('completed', 'amended'))
            ORDER BY date, activityId, occurrence
            """, arguments: [from?.iso ?? "0000-01-01", to?.iso ?? "9999-12-31"]).map(response)
    }

    /// The event's last answering, whatever became of it (completed, amended, or voided with the
    /// occurrence): what a sync sends for the event, or withdraws.
    public func lastResponse(activityId: String, date: LocalDate, occurrence: Int) throws -> StoredResponse? {
        try Row.fetchOne(db, sql: Self.responseColumns + """
            WHERE personId = person() AND activityId = ? AND date = ? AND occurrence = ? AND status != 'in-progress'
            ORDER BY revision DESC LIMIT 1
            """, arguments: [activityId, date.iso, occurrence]).map(response)
    }

    /// The form the store keeps under `reference`, read and checked; nil when it keeps none.
    public func form(_ reference: FormReference) throws -> Questionnaire? {
        guard let stored = try FormRows.form(reference, db) else { return nil }
        return try QuestionnaireReader.read(text: stored.json, source: reference.canonical)
    }

    /// Every form the store keeps, as its file gave it (what an export or a sync sends).
    public func storedForms() throws -> [StoredForm] { try FormRows.forms(db) }
}
