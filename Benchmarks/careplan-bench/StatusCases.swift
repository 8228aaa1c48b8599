import Foundation

/// The status line (issue 14): `careplan status`, as a status bar calls it every few seconds, as a
/// whole process on the longest history's dense plan, interleaved run by run with careplan's own
/// start-up (`careplan --version`: the runtime, the libraries, the argument parser, no store).
struct StatusCases {
    let storePath: String
    let runs: Int
    var language = ReaderLanguage.english
    /// Appended to the command's name: " (encrypted)".
    var variant = ""

    func run() throws -> ProcessResult {
        let careplan = try ProcessCases.binary("careplan")
        var environment = language.environment(ProcessInfo.processInfo.environment)
        environment["CAREPLAN_NOW"] = PinnedClock.localTime
        environment["TZ"] = PinnedClock.zone
        var own: [Double] = [], startUp: [Double] = []
        var firstOwn = 0.0, firstStartUp = 0.0
        for run in 0..<(runs + 3) {
            let timeStartUp = try Spawn.run(careplan, ["--version"], environment: environment).ms
            let timeOwn = try Spawn.run(careplan, ["status", "--db", storePath], environment: environment).ms
            if run == 0 { (firstOwn, firstStartUp) = (timeOwn, timeStartUp) }
            if run >= 3 { own.append(timeOwn); startUp.append(timeStartUp) }
        }
        return ProcessResult(command: "careplan status\(language.suffix)\(variant) (floor: careplan --version)",
                             samples: Samples(warmups: 3, milliseconds: own, firstCall: firstOwn),
                             floor: Samples(warmups: 3, milliseconds: startUp, firstCall: firstStartUp))
    }
}
