import Foundation
import GRDB

/// An `outcome` row as GRDB's query interface fetches it (the few queries that filter outcomes by
/// day ranges); outcomes are written by OutcomeRows and read for display by OutcomeQuery.
struct OutcomeRecord: Decodable, FetchableRecord, TableRecord {
    static let databaseTableName = "outcome"
    var id: Int64?
    var activityId: String
    var date: String
    var occurrence: Int
    var recordedAt: String
    var utcOffset: Int
    var note: String?
}
