import Foundation
import GRDB
import Localization
import Questionnaires

/// An event whose questionnaire was started and kept to finish later.
public typealias DraftEvent = FormEvent

extension StoreReader {
    /// The person's drafts on `date`: the Symptom Tracker shows them started.
    public func drafts(on date: LocalDate) throws -> Set<DraftEvent> {
        Set(try Row.fetchAll(db.cachedStatement(sql: """
            SELECT activityId, occurrence FROM questionnaireResponse WHERE personId = person() AND date = ? AND status = 'in-progress'
            """), arguments: [date.iso]).map { DraftEvent(activityId: $0[0], date: date, occurrence: $0[1]) })
    }
}

extension CareStore {
    /// Keeps the answers given so far to `id`'s event as a draft (`in-progress`), in place of an
    /// earlier draft of it. A draft is not a reading: the event stays open until it is submitted.
    public func saveDraft(_ id: String, response: FormResponse, startedAt: Date, date: LocalDate, occurrence: Int, clock: CareClock) throws {
        try validated(id) { history in
            guard let reference = history.activity(on: date).questionnaire else { throw CarePlanError.notAQuestionnaire(id: id) }
            guard date <= clock.today else { throw CarePlanError.futureDate(date, today: clock.today) }
            let items = response.questionnaireResponse(status: "in-progress")["item"] ?? .array([])
            return { db in
                let event: [any DatabaseValueConvertible] = [id, date.iso, occurrence]
                try db.execute(sql: """
                    DELETE FROM questionnaireResponse WHERE personId = person() AND activityId = ? AND date = ? AND occurrence = ? AND status = 'in-progress'
                    """, arguments: StatementArguments(event))
                // The draft takes the revision its submission will: it gives way to it then.
                let revision = (try Int.fetchOne(db, sql: """
                    SELECT max(revision) FROM questionnaireResponse WHERE personId = person() AND activityId = ? AND date = ? AND occurrence = ?
                    """, arguments: StatementArguments(event)) ?? 0) + 1
                try db.execute(sql: """
                    INSERT INTO questionnaireResponse (personId, activityId, date, occurrence, revision, status, questionnaireUrl, questionnaireVersion,
                        startedAt, utcOffset, items)
                    VALUES (person(), ?, ?, ?, ?, 'in-progress', ?, ?, ?, ?, ?)
                    """, arguments: [id, date.iso, occurrence, revision, reference.url, reference.version, Timestamp.string(startedAt),
                                     clock.utcOffsetSeconds, items.text])
            }
        }
    }

    /// The draft of `id`'s event, if one was kept.
    public func draft(_ id: String, date: LocalDate, occurrence: Int) throws -> StoredResponse? {
        try responses(activityId: id, from: date, to: date).last { $0.occurrence == occurrence && $0.status == "in-progress" }
    }

    /// Forgets the draft of `id`'s event; true when there was one.
    @discardableResult
    public func discardDraft(_ id: String, date: LocalDate, occurrence: Int) throws -> Bool {
        try write { db in
            try db.execute(sql: """
                DELETE FROM questionnaireResponse WHERE personId = person() AND activityId = ? AND date = ? AND occurrence = ? AND status = 'in-progress'
                """, arguments: [id, date.iso, occurrence])
            return db.changesCount > 0
        }
    }
}
